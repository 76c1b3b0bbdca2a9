/**
 * Refresh sessions: one row per signed-in browser. The refresh token is 32 random bytes that only
 * the browser's cookie holds; the database keeps its SHA-256. Every use rotates it; the token it
 * replaced stays in previous_hash so a second use can be told apart from an unknown token:
 * within the grace period it is a second tab refreshing at the same moment, after it a stolen copy
 * being replayed, and the whole session is revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { toStorableText } from '../lib/storable-text.ts';
import type { SessionState } from './live-sessions.ts';

export type SessionRow = typeof sessions.$inferSelect;

export type RefreshFailure = 'unknown' | 'revoked' | 'expired' | 'idle' | 'reused';

export type RefreshOutcome =
  | {
      ok: true;
      session: SessionRow;
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
): Promise<{ session: SessionRow; refreshToken: string }> {
  const refreshToken = newRefreshToken();
  const [session] = await app.database.db
    .insert(sessions)
    .values({
      id: randomUUID(),
      siteId: input.siteId,
      userId: input.userId,
      refreshHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + app.config.sessionTtl * 1000),
      // Kept as information only: made storable rather than refusing the sign-in.
      userAgent: input.userAgent ? toStorableText(input.userAgent.slice(0, 512)) : null,
      ip: input.ip ? toStorableText(input.ip.slice(0, 128)) : null,
    })
    .returning();
  return { session, refreshToken };
}

/** The session a refresh token belongs to, and whether it is its current or its rotated-out token. */
export async function findSessionByRefreshToken(
  db: Db,
  token: string,
): Promise<{ session: SessionRow; current: boolean } | null> {
  const hash = hashRefreshToken(token);
  const [session] = await db
    .select()
    .from(sessions)
    .where(or(eq(sessions.refreshHash, hash), eq(sessions.previousHash, hash)))
    .limit(1);
  return session ? { session, current: session.refreshHash === hash } : null;
}

/** Checks a presented refresh token and rotates it. Expired, idle and replayed sessions are revoked. */
export async function rotateSession(
  app: FastifyInstance,
  token: string,
  attempt = 0,
): Promise<RefreshOutcome> {
  const { config } = app;
  const db = app.database.db;
  const found = await findSessionByRefreshToken(db, token);
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
  const at = new Date(now);
  // Compare-and-set on the old hash: of two concurrent rotations only one wins.
  const [updated] = await db
    .update(sessions)
    .set({
      refreshHash: hashRefreshToken(refreshToken),
      previousHash: session.refreshHash,
      rotatedAt: at,
      lastUsedAt: at,
    })
    .where(
      and(
        eq(sessions.id, session.id),
        eq(sessions.refreshHash, session.refreshHash),
        isNull(sessions.revokedAt),
      ),
    )
    .returning();
  if (updated) return { ok: true, session: updated, refreshToken };
  // Lost the race: the token is now the previous one (grace) or the session was revoked meanwhile.
  return attempt === 0 ? rotateSession(app, token, 1) : { ok: false, reason: 'revoked' };
}

/** An unrevoked session with what an access token is checked against (live-sessions.ts). */
export async function findSessionState(db: Db, sessionId: string): Promise<SessionState | undefined> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      siteId: sessions.siteId,
      expiresAt: sessions.expiresAt,
      role: users.role,
      userActive: users.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

/** Sign-out and forced revocation: refresh fails from now on and the session's access tokens are refused. */
export async function revokeSession(app: FastifyInstance, sessionId: string, reason: string): Promise<void> {
  await app.database.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
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
  const revoked = await app.database.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  app.services.liveSessions.forgetUser(userId);
  await app.services.revocations?.revokeSessions(revoked.map((r) => r.id));
}
