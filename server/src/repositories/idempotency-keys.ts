/** The idempotency keys' queries (the rules are in routes/work-entries/idempotency.ts). */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys as k } from '../db/schema/index.ts';

export interface KeyOwner {
  siteId: string;
  userId: number;
  key: string;
}

const owned = (o: KeyOwner) => and(eq(k.siteId, o.siteId), eq(k.userId, o.userId), eq(k.key, o.key));

/**
 * Claims the key for a request: inserts it, or takes over a row older than `expiredBefore`.
 * False when a live row holds the key. On PostgreSQL a row another transaction has written but
 * not committed makes this wait for that transaction, and then answer by its outcome.
 */
export async function claimKey(db: Db, owner: KeyOwner, fingerprint: string, expiredBefore: Date) {
  const rows = await claimQuery(db, owner, fingerprint, expiredBefore);
  return rows.length > 0;
}

/**
 * The claim as a query not yet run (claimKey's): a row when it claimed the key. A caller may run it
 * as a CTE of its own first read (`db.$with('claim').as(query)`) to save the round trip.
 */
export function claimQuery(db: Db, owner: KeyOwner, fingerprint: string, expiredBefore: Date) {
  return db
    .insert(k)
    .values({ ...owner, fingerprint })
    .onConflictDoUpdate({
      target: [k.siteId, k.userId, k.key],
      set: { fingerprint, statusCode: null, response: null, createdAt: sql`now()` },
      setWhere: lt(k.createdAt, expiredBefore),
    })
    .returning({ key: k.key });
}

export type ClaimQuery = ReturnType<typeof claimQuery>;

export async function findKey(db: Db, owner: KeyOwner) {
  const [row] = await db
    .select({
      fingerprint: k.fingerprint,
      statusCode: k.statusCode,
      response: k.response,
      createdAt: k.createdAt,
    })
    .from(k)
    .where(owned(owner))
    .limit(1);
  return row;
}

export async function saveAnswer(db: Db, owner: KeyOwner, statusCode: number, response: unknown) {
  await db.update(k).set({ statusCode, response }).where(owned(owner));
}

/** The user's keys past their expiry (a range of the primary key). */
export async function removeExpiredKeys(db: Db, owner: Omit<KeyOwner, 'key'>, expiredBefore: Date) {
  await db
    .delete(k)
    .where(and(eq(k.siteId, owner.siteId), eq(k.userId, owner.userId), lt(k.createdAt, expiredBefore)));
}
