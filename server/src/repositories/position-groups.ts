/**
 * Position groups and their membership. Every query takes the site id; positions are read here
 * with queries of this area's own (the positions area owns its repository), and rows leave as the
 * snake_case shapes of the API.
 */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positionGroupPositions, positionGroups, positions } from '../db/schema/index.ts';
import { readSnapshot, SnapshotCache } from '../lib/snapshot-cache.ts';
import type { PositionGroup, PositionGroupDetail, PositionGroupMember } from '../schemas/position-group.ts';
import { siteScoped } from './site-scoped.ts';

export type PositionGroupRow = typeof positionGroups.$inferSelect;
export type PositionGroupChanges = Partial<Omit<typeof positionGroups.$inferInsert, 'siteId' | 'id'>>;
export type ApiPositionGroup = Static<typeof PositionGroup>;
export type ApiPositionGroupDetail = Static<typeof PositionGroupDetail>;
type ApiMember = Static<typeof PositionGroupMember>;

/** find, insert, update and remove by id, always within the site. */
export const positionGroupRows = siteScoped(positionGroups);

interface Counts {
  positionCount: number;
  activePositionCount: number;
}

function toApiGroup(row: PositionGroupRow & Counts): ApiPositionGroup {
  return {
    id: row.id,
    group_name: row.groupName,
    group_code: row.groupCode,
    description: row.description,
    is_active: row.isActive,
    position_count: row.positionCount,
    active_position_count: row.activePositionCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The site's groups with their member counts, in one statement (no query per group). The counts
 * are aggregated from the memberships first and then joined to the groups: PGlite never runs
 * ANALYZE, and without statistics the planner took the plain three-table join for a tiny one and
 * nested-looped it (one index scan per group); this shape gets hash joins with or without
 * statistics, about twice as fast for 200 groups of 25.
 */
export async function listGroups(db: Db, siteId: string): Promise<ApiPositionGroup[]> {
  const counts = db
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
  const rows = await db
    .select({
      ...getTableColumns(positionGroups),
      positionCount: sql<number>`coalesce(${counts.positionCount}, 0)`,
      activePositionCount: sql<number>`coalesce(${counts.activePositionCount}, 0)`,
    })
    .from(positionGroups)
    .leftJoin(counts, eq(counts.groupId, positionGroups.id))
    .where(positionGroupRows.where(siteId))
    .orderBy(asc(positionGroups.groupName), asc(positionGroups.id));
  return rows.map(toApiGroup);
}

/**
 * GET /position-groups at 1,000 req/s (README, Benchmarks): the list joins every membership row with
 * its position for the active counts (5,000 rows for 200 groups of 25), which PGlite cannot do a
 * thousand times a second. The body is kept per site under the database snapshot
 * (lib/snapshot-cache.ts), so it is never served after a committed change to groups, memberships or
 * positions, by any process. One body per site; a few sites at most are kept.
 */
const listCache = new SnapshotCache<Buffer>({ maxEntries: 64, maxWeight: 16 * 1024 * 1024 });

/** The `{ position_groups: [...] }` body for a site, as UTF-8 JSON (sent as it is, not encoded again). */
export async function listGroupsJson(db: Db, siteId: string): Promise<Buffer> {
  // ApiPositionGroup holds exactly the schema's fields, so this is what the serializer would write.
  return listCache.get(await readSnapshot(db), siteId, async () =>
    Buffer.from(JSON.stringify({ position_groups: await listGroups(db, siteId) })),
  );
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

/** One group with its positions; the counts follow from the member list. */
export async function findGroupDetail(
  db: Db,
  siteId: string,
  id: number,
): Promise<ApiPositionGroupDetail | undefined> {
  const row = await positionGroupRows.find(db, siteId, id);
  if (!row) return undefined;
  const members = await listMembers(db, siteId, id);
  const activePositionCount = members.filter((m) => m.is_active).length;
  return {
    ...toApiGroup({ ...row, positionCount: members.length, activePositionCount }),
    positions: members,
  };
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
