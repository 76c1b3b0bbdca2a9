/** Column builders every table shares: ids, site ownership, the active flag and timestamps. */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';

export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}
export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}
export function id() {
  return integer('id').primaryKey().generatedAlwaysAsIdentity();
}
/** The row's on/off switch; a new row is active. */
export function isActive() {
  return boolean('is_active').notNull().default(true);
}
export function siteId() {
  return text('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });
}
/** A required reference to another table's row: its deletion deletes this row, or is refused. */
export function ref(name: string, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') {
  return integer(name).notNull().references(target, { onDelete });
}
/** An optional reference (who did it, what it came from): emptied when that row is deleted. */
export function optionalRef(name: string, target: () => AnyPgColumn) {
  return integer(name).references(target, { onDelete: 'set null' });
}

/**
 * A CHECK list from a domain constant (roles, group types, statuses), so the database and the
 * code can never list different values. Values are constants of the code, never input.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}
