import { bigint, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /**
   * Bumped by a trigger (migration 0001) on every insert, update or delete of the site's users, so
   * a cached users list can be checked with one primary-key read. The trigger's row lock on the
   * site orders concurrent writers, so the number only grows in commit order.
   */
  usersVersion: bigint('users_version', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Server-wide secrets generated on first start (e.g. the JWT key when JWT_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Site settings (spec §3): stored as one JSON object that the defaults are overlaid with. */
export const siteSettings = pgTable('site_settings', {
  siteId: text('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: optionalRef('updated_by', () => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
