/**
 * User groups, their members and their access to position groups. Every query is bound to the
 * site, and none can reach a system group: those are the product's own and stay out of the API.
 * Position groups are read here with queries of our own (their area owns writing them).
 */
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  positionGroupPositions,
  positionGroups,
  positions,
  userGroupMembers,
  userGroupPositionAccess,
  userGroups,
  users,
} from '../db/schema/index.ts';
import { rowMapper } from '../lib/api-row.ts';
import {
  type ApiPositionAccessGrant,
  type ApiUserGroup,
  type ApiUserGroupMember,
  UserGroup,
} from '../schemas/user-group.ts';
import { siteScoped } from './site-scoped.ts';

export type UserGroupRow = typeof userGroups.$inferSelect;
export type NewUserGroup = Omit<typeof userGroups.$inferInsert, 'siteId' | 'id'>;

const groupRows = siteScoped(userGroups);
/** A group with its manager's name and active member count. */
const toApiGroup = rowMapper(UserGroup);
const notSystem = ne(userGroups.groupType, 'system');

/** A group of the site that the API may touch (not a system group). */
export function findGroup(db: Db, siteId: string, id: number): Promise<UserGroupRow | undefined> {
  return db
    .select()
    .from(userGroups)
    .where(groupRows.where(siteId, eq(userGroups.id, id), notSystem))
    .limit(1)
    .then(([row]) => row);
}

export const insertGroup = (db: Db, siteId: string, values: NewUserGroup) =>
  groupRows.insert(db, siteId, values);
export const updateGroup = (db: Db, siteId: string, id: number, changes: Partial<NewUserGroup>) =>
  groupRows.update(db, siteId, id, changes);
export const removeGroup = (db: Db, siteId: string, id: number) => groupRows.remove(db, siteId, id);

export async function codeTaken(db: Db, siteId: string, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      groupRows.where(
        siteId,
        eq(userGroups.groupCode, code),
        exceptId === undefined ? undefined : ne(userGroups.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const manager = alias(users, 'manager');
const activeMemberCount = sql<number>`(
  select count(*)::int from ${userGroupMembers}
  inner join ${users} on ${users.id} = ${userGroupMembers.userId}
  where ${userGroupMembers.groupId} = ${userGroups.id} and ${users.isActive}
)`;

/** Groups with their manager's name and active member count, by name. */
async function selectGroups(db: Db, where: SQL): Promise<ApiUserGroup[]> {
  const rows = await db
    .select({
      group: userGroups,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
      activeMemberCount,
    })
    .from(userGroups)
    .leftJoin(manager, eq(manager.id, userGroups.managerUserId))
    .where(where)
    .orderBy(asc(userGroups.groupName), asc(userGroups.id));
  return rows.map(({ group, activeMemberCount, ...manager }) =>
    toApiGroup({
      ...group,
      ...manager,
      // The type is one of GROUP_TYPES (the table's check).
      groupType: group.groupType as ApiUserGroup['group_type'],
      activeMemberCount: Number(activeMemberCount),
    }),
  );
}

export interface GroupFilter {
  activeOnly: boolean;
  groupType?: string;
}

export function listGroups(db: Db, siteId: string, filter: GroupFilter): Promise<ApiUserGroup[]> {
  return selectGroups(
    db,
    groupRows.where(
      siteId,
      notSystem,
      filter.activeOnly ? eq(userGroups.isActive, true) : undefined,
      filter.groupType ? eq(userGroups.groupType, filter.groupType) : undefined,
    ),
  );
}

export async function getGroup(db: Db, siteId: string, id: number): Promise<ApiUserGroup | undefined> {
  const [group] = await selectGroups(db, groupRows.where(siteId, notSystem, eq(userGroups.id, id)));
  return group;
}

/** The (non-system) groups a user belongs to, active or not. */
export function groupsOfUser(db: Db, siteId: string, userId: number): Promise<ApiUserGroup[]> {
  const memberOf = sql`${userGroups.id} in (
    select ${userGroupMembers.groupId} from ${userGroupMembers}
    where ${userGroupMembers.userId} = ${userId} and ${userGroupMembers.siteId} = ${siteId}
  )`;
  return selectGroups(db, groupRows.where(siteId, notSystem, memberOf));
}

// ——— Users (members and managers) ———

/** Is the user on the site, and is their account active? undefined: not on the site at all. */
export async function userActive(db: Db, siteId: string, userId: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ isActive: users.isActive })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.id, userId)))
    .limit(1);
  return row?.isActive;
}

const memberColumns = {
  user_id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  role: users.role,
  is_active: users.isActive,
  addedAt: userGroupMembers.createdAt,
};

const memberWhere = (siteId: string, groupId: number, userId?: number) =>
  and(
    eq(userGroupMembers.siteId, siteId),
    eq(userGroupMembers.groupId, groupId),
    userId === undefined ? undefined : eq(userGroupMembers.userId, userId),
  );

async function selectMembers(db: Db, where: SQL | undefined): Promise<ApiUserGroupMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(({ addedAt, ...m }) => ({ ...m, added_at: addedAt.toISOString() }));
}

export const listMembers = (db: Db, siteId: string, groupId: number) =>
  selectMembers(db, memberWhere(siteId, groupId));

export async function findMember(db: Db, siteId: string, groupId: number, userId: number) {
  const [member] = await selectMembers(db, memberWhere(siteId, groupId, userId));
  return member;
}

export async function insertMember(
  db: Db,
  siteId: string,
  member: { groupId: number; userId: number; addedBy: number },
): Promise<void> {
  await db.insert(userGroupMembers).values({ siteId, ...member });
}

/** Adds the member unless they already are one (a group's new manager). */
export async function ensureMember(
  db: Db,
  siteId: string,
  member: { groupId: number; userId: number; addedBy: number },
): Promise<void> {
  await db
    .insert(userGroupMembers)
    .values({ siteId, ...member })
    .onConflictDoNothing();
}

export async function removeMember(
  db: Db,
  siteId: string,
  groupId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db
    .delete(userGroupMembers)
    .where(memberWhere(siteId, groupId, userId))
    .returning({ userId: userGroupMembers.userId });
  return rows.length > 0;
}

// ——— Position access ———

/** Is the position group on the site, and is it active? undefined: not on the site at all. */
export async function positionGroupActive(db: Db, siteId: string, id: number): Promise<boolean | undefined> {
  const [row] = await db
    .select({ isActive: positionGroups.isActive })
    .from(positionGroups)
    .where(and(eq(positionGroups.siteId, siteId), eq(positionGroups.id, id)))
    .limit(1);
  return row?.isActive;
}

const grantedBy = alias(users, 'granted_by');
const activePositionCount = sql<number>`(
  select count(*)::int from ${positionGroupPositions}
  inner join ${positions} on ${positions.id} = ${positionGroupPositions.positionId}
  where ${positionGroupPositions.groupId} = ${positionGroups.id} and ${positions.isActive}
)`;

const accessWhere = (siteId: string, userGroupId: number, positionGroupId?: number) =>
  and(
    eq(userGroupPositionAccess.siteId, siteId),
    eq(userGroupPositionAccess.userGroupId, userGroupId),
    positionGroupId === undefined ? undefined : eq(userGroupPositionAccess.positionGroupId, positionGroupId),
  );

async function selectGrants(db: Db, where: SQL | undefined): Promise<ApiPositionAccessGrant[]> {
  const rows = await db
    .select({
      id: userGroupPositionAccess.id,
      position_group_id: positionGroups.id,
      group_name: positionGroups.groupName,
      group_code: positionGroups.groupCode,
      description: positionGroups.description,
      active_position_count: activePositionCount,
      grantedAt: userGroupPositionAccess.grantedAt,
      granted_by_user_id: userGroupPositionAccess.grantedBy,
      granted_by_first_name: grantedBy.firstName,
      granted_by_last_name: grantedBy.lastName,
    })
    .from(userGroupPositionAccess)
    .innerJoin(positionGroups, eq(positionGroups.id, userGroupPositionAccess.positionGroupId))
    .leftJoin(grantedBy, eq(grantedBy.id, userGroupPositionAccess.grantedBy))
    .where(where)
    .orderBy(asc(positionGroups.groupName), asc(positionGroups.id));
  return rows.map(({ grantedAt, ...g }) => ({
    ...g,
    active_position_count: Number(g.active_position_count),
    granted_at: grantedAt.toISOString(),
  }));
}

export const listGrants = (db: Db, siteId: string, userGroupId: number) =>
  selectGrants(db, accessWhere(siteId, userGroupId));

export async function findGrant(db: Db, siteId: string, userGroupId: number, positionGroupId: number) {
  const [grant] = await selectGrants(db, accessWhere(siteId, userGroupId, positionGroupId));
  return grant;
}

export async function insertGrant(
  db: Db,
  siteId: string,
  grant: { userGroupId: number; positionGroupId: number; grantedBy: number },
): Promise<void> {
  await db.insert(userGroupPositionAccess).values({ siteId, ...grant });
}

export async function removeGrant(
  db: Db,
  siteId: string,
  userGroupId: number,
  positionGroupId: number,
): Promise<boolean> {
  const rows = await db
    .delete(userGroupPositionAccess)
    .where(accessWhere(siteId, userGroupId, positionGroupId))
    .returning({ id: userGroupPositionAccess.id });
  return rows.length > 0;
}
