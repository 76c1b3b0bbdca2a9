/**
 * The whole relational model (spec §3). Every row belongs to a site; list queries are backed by
 * (site_id, …) indexes; uniqueness that the product promises is a database constraint, so two
 * concurrent requests cannot both win.
 */
export * from './account-tokens.ts';
export * from './assignments.ts';
export * from './audit-events.ts';
export * from './coverage.ts';
export * from './floor-plans.ts';
export * from './idempotency-keys.ts';
export * from './job-history.ts';
export * from './notifications.ts';
export * from './outbox.ts';
export * from './positions.ts';
export * from './roles.ts';
export * from './share-links.ts';
export * from './site-settings.ts';
export * from './sites.ts';
export * from './tasks.ts';
export * from './trash.ts';
export * from './user-groups.ts';
export * from './users.ts';
export * from './webhooks.ts';
export * from './work-entries.ts';
export * from './work-entries-archive.ts';

import { assignmentsUnique } from './assignments.ts';
import type { UniqueMessages } from './columns.ts';
import { positionsUnique } from './positions.ts';
import { rolesUnique } from './roles.ts';
import { tasksUnique } from './tasks.ts';
import { userGroupsUnique } from './user-groups.ts';
import { usersUnique } from './users.ts';

/** Every unique constraint's field and message; each table's own list stands beside it. */
export const UNIQUE_MESSAGES: UniqueMessages = {
  ...usersUnique,
  ...positionsUnique,
  ...userGroupsUnique,
  ...tasksUnique,
  ...assignmentsUnique,
  ...rolesUnique,
};
