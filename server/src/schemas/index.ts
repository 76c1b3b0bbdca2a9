/** Schemas referenced by $id from several routes: registered once on the root instance. */
import { Assignment, BulkRefusal } from './assignment.ts';
import { AuditEvent, AuditEventList } from './audit-event.ts';
import { BulkRuleRefusal } from './bulk-rules.ts';
import { ErrorBody, ErrorDetail, MessageResponse } from './common.ts';
import { CoverageCounts, CoverageReport, CoverageWindow } from './coverage.ts';
import { FloorPlan, Placement, PositionState } from './coverage-map.ts';
import { Dependency } from './dependency.ts';
import { FieldEntry, FieldPosition, FieldTask, FieldTaskEntry } from './field.ts';
import { Position } from './position.ts';
import { PositionGroup, PositionGroupDetail, PositionGroupMember } from './position-group.ts';
import { ROLE_SCHEMAS } from './role.ts';
import { Site, SiteSettingsValues } from './site-settings.ts';
import { JobStatus, ServiceHealth } from './system.ts';
import { Task } from './task.ts';
import { CompletionStats, SkippedInstance, TaskInstance } from './task-instance.ts';
import { LegacyTaskTemplate, TypicalDependency } from './task-legacy.ts';
import { TaskTemplate } from './task-template.ts';
import { TrashItem } from './trash.ts';
import { Invitation, RoleSchema, SessionUser, User } from './user.ts';
import { PositionAccessGrant, UserGroup, UserGroupDetail, UserGroupMember } from './user-group.ts';
import { VisitSchedule } from './visit-schedule.ts';
import { WorkEntry, WorkEntryPhoto, WorkEntryStatusSchema } from './work-entry.ts';

export const SHARED_SCHEMAS = [
  ErrorDetail,
  ErrorBody,
  MessageResponse,
  RoleSchema,
  ...ROLE_SCHEMAS,
  User,
  Invitation,
  SessionUser,
  ServiceHealth,
  JobStatus,
  UserGroup,
  UserGroupMember,
  UserGroupDetail,
  PositionAccessGrant,
  Position,
  PositionGroup,
  PositionGroupMember,
  PositionGroupDetail,
  SiteSettingsValues,
  Site,
  Task,
  TaskTemplate,
  TaskInstance,
  SkippedInstance,
  CompletionStats,
  TypicalDependency,
  LegacyTaskTemplate,
  Assignment,
  BulkRefusal,
  BulkRuleRefusal,
  Dependency,
  WorkEntryStatusSchema,
  WorkEntryPhoto,
  WorkEntry,
  FieldTaskEntry,
  FieldTask,
  FieldPosition,
  FieldEntry,
  AuditEvent,
  AuditEventList,
  TrashItem,
  VisitSchedule,
  CoverageCounts,
  CoverageWindow,
  CoverageReport,
  PositionState,
  Placement,
  FloorPlan,
];
