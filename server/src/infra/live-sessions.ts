/**
 * Durable revocation by construction: an access token is accepted only while the session it names
 * is a live row of the database (not revoked, not past its lifetime) belonging to that user, and
 * the user is still active with the role the token carries. Whatever ended the session (sign-out,
 * deactivation, deletion, a role or password change, refresh-token reuse), the database says so,
 * before and after a restart alike.
 *
 * The answer is kept for a few seconds per session, so the console's bursts of requests cost one
 * primary-key read; while the database cannot be reached, the last answer stands (see isLive). A
 * revocation by this process drops the entry at once; with Redis, the shared revocation store
 * refuses the token in every other process at once as well.
 */
import type { SessionState } from '../repositories/sessions.ts';

export interface LiveSessions {
  isLive(claims: { sessionId: string; userId: number; siteId: string; role: string }): Promise<boolean>;
  /** This process revoked the session: forget what was cached about it. */
  forget(sessionId: string): void;
  /** This process revoked sessions of the user (or changed the user): forget them all. */
  forgetUser(userId: number): void;
}

type Claims = Parameters<LiveSessions['isLive']>[0];

function isLiveState(state: SessionState, claims: Claims, now: number): boolean {
  return (
    state.userId === claims.userId &&
    state.siteId === claims.siteId &&
    state.role === claims.role &&
    state.userActive &&
    state.expiresAt.getTime() > now
  );
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
    async isLive(claims) {
      const { sessionId } = claims;
      const now = Date.now();
      let entry = cache.get(sessionId);
      if (!entry || entry.until <= now) {
        let state: SessionState | undefined;
        try {
          state = await lookup(sessionId);
        } catch (err) {
          // The database cannot be asked (an outage): a session this process saw live goes on
          // as it was, so an admin can still read the status page that says what is down. Nothing
          // can be revoked in the database meanwhile; the shared revocation store is still asked,
          // and the token's own expiry and the session's lifetime still apply below.
          if (!entry) throw err;
          return isLiveState(entry.state, claims, now);
        }
        if (!state) {
          cache.delete(sessionId);
          return false;
        }
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        entry = { state, until: now + cacheMs };
        cache.set(sessionId, entry);
      }
      return isLiveState(entry.state, claims, now);
    },
    forget(sessionId) {
      cache.delete(sessionId);
    },
    forgetUser(userId) {
      for (const [id, entry] of cache) if (entry.state.userId === userId) cache.delete(id);
    },
  };
}
