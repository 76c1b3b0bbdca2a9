/**
 * Auth's queries on users: the signed-in user as the API returns it (SessionUser: a user plus the
 * name of their site and their effective permissions), the sign-in lookup by normalised email,
 * and the user's own changes to their account. Every query is bound to the user's site.
 */
import type { Static } from '@sinclair/typebox';
import { and, eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '#domain/email.ts';
import { LANGUAGES, type Language } from '#domain/languages.ts';
import { permissionsOf, type Role } from '#domain/permissions.ts';
import type { Db } from '../db/client.ts';
import { sites, users } from '../db/schema/index.ts';
import { customRoleOf } from '../infra/effective-permissions.ts';
import type { SessionUser } from '../schemas/user.ts';
import { userIdentity } from './users.ts';

export type SessionUserBody = Static<typeof SessionUser> & { role: Role };

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const columns = {
  id: users.id,
  siteId: users.siteId,
  siteName: sites.name,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
  language: users.language,
};

type ColumnValue<C> = C extends { _: { data: infer D; notNull: infer N } }
  ? N extends true
    ? D
    : D | null
  : never;
type Row = { [K in keyof typeof columns]: ColumnValue<(typeof columns)[K]> };

export function toSessionUser(row: Row): SessionUserBody {
  return {
    ...userIdentity(row),
    site_name: row.siteName,
    language: isLanguage(row.language) ? row.language : null,
  };
}

/** The user's effective permissions (their custom role's, if they hold one), for the console. */
async function withPermissions(db: Db, user: SessionUserBody): Promise<SessionUserBody> {
  const custom = await customRoleOf(db, user.site_id, user.id);
  return {
    ...user,
    permissions: permissionsOf(custom ?? user.role),
    custom_role: custom ? { id: custom.id, name: custom.name, level: custom.level } : null,
  };
}

/** A user of a site, by id; null when gone. */
export async function loadSessionUser(
  db: Db,
  userId: number,
  siteId: string,
): Promise<SessionUserBody | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(and(eq(users.id, userId), eq(users.siteId, siteId)));
  return row ? withPermissions(db, toSessionUser(row)) : null;
}

/** A user of a site by email, as normalizeEmail() spells it (the unique index's key), with the hash. */
export async function findLoginUser(db: Db, siteId: string, email: string) {
  const [row] = await db
    .select({ ...columns, passwordHash: users.passwordHash, credentialsEpoch: users.credentialsEpoch })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(and(eq(users.siteId, siteId), eq(users.emailNormalized, normalizeEmail(email))));
  if (!row) return null;
  const { passwordHash, credentialsEpoch, ...rest } = row;
  return { user: await withPermissions(db, toSessionUser(rest)), passwordHash, credentialsEpoch };
}

/** The sign-in time; not an edit of the user, so updated_at keeps its value. */
export async function recordLogin(db: Db, userId: number) {
  await db
    .update(users)
    .set({ lastLoginAt: new Date(), updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, userId));
}

/** The user's own changes to their account (self-service), within their site. */
export async function updateAccount(
  db: Db,
  userId: number,
  siteId: string,
  changes: { firstName?: string; lastName?: string; language?: Language | null; passwordHash?: string },
): Promise<void> {
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, userId), eq(users.siteId, siteId)));
}

/** The email and password hash of a user of a site, to check their current password. */
export async function findCredentials(db: Db, userId: number, siteId: string) {
  const [row] = await db
    .select({
      email: users.email,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      credentialsEpoch: users.credentialsEpoch,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.siteId, siteId)));
  return row;
}

/**
 * Every trusted device of the user stops counting (infra/trusted-devices.ts): their password was
 * changed or reset, or they were deactivated. The new epoch, for the browser making the change.
 */
export async function raiseCredentialsEpoch(db: Db, userId: number, siteId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ credentialsEpoch: sql`${users.credentialsEpoch} + 1` })
    .where(and(eq(users.id, userId), eq(users.siteId, siteId)))
    .returning({ epoch: users.credentialsEpoch });
  return row?.epoch ?? 0;
}
