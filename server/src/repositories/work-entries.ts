/**
 * Work entries, always within one site: the filtered list (keyset pages, a capped count), the
 * export's batches, one entry with its names, and the writes of check-in and status changes.
 */
import { and, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { WorkEntrySort, WorkEntryStatus } from '#domain/work-entries.ts';
import type { Db } from '../db/client.ts';
import {
  positions,
  tasks,
  users,
  workEntries as w,
  workEntryPhotos,
  workEntrySiteTotals,
} from '../db/schema/index.ts';
import { siteScoped } from './site-scoped.ts';
import { afterCursor, encodeCursor, type Keyset, keyColumns, orderBy } from './work-entries-keyset.ts';

export type WorkEntryRow = typeof w.$inferSelect;
export type NewWorkEntry = Omit<typeof w.$inferInsert, 'siteId' | 'id' | 'workerName' | 'positionName'>;

/** find, insert, update and remove by id, always within the site. */
export const workEntryRows = siteScoped(w);

export interface EntryFilter {
  /** Only this worker's entries (a caller without work_entries.view_all). */
  ownerId?: number;
  status?: WorkEntryStatus;
  userId?: number;
  positionId?: number;
  taskId?: number;
  /** Inclusive days (YYYY-MM-DD) in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
  search?: string;
}

/** % and _ stand for themselves in a search. */
const likeEscape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Words of a search as a prefix tsquery ("conc:* & pour:*"); letters and digits only, so never syntax. */
export function notesQuery(search: string): string | undefined {
  const words = search.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8);
  return words?.length ? words.map((word) => `${word.toLowerCase()}:*`).join(' & ') : undefined;
}

/**
 * What a search found: the site's workers, positions and tasks whose names hold the text, and its
 * notes words.
 */
export interface SearchFound {
  userIds: number[];
  positionIds: number[];
  taskIds: number[];
  /** The words as a prefix tsquery (undefined: no letters or digits). */
  notes: string | undefined;
}

/**
 * The search's matches as names: the site's workers, positions and tasks whose names hold the
 * text (small tables) become id lists, and its words a tsquery of the notes.
 */
async function searchFound(db: Db, siteId: string, search: string): Promise<SearchFound> {
  const like = likeEscape(search);
  // The three small lookups in one round trip.
  const [found] = await db
    .select({
      userIds: sql<number[]>`array(select ${users.id} from ${users} where ${and(
        eq(users.siteId, siteId),
        or(
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ),
      )} order by 1)`,
      positionIds: sql<number[]>`array(select ${positions.id} from ${positions} where ${and(
        eq(positions.siteId, siteId),
        or(ilike(positions.positionName, like), ilike(positions.positionCode, like)),
      )} order by 1)`,
      taskIds: sql<number[]>`array(select ${tasks.id} from ${tasks} where ${and(
        eq(tasks.siteId, siteId),
        or(ilike(tasks.taskName, like), ilike(tasks.taskCode, like)),
      )} order by 1)`,
    })
    .from(sql`(select 1) as one`);
  // Arrays of int come back as numbers from PostgreSQL and PGlite alike.
  return {
    userIds: found.userIds.map(Number),
    positionIds: found.positionIds.map(Number),
    taskIds: found.taskIds.map(Number),
    notes: notesQuery(search),
  };
}

/**
 * The search as conditions on indexed columns, in two arms: the found workers' entries, and the
 * rest (the found positions' and tasks' entries, and the notes matched word by word through their
 * full-text index), so no search reads the whole table. Undefined: that arm finds nothing.
 */
export function searchArms(found: SearchFound): { byWorker: SQL | undefined; rest: SQL | undefined } {
  const rest: SQL[] = [];
  if (found.positionIds.length) rest.push(inArray(w.positionId, found.positionIds));
  if (found.taskIds.length) rest.push(inArray(w.taskId, found.taskIds));
  if (found.notes)
    rest.push(
      sql`(${w.notes} is not null and to_tsvector('simple', ${w.notes}) @@ to_tsquery('simple', ${found.notes}))`,
    );
  return {
    byWorker: found.userIds.length ? inArray(w.userId, found.userIds) : undefined,
    rest: rest.length ? or(...rest) : undefined,
  };
}

function searchCondition(found: SearchFound): SQL {
  const { byWorker, rest } = searchArms(found);
  return (or(byWorker, rest) as SQL | undefined) ?? sql`false`;
}

/** Start of a day in the site's zone, as an instant. */
export const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/** The columns the filters read, which the live entries and the archive both have. */
interface FilteredColumns {
  userId: PgColumn;
  status: PgColumn;
  positionId: PgColumn;
  taskId: PgColumn;
  createdAt: PgColumn;
}

/** The filters but the search, on the live entries' or the archive's columns (undefined: none). */
export function filterParts(t: FilteredColumns, f: Omit<EntryFilter, 'search'>): (SQL | undefined)[] {
  return [
    f.ownerId === undefined ? undefined : eq(t.userId, f.ownerId),
    f.status === undefined ? undefined : eq(t.status, f.status),
    f.userId === undefined ? undefined : eq(t.userId, f.userId),
    f.positionId === undefined ? undefined : eq(t.positionId, f.positionId),
    f.taskId === undefined ? undefined : eq(t.taskId, f.taskId),
    f.from === undefined ? undefined : gte(t.createdAt, dayStart(f.from, f.timeZone)),
    f.to === undefined ? undefined : lt(t.createdAt, dayStart(f.to, f.timeZone, 1)),
  ];
}

export async function filterCondition(db: Db, siteId: string, f: EntryFilter): Promise<SQL> {
  return (await filterSearched(db, siteId, f)).condition;
}

/** The filters as one condition, and what its search found (undefined: no search). */
export async function filterSearched(
  db: Db,
  siteId: string,
  f: EntryFilter,
): Promise<{ condition: SQL; found: SearchFound | undefined }> {
  const found = f.search ? await searchFound(db, siteId, f.search) : undefined;
  return {
    condition: workEntryRows.where(siteId, ...filterParts(w, f), found ? searchCondition(found) : undefined),
    found,
  };
}

/** The columns a page or an export row carries (names joined from their tables, keys as text). */
function entryColumns(sort: WorkEntrySort, withPhotos: boolean) {
  return {
    id: w.id,
    userId: w.userId,
    firstName: users.firstName,
    lastName: users.lastName,
    positionId: w.positionId,
    positionName: w.positionName,
    taskId: w.taskId,
    taskName: w.taskName,
    status: w.status,
    durationMinutes: w.durationMinutes,
    startedAt: w.startedAt,
    createdAt: w.createdAt,
    completedAt: w.completedAt,
    pausedAt: w.pausedAt,
    pausedSeconds: w.pausedSeconds,
    notes: w.notes,
    nfcTagId: w.nfcTagId,
    latitude: w.latitude,
    longitude: w.longitude,
    distanceMeters: w.distanceMeters,
    k0: keyColumns(sort).k0.as('k0'),
    k1: keyColumns(sort).k1.as('k1'),
    /** The entry's photo ids in upload order, in the same round trip (null when not asked for). */
    photoIds: (withPhotos
      ? sql<
          number[]
        >`(select coalesce(array_agg(${workEntryPhotos.id} order by ${workEntryPhotos.id}), '{}') from ${workEntryPhotos} where ${workEntryPhotos.workEntryId} = ${w.id})`
      : sql<number[] | null>`null`
    ).as('photo_ids'),
  };
}

export type EntryListRow = Awaited<ReturnType<typeof selectEntries>>[number];

/**
 * One of the site's kept counters (work_entry_site_totals: the sum of the site's rows, migration
 * 0030), read in the page's or the count's own statement: one InitPlan each; `missing` where the
 * site has no row yet.
 */
export const siteCounter = (siteId: string, column: 'version' | 'reshaped' | 'entries', missing: number) =>
  sql<number>`coalesce((select sum(${workEntrySiteTotals[column]}) from ${workEntrySiteTotals} where ${workEntrySiteTotals.siteId} = ${siteId}), ${missing})::bigint`.mapWith(
    Number,
  );
/** The site's entry version: any change to its entries, or to what a page shows of them. */
const siteVersion = (siteId: string) => siteCounter(siteId, 'version', -1);
const siteEntries = (siteId: string) => siteCounter(siteId, 'entries', 0);

/** Entries with their names; `site`: the site's counters too, in the same statement. */
export function selectEntries<Extra extends Record<string, SQL.Aliased>>(
  db: Db,
  sort: WorkEntrySort,
  condition: SQL | undefined,
  withPhotos = true,
  site?: { id: string; total: boolean },
  extra?: Extra,
) {
  return db
    .select({
      ...entryColumns(sort, withPhotos),
      siteVersion: (site ? siteVersion(site.id) : sql<number | null>`null`).as('site_version'),
      siteTotal: (site?.total ? siteEntries(site.id) : sql<number | null>`null`).as('site_total'),
      ...(extra as Extra),
    })
    .from(w)
    .innerJoin(users, eq(users.id, w.userId))
    .where(condition);
}

/** One page in the keyset's order after `cursor` (from the start without one). */
export async function pageAfter(
  db: Db,
  condition: SQL,
  keyset: Keyset,
  limit: number,
  cursor?: string,
  options: {
    photos?: boolean;
    /** Also read the site's entry version (and its total) in the same statement. */
    site?: { id: string; total: boolean };
  } = {},
): Promise<{ rows: EntryListRow[]; nextCursor: string | null }> {
  const continued = cursor === undefined ? { keyset, after: undefined } : afterCursor(keyset, cursor);
  if (!continued) throw new InvalidCursor();
  const rows = await selectEntries(
    db,
    keyset.sort,
    and(condition, continued.after),
    options.photos ?? true,
    options.site,
  )
    .orderBy(...orderBy(continued.keyset))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: more && last ? encodeCursor(continued.keyset, last) : null };
}

/** The cursor of a page's request was not made by pageAfter for this sort and order. */
export class InvalidCursor extends Error {}

/** The site's entry version alone (to check a remembered count of no matches). */
export async function siteEntryVersion(db: Db, siteId: string): Promise<number> {
  const [row] = await db.select({ version: siteVersion(siteId) }).from(sql`(select 1) as one`);
  return row?.version ?? -1;
}

/** Exact matches of the condition (the export's row count: one scan, once per download). */
export async function countAll(db: Db, condition: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(w).where(condition);
  return row?.n ?? 0;
}

/** One entry of the site with its worker's names (for answers after a write). */
export async function findEntry(db: Db, siteId: string, id: number) {
  const [row] = await selectEntries(db, 'created', workEntryRows.where(siteId, eq(w.id, id))).limit(1);
  return row;
}

/** The worker and status of each of these entries of the site (what a live event says about them). */
export async function entryOwners(db: Db, siteId: string, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: w.id, userId: w.userId, status: w.status })
    .from(w)
    .where(workEntryRows.where(siteId, inArray(w.id, ids)));
}

/**
 * Applies a status change only if the entry is still in `from` (two changes racing: one wins,
 * the other sees no row and re-reads). Returns whether it applied.
 */
export async function updateIfStatus(
  db: Db,
  siteId: string,
  id: number,
  from: WorkEntryStatus,
  changes: Partial<NewWorkEntry>,
): Promise<boolean> {
  const rows = await db
    .update(w)
    .set(changes)
    .where(workEntryRows.where(siteId, eq(w.id, id), eq(w.status, from)))
    .returning({ id: w.id });
  return rows.length > 0;
}

/**
 * How far the planner's statistics of the entry tables are behind: the row count the last
 * ANALYZE saw (reltuples, -1 before any) beside the real one (entries from the trigger-kept
 * totals; the hourly counts, a small table, counted).
 */
export async function statisticsLag(db: Db) {
  const result = await db.execute(sql`
    select c.relname as "table", c.reltuples::float8 as "analyzed",
      case c.relname
        when 'work_entries' then (select coalesce(sum(${workEntrySiteTotals.entries}), 0) from ${workEntrySiteTotals})
        else (select count(*) from work_entry_hourly_counts)
      end::float8 as "rows"
    from pg_class c
    where c.relname in ('work_entries', 'work_entry_hourly_counts') and c.relkind = 'r'`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    table: string;
    analyzed: number;
    rows: number;
  }[];
  return rows.map((r) => ({ table: r.table, analyzed: Number(r.analyzed), rows: Number(r.rows) }));
}

/** ANALYZE one of the entry tables (the names come from statisticsLag, never from input). */
export async function analyzeTable(db: Db, table: 'work_entries' | 'work_entry_hourly_counts') {
  await db.execute(sql`analyze ${sql.identifier(table)}`);
}

/**
 * VACUUM of the entry tables and their counters (PGlite's upkeep job; PostgreSQL's autovacuum
 * does it there). Index cleanup AUTO: skipped while few pages hold dead rows.
 */
export async function vacuumEntryTables(db: Db) {
  await db.execute(
    sql`vacuum (index_cleanup auto) work_entries, work_entry_photos, work_entry_hourly_counts, work_entry_site_totals`,
  );
}
