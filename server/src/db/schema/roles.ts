/** Custom roles (the administration issue) and who holds them. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { uniqueMessages } from '../unique-messages.ts';
import { createdAt, id, optionalRef, ref, siteId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const customRoles = pgTable(
  'custom_roles',
  {
    id: id(),
    siteId: siteId(),
    name: text('name').notNull(),
    level: integer('level').notNull().default(1),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdBy: optionalRef('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_roles_site_name_unique').on(t.siteId, sql`lower(${t.name})`)],
);

/**
 * The custom role a user holds, if any (one per user). users.role keeps a built-in role beside it
 * (worker, the least) because tokens and sessions carry a built-in role; whoever holds a row here
 * is granted exactly the custom role's permissions (server/src/infra/effective-permissions.ts).
 * A held role cannot be deleted: the foreign key restricts, whatever races the service's count.
 */
export const customRoleHolders = pgTable(
  'custom_role_holders',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: siteId(),
    roleId: ref('role_id', () => customRoles.id, 'restrict'),
  },
  (t) => [
    index('custom_role_holders_role_idx').on(t.roleId),
    index('custom_role_holders_site_idx').on(t.siteId),
  ],
);

export const rolesUnique = uniqueMessages({
  custom_roles_site_name_unique: { field: 'name', message: 'A role with this name already exists' },
});
