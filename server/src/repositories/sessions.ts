/**
 * Refresh-session rows (db/schema/users.ts sessions): one per signed-in browser, holding only
 * hashes of its refresh token. The rules around them (rotation, grace, reuse, revocation) are in
 * infra/sessions.ts; these are its queries.
 */
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/** What an access token is checked against on every request (infra/live-sessions.ts). */
export interface SessionState {
  userId: number;
  siteId: string;
  role: string;
  userActive: boolean;
  expiresAt: Date;
}

export async function insertSession(db: Db, values: NewSession): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

/** The session whose current or rotated-out refresh token has this hash, and which of the two it is. */
export async function findSessionByRefreshHash(
  db: Db,
  hash: string,
): Promise<{ session: SessionRow; current: boolean } | null> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(or(eq(sessions.refreshHash, hash), eq(sessions.previousHash, hash)))
    .limit(1);
  return session ? { session, current: session.refreshHash === hash } : null;
}

/**
 * Rotates the refresh hash, compare-and-set on the old one: of two concurrent rotations only one
 * gets the row back; the other gets undefined.
 */
export async function rotateRefreshHash(
  db: Db,
  session: SessionRow,
  newHash: string,
  at: Date,
): Promise<SessionRow | undefined> {
  const [updated] = await db
    .update(sessions)
    .set({ refreshHash: newHash, previousHash: session.refreshHash, rotatedAt: at, lastUsedAt: at })
    .where(
      and(
        eq(sessions.id, session.id),
        eq(sessions.refreshHash, session.refreshHash),
        isNull(sessions.revokedAt),
      ),
    )
    .returning();
  return updated;
}

/** An unrevoked session with its user's state; undefined for an unknown or revoked one. */
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

export async function markSessionRevoked(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Marks every live session of a user revoked (but one, when given); the ids it revoked. */
export async function markUserSessionsRevoked(
  db: Db,
  userId: number,
  reason: string,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await db
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
  return rows.map((r) => r.id);
}
