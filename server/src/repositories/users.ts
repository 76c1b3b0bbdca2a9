/**
 * Users table access. Every function takes the site id, so a query can never reach another
 * site's rows; rows leave as the snake_case User of the API (the password hash never does).
 */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { normalizeEmail } from '#domain/email.ts';
import type { Role } from '#domain/permissions.ts';
import { type Db, localWriteCount } from '../db/client.ts';
import { users, workEntries } from '../db/schema/index.ts';
import { ReadCache } from '../lib/read-cache.ts';
import type { User, UserListOptions } from '../schemas/user.ts';
import { invitationExpiries } from './account-tokens.ts';
import { customRolesByUser } from './roles.ts';
import { siteScoped } from './site-scoped.ts';
import { foldedSearch } from './tasks-search.ts';

export type UserRow = typeof users.$inferSelect;

/** A user as the API returns it: the User schema's type, never the password hash. */
export type ApiUser = Static<typeof User> & { role: Role };

type UserIdentityRow = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'isActive' | 'siteId' | 'createdAt'
>;

/** The fields every view of a user shares: the users list's User and the signed-in SessionUser. */
export function userIdentity(row: UserIdentityRow) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role as Role,
    is_active: row.isActive,
    site_id: row.siteId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * `invitationExpiresAt`: the invited user's latest unspent link's expiry (null: none left), when the
 * caller read it (repositories/account-tokens.ts invitationExpiries); left out otherwise.
 */
export function toApiUser(
  row: UserRow,
  customRole: { id: number; name: string } | null = null,
  invitationExpiresAt?: Date | null,
): ApiUser {
  const invited = row.passwordHash === null;
  return {
    ...userIdentity(row),
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
    custom_role_id: customRole?.id ?? null,
    custom_role_name: customRole?.name ?? null,
    invited,
    ...(invited && invitationExpiresAt !== undefined
      ? { invitation_expires_at: invitationExpiresAt?.toISOString() ?? null }
      : {}),
  };
}

/** The users-list status filter: signed up and active, deactivated, or invited (no password yet). */
function statusFilter(status: UserListOptions['status']) {
  if (status === 'inactive') return eq(users.isActive, false);
  if (status === 'active') return and(eq(users.isActive, true), isNotNull(users.passwordHash));
  if (status === 'invited') return and(eq(users.isActive, true), isNull(users.passwordHash));
  return undefined;
}

export function listUsers(db: Db, siteId: string, filters: UserListOptions = {}): Promise<UserRow[]> {
  const { search, role, status } = filters;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.siteId, siteId),
        // The full name is the first and last joined, so "Aino Vir" finds Aino Virtanen.
        foldedSearch(search, [users.firstName, users.lastName, users.email]),
        role === undefined ? undefined : eq(users.role, role),
        statusFilter(status),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/**
 * Measured for GET /users at 1,000 req/s (README, Benchmarks). The users list is read far more
 * often than it changes (every console page load), so its body is kept per site (lib/read-cache.ts)
 * under sites.users_version, which a database trigger bumps on any insert, update or delete of the
 * site's users, by any process: a kept list is never served after a committed change, and the
 * check is one primary-key read.
 */
const listCache = new ReadCache<Buffer>({ maxEntries: 1_000, maxWeight: 64 * 1024 * 1024 });
/** The sites' users versions on PGlite, under the process's write count (db/client.ts localWriteCount). */
const versionCache = new ReadCache<number>({ maxEntries: 10_000 });

/**
 * PGlite answers `exec(text)` and node-postgres's pool `query(text)` (no values) in the simple
 * query protocol: one message to the database instead of parse, bind, describe, execute and sync.
 */
interface DriverClient {
  exec?(text: string): Promise<{ rows: { version: string | number }[] }[]>;
  query(text: string, values?: unknown[]): Promise<{ rows: { version: string | number }[] }>;
}

/** A site id written into the statement as a literal: only plain ids (anything else is bound). */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The site's users version; on PGlite kept while this process wrote nothing since: no statement at all. */
async function usersVersion(db: Db, siteId: string): Promise<number> {
  const writes = localWriteCount(db);
  if (writes === null) return readUsersVersion(db, siteId);
  return versionCache.get(db, siteId, writes, () => readUsersVersion(db, siteId));
}

/**
 * The site's users version read, straight to the driver and in the simple protocol: built through
 * Drizzle and bound as a parameter, this one primary-key read cost more CPU than the rest of a
 * cached GET /users on PGlite (bench/api.ts, --cpu-prof).
 */
async function readUsersVersion(db: Db, siteId: string): Promise<number> {
  const client = (db as unknown as { $client: DriverClient }).$client;
  const text = 'select users_version::text as version from sites where id = ';
  const rows = !PLAIN_ID.test(siteId)
    ? (await client.query(`${text}$1`, [siteId])).rows
    : client.exec
      ? ((await client.exec(`${text}'${siteId}'`))[0]?.rows ?? [])
      : (await client.query(`${text}'${siteId}'`)).rows;
  return rows.length ? Number(rows[0].version) : -1;
}

/**
 * The `{ users: [...] }` body for a site, as UTF-8 JSON: kept encoded, so an answer is written to
 * the socket as it is (encoding the 29 KB text of 100 users on every answer was a fifth of the
 * route's CPU at 1,000 req/s).
 */
export async function listSiteUsersJson(db: Db, siteId: string): Promise<Buffer> {
  // Stored under the version read before the list: a change in between only costs a re-read.
  return listCache.get(db, siteId, await usersVersion(db, siteId), async () => {
    const [rows, customRoles, invitations] = await Promise.all([
      listUsers(db, siteId),
      customRolesByUser(db, siteId),
      invitationExpiries(db, siteId),
    ]);
    // ApiUser holds only the User schema's fields: what the serializer would write.
    const body = rows.map((row) =>
      toApiUser(row, customRoles.get(row.id) ?? null, invitations.get(row.id) ?? null),
    );
    return Buffer.from(JSON.stringify({ users: body }));
  });
}

/** The `{ users: [...] }` body of a filtered list (not cached: the cache holds the whole list). */
export async function listFilteredUsers(db: Db, siteId: string, filters: UserListOptions) {
  const [rows, customRoles, invitations] = await Promise.all([
    listUsers(db, siteId, filters),
    customRolesByUser(db, siteId),
    invitationExpiries(db, siteId),
  ]);
  return {
    users: rows.map((row) =>
      toApiUser(row, customRoles.get(row.id) ?? null, invitations.get(row.id) ?? null),
    ),
  };
}

/**
 * A change to the user's invitation (a new or withdrawn link) marks the user changed, so the users
 * list (cached under the site's users version, which a trigger on users bumps) shows it.
 */
export async function touchUser(db: Db, siteId: string, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ updatedAt: new Date() })
    .where(and(eq(users.siteId, siteId), eq(users.id, id)))
    .returning();
  return row;
}

/** find, insert, update and remove by id, always within the site. */
export const userRows = siteScoped(users);

/** Is the email taken on the site, as normalizeEmail() spells it (optionally ignoring one user)? */
export async function emailTaken(db: Db, siteId: string, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      userRows.where(
        siteId,
        eq(users.emailNormalized, normalizeEmail(email)),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type NewUser = Omit<typeof users.$inferInsert, 'siteId' | 'id'>;
export type UserChanges = Partial<NewUser>;

/** Work entries keep their user (the foreign key restricts), whichever site they were logged on. */
export async function hasWorkHistory(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workEntries.id })
    .from(workEntries)
    .where(eq(workEntries.userId, userId))
    .limit(1);
  return row !== undefined;
}
