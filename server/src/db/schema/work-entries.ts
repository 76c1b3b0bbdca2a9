import { check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WORK_ENTRY_STATUSES } from '#domain/work-entries.ts';
import { createdAt, id, inList, siteId, updatedAt } from './columns.ts';
import { positions } from './positions.ts';
import { taskInstances, tasks } from './tasks.ts';
import { users } from './users.ts';

/** A worker's log against a task at a position. Users and positions it names are never deleted under it. */
export const workEntries = pgTable(
  'work_entries',
  {
    id: id(),
    siteId: siteId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'restrict' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    taskInstanceId: integer('task_instance_id').references(() => taskInstances.id, { onDelete: 'set null' }),
    taskName: text('task_name'),
    status: text('status').notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    notes: text('notes'),
    nfcTagId: text('nfc_tag_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_entries_site_created_idx').on(t.siteId, t.createdAt),
    index('work_entries_user_idx').on(t.userId),
    index('work_entries_position_idx').on(t.positionId),
    check('work_entries_status_check', inList(t.status, WORK_ENTRY_STATUSES)),
  ],
);

export const workEntryPhotos = pgTable(
  'work_entry_photos',
  {
    id: id(),
    siteId: siteId(),
    workEntryId: integer('work_entry_id')
      .notNull()
      .references(() => workEntries.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('work_entry_photos_entry_idx').on(t.workEntryId)],
);
