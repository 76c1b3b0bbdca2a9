/**
 * Custom roles and their holders. Every query is bound to the caller's site. A change of who holds
 * a role, or of a role's name, bumps sites.users_version, so the cached users list (which shows the
 * role) is never served stale.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customRoleHolders, customRoles, sites } from '../db/schema/index.ts';
import { siteScoped } from './site-scoped.ts';

export type CustomRoleRow = typeof customRoles.$inferSelect;

export const customRoleRows = siteScoped(customRoles);

/** The site's custom roles by name, each with how many users hold it. */
export async function listCustomRoles(db: Db, siteId: string) {
  return db
    .select({ role: customRoles, userCount: count(customRoleHolders.userId) })
    .from(customRoles)
    .leftJoin(customRoleHolders, eq(customRoleHolders.roleId, customRoles.id))
    .where(customRoleRows.where(siteId))
    .groupBy(customRoles.id)
    .orderBy(asc(sql`lower(${customRoles.name})`), asc(customRoles.id));
}

export async function countHolders(db: Db, siteId: string, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customRoleHolders)
    .where(and(eq(customRoleHolders.siteId, siteId), eq(customRoleHolders.roleId, roleId)));
  return row?.n ?? 0;
}

/** Is the name taken on the site (ignoring case and one role)? */
export async function nameTaken(db: Db, siteId: string, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customRoles.id })
    .from(customRoles)
    .where(
      customRoleRows.where(
        siteId,
        sql`lower(${customRoles.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${customRoles.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Every custom role of the site and who holds which: what the permission guard resolves from. */
export async function loadSiteRoles(db: Db, siteId: string) {
  const [roles, holders] = await Promise.all([
    db
      .select({
        id: customRoles.id,
        name: customRoles.name,
        level: customRoles.level,
        permissions: customRoles.permissions,
      })
      .from(customRoles)
      .where(customRoleRows.where(siteId)),
    db
      .select({ userId: customRoleHolders.userId, roleId: customRoleHolders.roleId })
      .from(customRoleHolders)
      .where(eq(customRoleHolders.siteId, siteId)),
  ]);
  return { roles, holders };
}

/** user id → the custom role they hold, for the site's users list. */
export async function customRolesByUser(db: Db, siteId: string) {
  const rows = await db
    .select({ userId: customRoleHolders.userId, id: customRoles.id, name: customRoles.name })
    .from(customRoleHolders)
    .innerJoin(customRoles, eq(customRoles.id, customRoleHolders.roleId))
    .where(eq(customRoleHolders.siteId, siteId));
  return new Map(rows.map((r) => [r.userId, { id: r.id, name: r.name }]));
}

/** Gives the user the custom role, or takes theirs away (null). */
export async function setHolder(db: Db, siteId: string, userId: number, roleId: number | null) {
  if (roleId === null) {
    await db
      .delete(customRoleHolders)
      .where(and(eq(customRoleHolders.siteId, siteId), eq(customRoleHolders.userId, userId)));
  } else {
    await db
      .insert(customRoleHolders)
      .values({ userId, siteId, roleId })
      .onConflictDoUpdate({ target: customRoleHolders.userId, set: { roleId } });
  }
  await bumpUsersVersion(db, siteId);
}

export async function bumpUsersVersion(db: Db, siteId: string) {
  await db
    .update(sites)
    .set({ usersVersion: sql`${sites.usersVersion} + 1` })
    .where(eq(sites.id, siteId));
}
