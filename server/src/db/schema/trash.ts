import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { TRASH_TYPES } from '#domain/trash.ts';
import { id, inList, siteId } from './columns.ts';

/**
 * The trash: a deleted record and what went with it, kept 30 days so it can be
 * restored with the same ids. The record is really removed from its own table (so its code,
 * email or NFC tag is free for a new record); here it is a copy of its rows as the database had
 * them (`to_jsonb`), read back with `jsonb_populate_record`, so a restore is exact to the column.
 *
 * `rows`: `[{ table, rows: [...] }]`, the record's own table first, then what went with it in the
 * order it is put back. `links`: references other rows had to the record that the delete emptied
 * (a template's instances, what a user assigned or granted): `[{ table, column, keys, to? }]`, each
 * key the row's primary key columns and values, `to` the id they pointed at when not the record's
 * own (the windows a position group's schedule judged).
 */
export const trashItems = pgTable(
  'trash_items',
  {
    id: id(),
    siteId: siteId(),
    entityType: text('entity_type').notNull(),
    /** Text, as in the audit log: an assignment's key is two ids ("position:task"). */
    entityId: text('entity_id').notNull(),
    label: text('label').notNull(),
    rows: jsonb('rows').$type<TrashTableRows[]>().notNull(),
    links: jsonb('links').$type<TrashLink[]>().notNull().default([]),
    /** Who deleted it; no foreign key: the item outlives the user, whose name is kept as it was. */
    deletedById: integer('deleted_by_id'),
    deletedByName: text('deleted_by_name').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    purgeAfter: timestamp('purge_after', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
  },
  (t) => [
    index('trash_items_site_idx').on(t.siteId, t.deletedAt, t.id),
    index('trash_items_site_type_idx').on(t.siteId, t.entityType, t.deletedAt, t.id),
    index('trash_items_purge_idx').on(t.siteId, t.purgeAfter),
    check('trash_items_type_check', inList(t.entityType, TRASH_TYPES)),
  ],
);

export interface TrashTableRows {
  table: string;
  rows: Record<string, unknown>[];
}

export interface TrashLink {
  table: string;
  column: string;
  keys: Record<string, unknown>[];
  /** The id set back; the record's own when absent (a group's schedule's, for its windows). */
  to?: number;
}
