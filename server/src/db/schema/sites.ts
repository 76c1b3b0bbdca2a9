/**
 * The sites. Every site-owned table references this one through columns.ts's siteId(), so this
 * file imports nothing of the schema: the site's own timestamps are written out here.
 */
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /**
   * Bumped by a trigger (migration 0001) on every insert, update or delete of the site's users, so
   * a cached users list can be checked with one primary-key read. The trigger's row lock on the
   * site orders concurrent writers, so the number only grows in commit order.
   */
  usersVersion: bigint('users_version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
