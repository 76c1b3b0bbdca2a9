/**
 * What work_entries and work_entries_archive (and their photo tables) both hold, built once, so the
 * archive cannot drift from the rows it copies. The archive job copies column by column
 * (repositories/work-entries-archive.ts), and Drizzle's insert … select pairs the columns in the
 * table's order: each table spreads these where it has always listed them.
 */
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { WORK_ENTRY_STATUSES } from '#domain/work-entries.ts';
import { createdAt, inList, ref, siteId, updatedAt } from './columns.ts';

/**
 * An entry's task name, status, times, pause total, notes, tag and place, as the archive keeps them
 * (no defaults: it copies every value). The live table adds its defaults to status and startedAt.
 */
export function entryColumns() {
  return {
    taskName: text('task_name'),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    /** Seconds spent paused, already ended pauses only; excluded from the duration. */
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    notes: text('notes'),
    nfcTagId: text('nfc_tag_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Metres from the position's coordinates when the phone and the position both had some. */
    distanceMeters: integer('distance_meters'),
  };
}

/** The list's creation-order index within the site and the status list, named after the table. */
export function entryConstraints(
  table: string,
  t: { siteId: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn; status: AnyPgColumn },
) {
  return [
    index(`${table}_site_created_idx`).on(t.siteId, t.createdAt, t.id),
    check(`${table}_status_check`, inList(t.status, WORK_ENTRY_STATUSES)),
  ];
}

/** A photo row of an entry (all but the id): deleted with its entry. */
export function photoColumns(entryId: () => AnyPgColumn) {
  return {
    siteId: siteId(),
    workEntryId: ref('work_entry_id', entryId, 'cascade'),
    url: text('url').notNull(),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  };
}

/** The photo table's index: an entry's photos, named after the table. */
export const photoIndexes = (table: string) => (t: { workEntryId: AnyPgColumn }) => [
  index(`${table}_entry_idx`).on(t.workEntryId),
];
