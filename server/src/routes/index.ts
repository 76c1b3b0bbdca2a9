/**
 * Every /api/v1 resource, declared once: its path prefix, its route module, and the shared schemas
 * (those with an $id, referenced from several routes) it brings. The app registers the routes
 * from this list (apiRoutes below) and adds SHARED_SCHEMAS, derived from it, to Fastify, to the
 * request validators (lib/validation.ts) and so to the OpenAPI document. A new resource is one
 * entry here; its permission area is declared in src/domain/permissions.ts, which the console
 * shares.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Assignment, BulkRefusal } from '../schemas/assignment.ts';
import { AuditEvent, AuditEventList } from '../schemas/audit-event.ts';
import { BulkRuleRefusal } from '../schemas/bulk-rules.ts';
import { CoverageCounts, CoverageReport, CoverageWindow } from '../schemas/coverage.ts';
import { FloorPlan, Placement, PositionState } from '../schemas/coverage-map.ts';
import { Dependency } from '../schemas/dependency.ts';
import { FieldEntry, FieldPosition, FieldTask, FieldTaskEntry } from '../schemas/field.ts';
import { COMMON_SCHEMAS } from '../schemas/index.ts';
import { Position } from '../schemas/position.ts';
import { PositionGroup, PositionGroupDetail, PositionGroupMember } from '../schemas/position-group.ts';
import { ROLE_SCHEMAS } from '../schemas/role.ts';
import { Site, SiteSettingsValues } from '../schemas/site-settings.ts';
import { JobStatus, ServiceHealth } from '../schemas/system.ts';
import { Task } from '../schemas/task.ts';
import { CompletionStats, SkippedInstance, TaskInstance } from '../schemas/task-instance.ts';
import { LegacyTaskTemplate, TypicalDependency } from '../schemas/task-legacy.ts';
import { TaskTemplate } from '../schemas/task-template.ts';
import { TrashItem } from '../schemas/trash.ts';
import { Invitation, RoleSchema, SessionUser, User } from '../schemas/user.ts';
import { PositionAccessGrant, UserGroup, UserGroupDetail, UserGroupMember } from '../schemas/user-group.ts';
import { VisitSchedule } from '../schemas/visit-schedule.ts';
import { WEBHOOK_SCHEMAS } from '../schemas/webhook.ts';
import { WorkEntry, WorkEntryPhoto, WorkEntryStatusSchema } from '../schemas/work-entry.ts';
import assignmentRoutes from './assignments/index.ts';
import auditEventRoutes from './audit-events/index.ts';
import authRoutes from './auth/index.ts';
import coverageRoutes from './coverage/index.ts';
import dashboardRoutes from './dashboard/index.ts';
import eventsRoutes from './events/index.ts';
import fieldRoutes from './field/index.ts';
import floorPlanRoutes from './floor-plans/index.ts';
import legacyTemplateRoutes from './legacy-task-templates/index.ts';
import positionGroupRoutes from './position-groups/index.ts';
import positionRoutes from './positions/index.ts';
import roleRoutes from './roles/index.ts';
import shareRoutes from './share/index.ts';
import siteSettingsRoutes from './site-settings/index.ts';
import systemRoutes from './system/index.ts';
import dependencyRoutes from './task-dependencies/index.ts';
import taskRoutes from './tasks/index.ts';
import trashRoutes from './trash/index.ts';
import unifiedTaskRoutes from './unified-tasks/index.ts';
import userGroupRoutes from './user-groups/index.ts';
import userRoutes from './users/index.ts';
import visitScheduleRoutes from './visit-schedules/index.ts';
import webhookRoutes from './webhooks/index.ts';
import workEntryRoutes from './work-entries/index.ts';
import workEntryArchiveRoutes from './work-entries-archive/index.ts';

export interface ApiResource {
  /** Under /api/v1; none for a module that writes its own full paths (system, site settings). */
  prefix?: `/${string}`;
  /** The route module (a Fastify plugin, each with its own type provider). */
  // biome-ignore lint/suspicious/noExplicitAny: any route module, whatever its type provider
  routes: (app: any, options: any) => Promise<void>;
  /** Schemas with an $id that this resource's routes (and others) reference. */
  schemas?: readonly TSchema[];
}

/** In registration order, which is the OpenAPI document's order of paths and of shared schemas. */
export const API_RESOURCES: readonly ApiResource[] = [
  { prefix: '/auth', routes: authRoutes },
  {
    prefix: '/users',
    routes: userRoutes,
    schemas: [RoleSchema, ...ROLE_SCHEMAS, User, Invitation, SessionUser],
  },
  {
    prefix: '/user-groups',
    routes: userGroupRoutes,
    schemas: [UserGroup, UserGroupMember, UserGroupDetail, PositionAccessGrant],
  },
  { prefix: '/positions', routes: positionRoutes, schemas: [Position] },
  {
    prefix: '/position-groups',
    routes: positionGroupRoutes,
    schemas: [PositionGroup, PositionGroupMember, PositionGroupDetail],
  },
  { prefix: '/roles', routes: roleRoutes },
  { routes: systemRoutes, schemas: [ServiceHealth, JobStatus] },
  { routes: siteSettingsRoutes, schemas: [SiteSettingsValues, Site] },
  { prefix: '/tasks', routes: taskRoutes, schemas: [Task] },
  {
    prefix: '/unified-tasks',
    routes: unifiedTaskRoutes,
    schemas: [TaskTemplate, TaskInstance, SkippedInstance, CompletionStats],
  },
  {
    prefix: '/task-templates',
    routes: legacyTemplateRoutes,
    schemas: [TypicalDependency, LegacyTaskTemplate],
  },
  {
    prefix: '/position-task-assignments',
    routes: assignmentRoutes,
    schemas: [Assignment, BulkRefusal, BulkRuleRefusal],
  },
  { prefix: '/task-dependencies', routes: dependencyRoutes, schemas: [Dependency] },
  {
    prefix: '/work-entries',
    routes: workEntryRoutes,
    schemas: [WorkEntryStatusSchema, WorkEntryPhoto, WorkEntry],
  },
  { prefix: '/work-entries/archive', routes: workEntryArchiveRoutes },
  { prefix: '/dashboard', routes: dashboardRoutes },
  {
    prefix: '/field',
    routes: fieldRoutes,
    schemas: [FieldTaskEntry, FieldTask, FieldPosition, FieldEntry],
  },
  { prefix: '/audit-events', routes: auditEventRoutes, schemas: [AuditEvent, AuditEventList] },
  { prefix: '/events', routes: eventsRoutes },
  { prefix: '/trash', routes: trashRoutes, schemas: [TrashItem] },
  { prefix: '/visit-schedules', routes: visitScheduleRoutes, schemas: [VisitSchedule] },
  {
    prefix: '/coverage',
    routes: coverageRoutes,
    schemas: [CoverageCounts, CoverageWindow, CoverageReport, PositionState],
  },
  { prefix: '/floor-plans', routes: floorPlanRoutes, schemas: [Placement, FloorPlan] },
  { prefix: '/share', routes: shareRoutes },
  { prefix: '/webhooks', routes: webhookRoutes, schemas: WEBHOOK_SCHEMAS },
];

/** Every schema referenced by $id: the common ones (errors, messages), then each resource's. */
export const SHARED_SCHEMAS: readonly TSchema[] = [
  ...COMMON_SCHEMAS,
  ...API_RESOURCES.flatMap((r) => r.schemas ?? []),
];

export default async function apiRoutes(app: FastifyInstance) {
  for (const { prefix, routes } of API_RESOURCES) await app.register(routes, prefix ? { prefix } : {});
}
