/**
 * The whole relational model (spec §3). Every row belongs to a site; list queries are backed by
 * (site_id, …) indexes; uniqueness that the product promises is a database constraint, so two
 * concurrent requests cannot both win.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const siteId = () =>
  text('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

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

export const users = pgTable(
  'users',
  {
    id: id(),
    siteId: siteId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_site_email_unique').on(t.siteId, sql`lower(${t.email})`),
    index('users_site_first_name_idx').on(t.siteId, t.firstName),
    check('users_role_check', sql`${t.role} in ('admin', 'owner', 'manager', 'worker')`),
  ],
);

/** One row per signed-in browser. Only hashes of refresh tokens are stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    siteId: siteId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    previousHash: text('previous_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_hash_unique').on(t.refreshHash),
    index('sessions_previous_hash_idx').on(t.previousHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_site_active_idx').on(t.siteId, t.expiresAt),
  ],
);

export const positions = pgTable(
  'positions',
  {
    id: id(),
    siteId: siteId(),
    positionCode: text('position_code').notNull(),
    positionName: text('position_name').notNull(),
    description: text('description'),
    locationDetails: text('location_details'),
    nfcTagId: text('nfc_tag_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('positions_site_code_unique').on(t.siteId, t.positionCode),
    uniqueIndex('positions_site_nfc_unique').on(t.siteId, t.nfcTagId).where(sql`${t.nfcTagId} is not null`),
    index('positions_site_active_idx').on(t.siteId, t.isActive),
    check('positions_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('positions_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

export const positionGroups = pgTable(
  'position_groups',
  {
    id: id(),
    siteId: siteId(),
    groupName: text('group_name').notNull(),
    groupCode: text('group_code').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('position_groups_site_code_unique').on(t.siteId, t.groupCode)],
);

export const positionGroupPositions = pgTable(
  'position_group_positions',
  {
    siteId: siteId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => positionGroups.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.positionId] }),
    index('position_group_positions_position_idx').on(t.positionId),
  ],
);

export const USER_GROUP_TYPES = ['custom', 'subcontractor', 'department', 'team', 'system'] as const;

export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    siteId: siteId(),
    groupName: text('group_name').notNull(),
    groupCode: text('group_code').notNull(),
    description: text('description'),
    groupType: text('group_type').notNull().default('custom'),
    managerUserId: integer('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_groups_site_code_unique').on(t.siteId, t.groupCode),
    index('user_groups_site_active_idx').on(t.siteId, t.isActive),
    check(
      'user_groups_type_check',
      sql`${t.groupType} in ('custom', 'subcontractor', 'department', 'team', 'system')`,
    ),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    siteId: siteId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

/** A user group's access to a position group (spec §3 "position access grant"). */
export const userGroupPositionAccess = pgTable(
  'user_group_position_access',
  {
    id: id(),
    siteId: siteId(),
    userGroupId: integer('user_group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    positionGroupId: integer('position_group_id')
      .notNull()
      .references(() => positionGroups.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_group_position_access_unique').on(t.userGroupId, t.positionGroupId)],
);

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
    isActive: boolean('is_active').notNull().default(true),
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
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
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
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('legacy_task_templates_site_idx').on(t.siteId, t.category, t.priority),
    check(
      'legacy_task_templates_priority_check',
      sql`${t.priority} in ('low', 'medium', 'high', 'critical')`,
    ),
    check('legacy_task_templates_duration_check', sql`${t.durationMinutes} > 0`),
  ],
);

/** A task as it applies to one position, usually created from a template. */
export const taskInstances = pgTable(
  'task_instances',
  {
    id: id(),
    siteId: siteId(),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => taskTemplates.id, { onDelete: 'set null' }),
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
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completionNotes: text('completion_notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('task_instances_site_position_idx').on(t.siteId, t.positionId, t.isCompleted),
    index('task_instances_template_idx').on(t.templateId),
  ],
);

export const positionTaskAssignments = pgTable(
  'position_task_assignments',
  {
    siteId: siteId(),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
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
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    dependsOnTaskId: integer('depends_on_task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    dependencyType: text('dependency_type').notNull().default('requires'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('task_dependencies_unique').on(t.positionId, t.taskId, t.dependsOnTaskId),
    index('task_dependencies_site_idx').on(t.siteId, t.positionId),
    check('task_dependencies_not_self', sql`${t.taskId} <> ${t.dependsOnTaskId}`),
    check('task_dependencies_type_check', sql`${t.dependencyType} in ('blocks', 'requires', 'optional')`),
  ],
);

export const WORK_ENTRY_STATUSES = ['in_progress', 'completed', 'failed', 'paused', 'cancelled'] as const;

/** A worker's log against a task at a position. Users and positions it names are never deleted under it. */
export const workEntries = pgTable(
  'work_entries',
  {
    id: id(),
    siteId: siteId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'restrict' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    taskInstanceId: integer('task_instance_id').references(() => taskInstances.id, { onDelete: 'set null' }),
    taskName: text('task_name'),
    status: text('status').notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    notes: text('notes'),
    nfcTagId: text('nfc_tag_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_entries_site_created_idx').on(t.siteId, t.createdAt),
    index('work_entries_user_idx').on(t.userId),
    index('work_entries_position_idx').on(t.positionId),
    check(
      'work_entries_status_check',
      sql`${t.status} in ('in_progress', 'completed', 'failed', 'paused', 'cancelled')`,
    ),
  ],
);

export const workEntryPhotos = pgTable(
  'work_entry_photos',
  {
    id: id(),
    siteId: siteId(),
    workEntryId: integer('work_entry_id')
      .notNull()
      .references(() => workEntries.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('work_entry_photos_entry_idx').on(t.workEntryId)],
);

/** Site settings (spec §3): stored as one JSON object that the defaults are overlaid with. */
export const siteSettings = pgTable('site_settings', {
  siteId: text('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
