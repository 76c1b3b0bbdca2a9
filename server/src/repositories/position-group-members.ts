/**
 * A position group's membership: which positions it holds, inactive ones included (they stay in
 * their groups). Every query takes the site id; positions are read with this area's own
 * queries (the positions area owns its repository).
 */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positionGroupPositions, positions } from '../db/schema/index.ts';
import type { PositionGroupMember } from '../schemas/position-group.ts';

type ApiMember = Static<typeof PositionGroupMember>;

/** Each group's member and active member counts, as a subquery to join to the groups. */
export function memberCounts(db: Db, siteId: string) {
  return db
    .select({
      groupId: positionGroupPositions.groupId,
      positionCount: sql<number>`count(*)::int`.as('position_count'),
      activePositionCount: sql<number>`(count(*) filter (where ${positions.isActive}))::int`.as(
        'active_position_count',
      ),
    })
    .from(positionGroupPositions)
    .innerJoin(positions, eq(positions.id, positionGroupPositions.positionId))
    .where(eq(positionGroupPositions.siteId, siteId))
    .groupBy(positionGroupPositions.groupId)
    .as('counts');
}

/** A group's positions, inactive ones included, ordered by code. */
export function listMembers(db: Db, siteId: string, groupId: number): Promise<ApiMember[]> {
  return db
    .select({
      id: positions.id,
      position_code: positions.positionCode,
      position_name: positions.positionName,
      is_active: positions.isActive,
    })
    .from(positionGroupPositions)
    .innerJoin(positions, eq(positions.id, positionGroupPositions.positionId))
    .where(and(eq(positionGroupPositions.groupId, groupId), eq(positions.siteId, siteId)))
    .orderBy(asc(positions.positionCode), asc(positions.id));
}

/** Which of these ids are positions of the site (active or not). */
export async function sitePositionIds(db: Db, siteId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.siteId, siteId), inArray(positions.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Makes the group's membership exactly these positions (call inside a transaction). */
export async function replaceMembers(db: Db, siteId: string, groupId: number, positionIds: number[]) {
  await db
    .delete(positionGroupPositions)
    .where(and(eq(positionGroupPositions.groupId, groupId), eq(positionGroupPositions.siteId, siteId)));
  if (positionIds.length === 0) return;
  await db
    .insert(positionGroupPositions)
    .values(positionIds.map((positionId) => ({ siteId, groupId, positionId })));
}
