/**
 * Durable revocation by construction: an access token is accepted only while the session it names
 * is a live row of the database (not revoked, not past its lifetime) belonging to that user, and
 * the user is still active with the role the token carries. Whatever ended the session (sign-out,
 * deactivation, deletion, a role or password change, refresh-token reuse), the database says so,
 * before and after a restart alike.
 *
 * The answer is kept for a few seconds per session, so the console's bursts of requests cost one
 * primary-key read. A revocation by this process drops the entry at once; with Redis, the shared
 * revocation store refuses the token in every other process at once as well.
 */
import type { SessionState } from '../repositories/sessions.ts';

export interface LiveSessions {
  isLive(claims: { sessionId: string; userId: number; siteId: string; role: string }): Promise<boolean>;
  /** This process revoked the session: forget what was cached about it. */
  forget(sessionId: string): void;
  /** This process revoked sessions of the user (or changed the user): forget them all. */
  forgetUser(userId: number): void;
}

/** How long a live answer is trusted without asking the database again. */
export const LIVE_SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export function createLiveSessions(
  /** The unrevoked session with its user, or undefined (unknown or revoked). */
  lookup: (sessionId: string) => Promise<SessionState | undefined>,
  cacheMs = LIVE_SESSION_CACHE_MS,
): LiveSessions {
  const cache = new Map<string, { state: SessionState; until: number }>();
  return {
    async isLive({ sessionId, userId, siteId, role }) {
      const now = Date.now();
      let entry = cache.get(sessionId);
      if (!entry || entry.until <= now) {
        const state = await lookup(sessionId);
        if (!state) {
          cache.delete(sessionId);
          return false;
        }
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        entry = { state, until: now + cacheMs };
        cache.set(sessionId, entry);
      }
      const { state } = entry;
      return (
        state.userId === userId &&
        state.siteId === siteId &&
        state.role === role &&
        state.userActive &&
        state.expiresAt.getTime() > now
      );
    },
    forget(sessionId) {
      cache.delete(sessionId);
    },
    forgetUser(userId) {
      for (const [id, entry] of cache) if (entry.state.userId === userId) cache.delete(id);
    },
  };
}
