import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, updatedAt } from './columns.ts';
import { sites } from './sites.ts';
import { users } from './users.ts';

/** Server-wide secrets generated on first start (e.g. the JWT key when JWT_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Site settings: stored as one JSON object that the defaults are overlaid with. */
export const siteSettings = pgTable('site_settings', {
  siteId: text('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: optionalRef('updated_by', () => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
