/**
 * Users table access. Every function takes the site id, so a query can never reach another
 * site's rows; rows leave as the snake_case User of the API (the password hash never does).
 */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, ne } from 'drizzle-orm';
import { normalizeEmail } from '#domain/email.ts';
import type { Role } from '#domain/permissions.ts';
import type { Db } from '../db/client.ts';
import { sites, users, workEntries } from '../db/schema/index.ts';
import type { User, UserListOptions } from '../schemas/user.ts';
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

export function toApiUser(row: UserRow, customRole: { id: number; name: string } | null = null): ApiUser {
  return {
    ...userIdentity(row),
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
    custom_role_id: customRole?.id ?? null,
    custom_role_name: customRole?.name ?? null,
  };
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
        status === undefined ? undefined : eq(users.isActive, status === 'active'),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/**
 * A one-off, measured for GET /users at 1,000 req/s (README, Benchmarks): do not copy it to other
 * lists without a measurement of their own. The users list is read far more often than it changes
 * (every console page load). It is kept per site and checked on every call against sites.users_version, which a database trigger bumps
 * on any insert, update or delete of the site's users, by any process. So a cached list is never
 * served after a committed change, and the check is one primary-key read.
 */
interface CachedList {
  version: number;
  /** The list body already serialised (ApiUser holds only the User schema's fields). */
  json: string;
}
const listCache = new WeakMap<Db, Map<string, CachedList>>();

/** The `{ users: [...] }` body for a site, as JSON text. */
export async function listSiteUsersJson(db: Db, siteId: string): Promise<string> {
  const [site] = await db.select({ version: sites.usersVersion }).from(sites).where(eq(sites.id, siteId));
  const version = site?.version ?? -1;
  let perSite = listCache.get(db);
  if (!perSite) {
    perSite = new Map();
    listCache.set(db, perSite);
  }
  const cached = perSite.get(siteId);
  if (cached?.version === version) return cached.json;
  const [rows, customRoles] = await Promise.all([listUsers(db, siteId), customRolesByUser(db, siteId)]);
  const json = JSON.stringify({ users: rows.map((row) => toApiUser(row, customRoles.get(row.id) ?? null)) });
  // Stored under the version read before the list: a change in between only costs a re-read.
  perSite.set(siteId, { version, json });
  return json;
}

/** The `{ users: [...] }` body of a filtered list (not cached: the cache holds the whole list). */
export async function listFilteredUsers(db: Db, siteId: string, filters: UserListOptions) {
  const [rows, customRoles] = await Promise.all([
    listUsers(db, siteId, filters),
    customRolesByUser(db, siteId),
  ]);
  return { users: rows.map((row) => toApiUser(row, customRoles.get(row.id) ?? null)) };
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
