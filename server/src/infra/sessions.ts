/**
 * Refresh sessions: one row per signed-in browser (queries in repositories/sessions.ts). The
 * refresh token is 32 random bytes that only the browser's cookie holds; the database keeps its
 * SHA-256. Every use rotates it; the token it replaced stays in previous_hash so a second use can
 * be told apart from an unknown token: within the grace period it is a second tab refreshing at
 * the same moment, after it a stolen copy being replayed, and the whole session is revoked.
 * Revoking also drops the session from this process's live-session cache and, with Redis, tells
 * every other process.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toStorableText } from '../lib/storable-text.ts';
import * as repo from '../repositories/sessions.ts';

export type { SessionRow } from '../repositories/sessions.ts';

export type RefreshFailure = 'unknown' | 'revoked' | 'expired' | 'idle' | 'reused';

export type RefreshOutcome =
  | {
      ok: true;
      session: repo.SessionRow;
      /** The new token to set, or null inside the grace period. */
      refreshToken: string | null;
    }
  | { ok: false; reason: RefreshFailure };

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  app: FastifyInstance,
  input: { userId: number; siteId: string; userAgent?: string; ip?: string },
): Promise<{ session: repo.SessionRow; refreshToken: string }> {
  const refreshToken = newRefreshToken();
  const session = await repo.insertSession(app.database.db, {
    id: randomUUID(),
    siteId: input.siteId,
    userId: input.userId,
    refreshHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + app.config.sessionTtl * 1000),
    // Kept as information only: made storable rather than refusing the sign-in.
    userAgent: input.userAgent ? toStorableText(input.userAgent.slice(0, 512)) : null,
    ip: input.ip ? toStorableText(input.ip.slice(0, 128)) : null,
  });
  return { session, refreshToken };
}

/** The session a refresh token belongs to, and whether it is its current or its rotated-out token. */
export function findSessionByRefreshToken(app: FastifyInstance, token: string) {
  return repo.findSessionByRefreshHash(app.database.db, hashRefreshToken(token));
}

/** Checks a presented refresh token and rotates it. Expired, idle and replayed sessions are revoked. */
export async function rotateSession(
  app: FastifyInstance,
  token: string,
  attempt = 0,
): Promise<RefreshOutcome> {
  const { config } = app;
  const found = await findSessionByRefreshToken(app, token);
  if (!found) return { ok: false, reason: 'unknown' };
  const { session, current } = found;
  const now = Date.now();
  if (session.revokedAt) return { ok: false, reason: 'revoked' };
  if (session.expiresAt.getTime() <= now) {
    await revokeSession(app, session.id, 'expired');
    return { ok: false, reason: 'expired' };
  }
  if (session.lastUsedAt.getTime() + config.sessionIdleTtl * 1000 <= now) {
    await revokeSession(app, session.id, 'idle');
    return { ok: false, reason: 'idle' };
  }
  if (!current) {
    const rotatedAt = session.rotatedAt?.getTime() ?? 0;
    if (now - rotatedAt <= config.refreshGraceSeconds * 1000)
      return { ok: true, session, refreshToken: null };
    await revokeSession(app, session.id, 'refresh token reused');
    return { ok: false, reason: 'reused' };
  }
  const refreshToken = newRefreshToken();
  const updated = await repo.rotateRefreshHash(
    app.database.db,
    session,
    hashRefreshToken(refreshToken),
    new Date(now),
  );
  if (updated) return { ok: true, session: updated, refreshToken };
  // Lost the race: the token is now the previous one (grace) or the session was revoked meanwhile.
  return attempt === 0 ? rotateSession(app, token, 1) : { ok: false, reason: 'revoked' };
}

/** Sign-out and forced revocation: refresh fails from now on and the session's access tokens are refused. */
export async function revokeSession(app: FastifyInstance, sessionId: string, reason: string): Promise<void> {
  await repo.markSessionRevoked(app.database.db, sessionId, reason);
  app.services.liveSessions.forget(sessionId);
  await app.services.revocations?.revokeSessions([sessionId]);
}

/**
 * Revokes every session of a user (deactivation, deletion, a role or password change), or every
 * one but the caller's own (changing one's own password): refresh fails and access tokens are refused.
 */
export async function revokeUserSessions(
  app: FastifyInstance,
  userId: number,
  reason: string,
  exceptSessionId?: string,
): Promise<void> {
  const revoked = await repo.markUserSessionsRevoked(app.database.db, userId, reason, exceptSessionId);
  app.services.liveSessions.forgetUser(userId);
  await app.services.revocations?.revokeSessions(revoked);
}
