/**
 * Position groups. Every query takes the site id; rows leave as the snake_case shapes of the API.
 * Which positions a group holds is position-group-members.ts.
 */
import type { Static } from '@sinclair/typebox';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positionGroups } from '../db/schema/index.ts';
import { rowMapper } from '../lib/api-row.ts';
import { ReadCache, readSnapshot, underSnapshot } from '../lib/read-cache.ts';
import { PositionGroup, type PositionGroupDetail } from '../schemas/position-group.ts';
import { listMembers, memberCounts } from './position-group-members.ts';
import { siteScoped } from './site-scoped.ts';

export type ApiPositionGroup = Static<typeof PositionGroup>;
export type ApiPositionGroupDetail = Static<typeof PositionGroupDetail>;

/** find, insert, update and remove by id, always within the site. */
export const positionGroupRows = siteScoped(positionGroups);

/** The list's record: the group's columns and its two counts. */
const toApiGroup = rowMapper(PositionGroup);

/**
 * The site's groups with their member counts, in one statement (no query per group). The counts
 * are aggregated from the memberships first and then joined to the groups: PGlite never runs
 * ANALYZE, and without statistics the planner took the plain three-table join for a tiny one and
 * nested-looped it (one index scan per group); this shape gets hash joins with or without
 * statistics, about twice as fast for 200 groups of 25.
 */
export async function listGroups(db: Db, siteId: string): Promise<ApiPositionGroup[]> {
  const counts = memberCounts(db, siteId);
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
 * (lib/read-cache.ts), so it is never served after a committed change to groups, memberships or
 * positions, by any process. One body per site; a few sites at most are kept.
 */
const listCache = new ReadCache<Buffer>({ ...underSnapshot, maxEntries: 64, maxWeight: 16 * 1024 * 1024 });

/** The `{ position_groups: [...] }` body for a site, as UTF-8 JSON (sent as it is, not encoded again). */
export async function listGroupsJson(db: Db, siteId: string): Promise<Buffer> {
  // ApiPositionGroup holds exactly the schema's fields, so this is what the serializer would write.
  return listCache.get(db, siteId, await readSnapshot(db), async () =>
    Buffer.from(JSON.stringify({ position_groups: await listGroups(db, siteId) })),
  );
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
