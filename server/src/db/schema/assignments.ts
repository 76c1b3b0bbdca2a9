/** Which tasks apply at which position, and the dependencies between them. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEPENDENCY_TYPES } from '#domain/tasks.ts';
import { uniqueMessages } from '../unique-messages.ts';
import { createdAt, id, inList, isActive, optionalRef, ref, siteId, updatedAt } from './columns.ts';
import { positions } from './positions.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

export const positionTaskAssignments = pgTable(
  'position_task_assignments',
  {
    siteId: siteId(),
    positionId: ref('position_id', () => positions.id, 'cascade'),
    taskId: ref('task_id', () => tasks.id, 'cascade'),
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: isActive(),
    assignedBy: optionalRef('assigned_by', () => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.positionId, t.taskId] }),
    index('position_task_assignments_task_idx').on(t.taskId),
    index('position_task_assignments_site_idx').on(t.siteId),
  ],
);

export const taskDependencies = pgTable(
  'task_dependencies',
  {
    id: id(),
    siteId: siteId(),
    positionId: ref('position_id', () => positions.id, 'cascade'),
    taskId: ref('task_id', () => tasks.id, 'cascade'),
    dependsOnTaskId: ref('depends_on_task_id', () => tasks.id, 'cascade'),
    dependencyType: text('dependency_type').notNull().default('requires'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('task_dependencies_unique').on(t.positionId, t.taskId, t.dependsOnTaskId),
    index('task_dependencies_site_idx').on(t.siteId, t.positionId),
    check('task_dependencies_not_self', sql`${t.taskId} <> ${t.dependsOnTaskId}`),
    check('task_dependencies_type_check', inList(t.dependencyType, DEPENDENCY_TYPES)),
  ],
);

export const assignmentsUnique = uniqueMessages({
  task_dependencies_unique: { field: 'depends_on_task_id', message: 'This dependency already exists' },
  position_task_assignments_pkey: {
    field: 'task_id',
    message: 'This task is already assigned to the position',
  },
});
