import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { siteId } from './columns.ts';
import { entryColumns, entryConstraints, photoColumns, photoIndexes } from './work-entry-columns.ts';

/**
 * Work entries the auto-archive job moved out of work_entries (server/src/jobs/work-entry-archive.ts):
 * closed entries older than the site's retention, never deleted, read-only. The id is the entry's
 * own (the primary key is what makes a second move of the same entry impossible). The names are
 * copied at the move, and there are no foreign keys to users, positions or tasks: the archive is a
 * record of what happened and outlives them.
 */
export const workEntriesArchive = pgTable(
  'work_entries_archive',
  {
    id: integer('id').primaryKey(),
    siteId: siteId(),
    userId: integer('user_id').notNull(),
    positionId: integer('position_id').notNull(),
    taskId: integer('task_id'),
    taskInstanceId: integer('task_instance_id'),
    ...entryColumns(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    positionName: text('position_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...entryConstraints('work_entries_archive', t),
    index('work_entries_archive_site_user_idx').on(t.siteId, t.userId, t.createdAt, t.id),
    index('work_entries_archive_site_position_idx').on(t.siteId, t.positionId, t.createdAt, t.id),
  ],
);

/** The archived entries' photo rows (same ids as before; the files stay where they were). */
export const workEntryPhotosArchive = pgTable(
  'work_entry_photos_archive',
  {
    id: integer('id').primaryKey(),
    ...photoColumns(() => workEntriesArchive.id),
  },
  photoIndexes('work_entry_photos_archive'),
);

/**
 * One row per site, job and run slot (for the daily archive: the UTC day): whoever inserts it runs
 * that slot. Used by the in-process job runner (the embedded database) and direct calls; on
 * PostgreSQL the pg-boss queue runs each slot once and jobs claim nothing here (server/src/jobs).
 * A claim whose heartbeat stops (the process died) may be taken over after a while.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    siteId: siteId(),
    job: text('job').notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    claimedBy: text('claimed_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    moved: integer('moved').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.job, t.slot] }),
    check('job_runs_moved_check', sql`${t.moved} >= 0`),
  ],
);
