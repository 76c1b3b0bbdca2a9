/** Custom roles (the administration issue). */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UniqueMessages } from './columns.ts';
import { createdAt, id, siteId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const customRoles = pgTable(
  'custom_roles',
  {
    id: id(),
    siteId: siteId(),
    name: text('name').notNull(),
    level: integer('level').notNull().default(1),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_roles_site_name_unique').on(t.siteId, sql`lower(${t.name})`)],
);

export const rolesUnique: UniqueMessages = {
  custom_roles_site_name_unique: { field: 'name', message: 'A role with this name already exists' },
};
