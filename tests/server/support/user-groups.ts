/**
 * Records the user-group tests need, written straight into the database: users of any state,
 * groups (also system ones, which the API cannot create) and position groups with positions
 * (their own area's API is not what these tests are about).
 */
import {
  positionGroupPositions,
  positionGroups,
  positions,
  userGroupMembers,
  userGroups,
  users,
} from '../../../server/src/db/schema/index.ts';
import type { Role } from '../../../src/domain/permissions.ts';
import type { UserGroupType } from '../../../src/domain/user-groups.ts';
import type { TestApp } from '../helpers.ts';

let seq = 0;

export async function insertUser(
  t: TestApp,
  over: { siteId?: string; role?: Role; isActive?: boolean; firstName?: string } = {},
) {
  const n = ++seq;
  const [row] = await t.app.database.db
    .insert(users)
    .values({
      siteId: over.siteId ?? 'main',
      email: `ug-user-${n}@example.com`,
      firstName: over.firstName ?? `Member${n}`,
      lastName: `Person${n}`,
      role: over.role ?? 'worker',
      isActive: over.isActive ?? true,
      passwordHash: 'x',
    })
    .returning();
  return row;
}

export async function insertGroup(
  t: TestApp,
  over: { siteId?: string; groupType?: UserGroupType; isActive?: boolean; memberIds?: number[] } = {},
) {
  const n = ++seq;
  const siteId = over.siteId ?? 'main';
  const [row] = await t.app.database.db
    .insert(userGroups)
    .values({
      siteId,
      groupName: `Seeded group ${n}`,
      groupCode: `seeded_${n}`,
      groupType: over.groupType ?? 'team',
      isActive: over.isActive ?? true,
    })
    .returning();
  for (const userId of over.memberIds ?? [])
    await t.app.database.db.insert(userGroupMembers).values({ siteId, groupId: row.id, userId });
  return row;
}

/** A position group holding positions whose active flags are given, e.g. [true, true, false]. */
export async function insertPositionGroup(
  t: TestApp,
  over: { siteId?: string; isActive?: boolean; positionsActive?: boolean[]; description?: string } = {},
) {
  const n = ++seq;
  const siteId = over.siteId ?? 'main';
  const { db } = t.app.database;
  const [group] = await db
    .insert(positionGroups)
    .values({
      siteId,
      groupName: `Area ${n}`,
      groupCode: `area_${n}`,
      description: over.description ?? null,
      isActive: over.isActive ?? true,
    })
    .returning();
  for (const [i, isActive] of (over.positionsActive ?? []).entries()) {
    const [position] = await db
      .insert(positions)
      .values({ siteId, positionCode: `P${n}-${i}`, positionName: `Position ${n}-${i}`, isActive })
      .returning();
    await db.insert(positionGroupPositions).values({ siteId, groupId: group.id, positionId: position.id });
  }
  return group;
}

/** The `field` of each detail of an error body, for one-line assertions. */
export const fieldsOf = (body: { details?: { field: string }[] }) => (body.details ?? []).map((d) => d.field);
