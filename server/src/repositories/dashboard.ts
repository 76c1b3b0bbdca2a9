/**
 * The dashboard's reads, each cheap at a million work entries: the site's entry total and the
 * 14-day chart come from the counts a trigger keeps (work_entry_site_totals, _hourly_counts), a
 * worker's own from their (user_id, created_at) index, and the recent five from the newest end of
 * an index. Users, positions and task templates are small tables, counted exactly. The tasks count
 * is the template library's: the dashboard's Tasks card opens that library, so the
 * number on the card is the number of rows it lands on.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { WORK_ENTRY_COUNT_CAP } from '#domain/work-entries.ts';
import type { Db } from '../db/client.ts';
import {
  workEntryHourlyCounts as h,
  positions,
  siteSettings,
  taskTemplates,
  users,
  workEntries as w,
  workEntrySiteTotals,
} from '../db/schema/index.ts';

/**
 * Everything the summary reads afresh on every call, in one round trip: the site's entry version
 * and total (trigger-kept), the small tables' counts and the stored time zone. What the version
 * covers (recent entries, the chart, a worker's own count) is remembered by the caller.
 */
export async function summaryState(db: Db, siteId: string) {
  const count = (table: typeof users | typeof positions | typeof taskTemplates) =>
    sql<number>`(select count(*)::int from ${table} where ${table.siteId} = ${siteId})`;
  const [row] = await db
    .select({
      version:
        sql<number>`coalesce((select sum(${workEntrySiteTotals.version}) from ${workEntrySiteTotals} where ${workEntrySiteTotals.siteId} = ${siteId}), -1)::bigint`.mapWith(
          Number,
        ),
      entries: sql<number>`coalesce((select sum(${workEntrySiteTotals.entries}) from ${workEntrySiteTotals} where ${workEntrySiteTotals.siteId} = ${siteId}), 0)::int`,
      users: count(users),
      positions: count(positions),
      tasks: count(taskTemplates),
      timeZone: sql<unknown>`(select ${siteSettings.settings} -> 'timezone' from ${siteSettings} where ${siteSettings.siteId} = ${siteId})`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** A worker's own entries, counted up to the cap (and one more). */
export async function countOwnEntries(db: Db, siteId: string, userId: number) {
  const limited = db
    .select({ one: sql`1` })
    .from(w)
    .where(and(eq(w.userId, userId), eq(w.siteId, siteId)))
    .limit(WORK_ENTRY_COUNT_CAP + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return row?.n ?? 0;
}

export function recentEntries(db: Db, siteId: string, limit: number, userId?: number) {
  return db
    .select({
      id: w.id,
      firstName: users.firstName,
      lastName: users.lastName,
      positionName: w.positionName,
      taskName: w.taskName,
      status: w.status,
      createdAt: w.createdAt,
    })
    .from(w)
    .innerJoin(users, eq(users.id, w.userId))
    .where(and(eq(w.siteId, siteId), userId === undefined ? undefined : eq(w.userId, userId)))
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(limit);
}

export interface DayCount {
  day: string;
  status: string;
  n: number;
}

/** Entries per local day (YYYY-MM-DD in `timeZone`) and status since `since`, for the site. */
export function siteDailyCounts(db: Db, siteId: string, since: Date, timeZone: string): Promise<DayCount[]> {
  // Grouped by position: the zone is a parameter, so a repeated expression would not be the same one.
  const day = sql<string>`to_char((${h.hour} at time zone 'UTC') at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({ day, status: h.status, n: sql<number>`sum(${h.entries})::int` })
    .from(h)
    .where(
      and(eq(h.siteId, siteId), gte(h.hour, sql`(${since.toISOString()}::timestamptz at time zone 'UTC')`)),
    )
    .groupBy(sql`1`, sql`2`);
}

/** The same for one worker's own entries. */
export function ownDailyCounts(
  db: Db,
  siteId: string,
  userId: number,
  since: Date,
  timeZone: string,
): Promise<DayCount[]> {
  const day = sql<string>`to_char(${w.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({ day, status: w.status, n: sql<number>`count(*)::int` })
    .from(w)
    .where(and(eq(w.userId, userId), eq(w.siteId, siteId), gte(w.createdAt, since)))
    .groupBy(sql`1`, sql`2`);
}
