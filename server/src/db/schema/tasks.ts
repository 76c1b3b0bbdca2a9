/** The task catalogue, templates (current and legacy) and task instances per position. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LEGACY_PRIORITIES } from '#domain/tasks.ts';
import { uniqueMessages } from '../unique-messages.ts';
import { createdAt, id, inList, isActive, optionalRef, ref, siteId, updatedAt } from './columns.ts';
import { positions } from './positions.ts';
import { users } from './users.ts';

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    siteId: siteId(),
    taskCode: text('task_code').notNull(),
    taskName: text('task_name').notNull(),
    description: text('description'),
    category: text('category'),
    estimatedDurationMinutes: integer('estimated_duration_minutes'),
    priority: integer('priority').notNull().default(1),
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tasks_site_code_unique').on(t.siteId, t.taskCode),
    index('tasks_site_active_idx').on(t.siteId, t.isActive),
  ],
);

/** Current ("unified") templates: the library instances are created from. */
export const taskTemplates = pgTable(
  'task_templates',
  {
    id: id(),
    siteId: siteId(),
    taskCode: text('task_code').notNull(),
    taskName: text('task_name').notNull(),
    templateName: text('template_name'),
    description: text('description'),
    category: text('category'),
    priority: integer('priority').notNull().default(1),
    durationMinutes: integer('duration_minutes'),
    isActive: isActive(),
    createdBy: optionalRef('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('task_templates_site_code_unique').on(t.siteId, t.taskCode),
    index('task_templates_site_category_idx').on(t.siteId, t.category),
  ],
);

/** Legacy templates (/task-templates): priority is a word, with skills and safety lists. */
export const legacyTaskTemplates = pgTable(
  'legacy_task_templates',
  {
    id: id(),
    siteId: siteId(),
    name: text('name').notNull(),
    priority: text('priority').notNull().default('medium'),
    category: text('category'),
    durationMinutes: integer('duration_minutes').notNull(),
    description: text('description'),
    requiredSkills: jsonb('required_skills').$type<string[]>().notNull().default([]),
    safetyRequirements: jsonb('safety_requirements').$type<string[]>().notNull().default([]),
    instructions: text('instructions'),
    typicalDependencies: jsonb('typical_dependencies')
      .$type<{ depends_on_task: string; dependency_type: string }[]>()
      .notNull()
      .default([]),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('legacy_task_templates_site_idx').on(t.siteId, t.category, t.priority),
    check('legacy_task_templates_priority_check', inList(t.priority, LEGACY_PRIORITIES)),
    check('legacy_task_templates_duration_check', sql`${t.durationMinutes} > 0`),
  ],
);

/** A task as it applies to one position, usually created from a template. */
export const taskInstances = pgTable(
  'task_instances',
  {
    id: id(),
    siteId: siteId(),
    positionId: ref('position_id', () => positions.id, 'cascade'),
    templateId: optionalRef('template_id', () => taskTemplates.id),
    taskCode: text('task_code'),
    taskName: text('task_name').notNull(),
    description: text('description'),
    category: text('category'),
    priority: integer('priority').notNull().default(1),
    durationMinutes: integer('duration_minutes'),
    isPrimary: boolean('is_primary').notNull().default(false),
    isMandatory: boolean('is_mandatory').notNull().default(true),
    specificNotes: text('specific_notes'),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: optionalRef('completed_by', () => users.id),
    completionNotes: text('completion_notes'),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('task_instances_site_position_idx').on(t.siteId, t.positionId, t.isCompleted),
    index('task_instances_template_idx').on(t.templateId),
    // A position has at most one open instance of a template: from-template and bulk create skip
    // the pairs that have one, and this decides two concurrent calls (insert … on conflict do nothing).
    uniqueIndex('task_instances_open_template_unique')
      .on(t.templateId, t.positionId)
      .where(sql`${t.templateId} is not null and not ${t.isCompleted}`),
  ],
);

export const tasksUnique = uniqueMessages({
  tasks_site_code_unique: { field: 'task_code', message: 'A task with this code already exists' },
  task_templates_site_code_unique: {
    field: 'task_code',
    message: 'A template with this code already exists',
  },
  task_instances_open_template_unique: {
    field: 'template_id',
    message: 'This position already has an open task from this template',
  },
});
