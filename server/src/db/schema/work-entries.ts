import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, optionalRef, ref, siteId, updatedAt } from './columns.ts';
import { positions } from './positions.ts';
import { sites } from './sites.ts';
import { taskInstances, tasks } from './tasks.ts';
import { users } from './users.ts';
import { entryColumns, entryConstraints, photoColumns, photoIndexes } from './work-entry-columns.ts';

/**
 * A worker's log against a task at a position. Users and positions it names are never deleted
 * under it.
 *
 * The list pages by keyset over a million rows, so every sort has an index of the same order
 * ((site_id, key, id), scanned either way), and the filters that narrow most (worker, position,
 * task) have their own (…, created_at, id) index, which also serves the foreign keys.
 * worker_name and position_name copy the names the worker and position sorts order by; triggers
 * (migration 0004) fill them on insert and follow a rename, so they never go stale.
 */
const entry = entryColumns();

export const workEntries = pgTable(
  'work_entries',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id', () => users.id, 'restrict'),
    positionId: ref('position_id', () => positions.id, 'restrict'),
    taskId: optionalRef('task_id', () => tasks.id),
    taskInstanceId: optionalRef('task_instance_id', () => taskInstances.id),
    ...entry,
    // The same columns with a new entry's defaults (the archive copies every value: it has none).
    status: entry.status.default('in_progress'),
    startedAt: entry.startedAt.defaultNow(),
    /** Since when the entry is paused (null while running or closed). */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** "First Last" of the worker; written by a trigger, never by the app. */
    workerName: text('worker_name')
      .notNull()
      .$defaultFn(() => sql`null`),
    /** The position's name; written by a trigger, never by the app. */
    positionName: text('position_name')
      .notNull()
      .$defaultFn(() => sql`null`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...entryConstraints('work_entries', t),
    index('work_entries_site_completed_idx').on(
      t.siteId,
      sql`coalesce(${t.completedAt}, 'infinity'::timestamptz)`,
      t.id,
    ),
    index('work_entries_site_status_idx').on(t.siteId, t.status, t.createdAt, t.id),
    index('work_entries_site_worker_idx').on(t.siteId, t.workerName, t.id),
    index('work_entries_site_position_name_idx').on(t.siteId, t.positionName, t.id),
    index('work_entries_site_task_name_idx').on(t.siteId, sql`coalesce(${t.taskName}, '')`, t.id),
    index('work_entries_site_duration_idx').on(t.siteId, sql`coalesce(${t.durationMinutes}, -1)`, t.id),
    // site_id last: a count of a worker's (or position's, task's) entries within the site reads
    // the index alone, never the table.
    index('work_entries_user_idx').on(t.userId, t.createdAt, t.id, t.siteId),
    index('work_entries_position_idx').on(t.positionId, t.createdAt, t.id, t.siteId),
    index('work_entries_task_idx').on(t.taskId, t.createdAt, t.id, t.siteId),
    index('work_entries_notes_search_idx')
      .using('gin', sql`to_tsvector('simple', ${t.notes})`)
      .where(sql`${t.notes} is not null`),
    check('work_entries_paused_seconds_check', sql`${t.pausedSeconds} >= 0`),
    // The field app and the check-in (migration 0013): a position's or a worker's open entries,
    // few among a million, and whether a task was completed at a position (its dependents wait),
    // each an index probe rather than a scan of every entry at the position.
    index('work_entries_open_position_idx')
      .on(t.siteId, t.positionId)
      .where(sql`${t.status} in ('in_progress', 'paused')`),
    index('work_entries_open_user_idx')
      .on(t.siteId, t.userId)
      .where(sql`${t.status} in ('in_progress', 'paused')`),
    index('work_entries_completed_task_idx')
      .on(t.siteId, t.positionId, t.taskId, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    // Each sort's order within a status (the status index is created's): a status filter reads
    // its status's range of the index in the page's order, first page or deep, whatever the
    // other filters (migration work_entries_status_sort_indexes). A sort index alone walks past
    // every other status, and where a status's entries gather at one end of a key (open entries
    // have no completion or duration) a page of them, or of a search within them, walked most of
    // the table: 1.5–9 s at a million entries (a notes search among failed entries by duration passed 693,000 rows).
    // These replace 0014's partial indexes of the open entries, which they cover.
    ...(
      [
        ['completed', sql`coalesce(${t.completedAt}, 'infinity'::timestamptz)`],
        ['duration', sql`coalesce(${t.durationMinutes}, -1)`],
        ['worker', sql`${t.workerName}`],
        ['position_name', sql`${t.positionName}`],
        ['task_name', sql`coalesce(${t.taskName}, '')`],
      ] as const
    ).map(([name, key]) => index(`work_entries_status_${name}_idx`).on(t.siteId, t.status, key, t.id)),
    // A search within a status (migration work_entries_status_search_indexes): the search's worker,
    // position and task id lists are each read within the status's range, and its notes words
    // among the entries not completed (few: completed are most of a site's entries), so the matches
    // of a search and a rare status are found exactly, without reading the search's matches of
    // every other status from the table (a task's 52,000 entries to find its 4,000 failed ones).
    index('work_entries_status_user_idx').on(t.siteId, t.status, t.userId),
    index('work_entries_status_position_idx').on(t.siteId, t.status, t.positionId),
    index('work_entries_status_task_idx').on(t.siteId, t.status, t.taskId),
    index('work_entries_notes_search_not_completed_idx')
      .using('gin', sql`to_tsvector('simple', ${t.notes})`)
      .where(sql`${t.notes} is not null and ${t.status} <> 'completed'`),
  ],
);

/** A photo's file lives under the photo folder (PHOTO_DIR); `url` is its path there, never served as is. */
export const workEntryPhotos = pgTable(
  'work_entry_photos',
  {
    id: id(),
    ...photoColumns(() => workEntries.id),
  },
  photoIndexes('work_entry_photos'),
);

/**
 * Entries per site, UTC hour and status, kept by a statement trigger on work_entries (migration
 * 0004): the dashboard's count and 14-day chart read a few hundred rows instead of a million.
 */
export const workEntryHourlyCounts = pgTable(
  'work_entry_hourly_counts',
  {
    siteId: siteId(),
    /** The UTC hour the entries were created in (timestamp without zone, in UTC). */
    hour: timestamp('hour', { withTimezone: false }).notNull(),
    status: text('status').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    /** Which of the site's rows for the hour and status (COUNTER_SHARDS below). */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.hour, t.status, t.shard] })],
);

/**
 * Entries per site, kept by the same trigger: the dashboard's total in one short index read.
 * `version` goes up with every statement that inserts, updates or deletes entries of the site
 * (migration 0009), so an answer computed from the site's entries and remembered with the version
 * it was read at is still right exactly while the version is unchanged, in any process.
 * `reshaped` goes up with every such change but an insert of entries, by as many matches as it may
 * have taken from any filter (migration 0032): the entries an update or a delete touched, and 10^9
 * for a name, code or setting a filter matches through (migration 0011). So a count of m matches
 * read at r still has at least m - (reshaped - r): one past the cap by more than that still is.
 */
export const workEntrySiteTotals = pgTable(
  'work_entry_site_totals',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /**
     * The counters are split over up to eight rows per site (migration 0030), each transaction
     * writing the one its database connection picks (`work_entry_counter_shard()`): every write
     * holds its row's lock until it commits, and with one row per site a site's writes committed
     * one at a time. Readers add the rows up; a version is the sum, which still moves with every
     * write.
     */
    shard: smallint('shard').notNull().default(0),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    reshaped: bigint('reshaped', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.shard] })],
);
