import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { WORK_ENTRY_STATUSES } from '#domain/work-entries.ts';
import { createdAt, inList, ref, siteId, updatedAt } from './columns.ts';

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
    taskName: text('task_name'),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    notes: text('notes'),
    nfcTagId: text('nfc_tag_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    distanceMeters: integer('distance_meters'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    positionName: text('position_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_entries_archive_site_created_idx').on(t.siteId, t.createdAt, t.id),
    index('work_entries_archive_site_user_idx').on(t.siteId, t.userId, t.createdAt, t.id),
    index('work_entries_archive_site_position_idx').on(t.siteId, t.positionId, t.createdAt, t.id),
    check('work_entries_archive_status_check', inList(t.status, WORK_ENTRY_STATUSES)),
  ],
);

/** The archived entries' photo rows (same ids as before; the files stay where they were). */
export const workEntryPhotosArchive = pgTable(
  'work_entry_photos_archive',
  {
    id: integer('id').primaryKey(),
    siteId: siteId(),
    workEntryId: ref('work_entry_id', () => workEntriesArchive.id, 'cascade'),
    url: text('url').notNull(),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('work_entry_photos_archive_entry_idx').on(t.workEntryId)],
);

/**
 * One row per site, job and run slot (for the daily archive: the UTC day): whoever inserts it runs
 * that slot, so several server processes on one database run a job once per site, not once each.
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
