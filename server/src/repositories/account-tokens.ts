/**
 * Rows of account_tokens (db/schema/account-tokens.ts): the single-use links of invitations and
 * password resets, found by the hash of their secret. Spending one is a compare-and-set, so of two
 * uses at once only one gets the row.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type AccountTokenPurpose, accountTokens, sites, users } from '../db/schema/index.ts';

export type AccountTokenRow = typeof accountTokens.$inferSelect;

export async function insertAccountToken(
  db: Db,
  values: Omit<typeof accountTokens.$inferInsert, 'id' | 'createdAt'>,
): Promise<AccountTokenRow> {
  const [row] = await db.insert(accountTokens).values(values).returning();
  return row;
}

const live = () => and(isNull(accountTokens.usedAt), isNull(accountTokens.revokedAt));

/** Withdraws the user's unspent links (of the given purposes, or all); how many. */
export async function revokeLiveTokens(
  db: Db,
  siteId: string,
  userId: number,
  purposes?: AccountTokenPurpose[],
): Promise<number> {
  const rows = await db
    .update(accountTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accountTokens.siteId, siteId),
        eq(accountTokens.userId, userId),
        live(),
        purposes ? inArray(accountTokens.purpose, purposes) : undefined,
      ),
    )
    .returning({ id: accountTokens.id });
  return rows.length;
}

/** Links of the user that ended more than a week ago: kept that long to tell "used" from "unknown". */
export async function pruneOldTokens(db: Db, userId: number): Promise<void> {
  await db
    .delete(accountTokens)
    .where(
      and(eq(accountTokens.userId, userId), lt(accountTokens.expiresAt, sql`now() - interval '7 days'`)),
    );
}

/** A link by its hash, with what its page and its rules need of the user and the site. */
export async function findTokenByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      token: accountTokens,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        language: users.language,
      },
      siteName: sites.name,
    })
    .from(accountTokens)
    .innerJoin(users, and(eq(users.id, accountTokens.userId), eq(users.siteId, accountTokens.siteId)))
    .innerJoin(sites, eq(sites.id, accountTokens.siteId))
    .where(eq(accountTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Spends a live, unexpired link of this purpose: the row, or undefined when another use won or it ended. */
export async function spendToken(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        live(),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/**
 * The expiry of each invited user's latest unspent invitation on the site (expired ones too: the
 * list says the link has run out), by user id.
 */
export async function invitationExpiries(
  db: Db,
  siteId: string,
  userId?: number,
): Promise<Map<number, Date>> {
  const rows = await db
    .selectDistinctOn([accountTokens.userId], {
      userId: accountTokens.userId,
      expiresAt: accountTokens.expiresAt,
    })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.siteId, siteId),
        eq(accountTokens.purpose, 'invitation'),
        live(),
        userId === undefined ? undefined : eq(accountTokens.userId, userId),
      ),
    )
    .orderBy(accountTokens.userId, desc(accountTokens.expiresAt));
  return new Map(rows.map((r) => [r.userId, r.expiresAt]));
}
