/**
 * Who may read the audit log, shared by the server (GET /audit-events) and the console (the Audit
 * log screen, the History panel of an edit dialog): the whole log with system.logs; one record's
 * own history with the permission that updates records of its type.
 */
import { hasAnyPermission, hasPermission, type Permission, type RoleLike } from './permissions.ts';

/** Each kind of record the audit log names, with the permission that updates it. */
export const HISTORY_PERMISSION = {
  user: 'users.update',
  position: 'positions.update',
  position_group: 'position_groups.update',
  user_group: 'user_groups.update',
  task: 'tasks.update',
  task_template: 'tasks.update',
  task_instance: 'tasks.update',
  legacy_task_template: 'tasks.update',
  assignment: 'tasks.update',
  dependency: 'tasks.update',
  role: 'roles.update',
  site_settings: 'system.settings',
  work_entry: 'work_entries.update',
} as const satisfies Record<string, Permission>;

export type AuditEntityType = keyof typeof HISTORY_PERMISSION;

export const AUDIT_ENTITY_TYPES = Object.keys(HISTORY_PERMISSION) as AuditEntityType[];

/** The permission that reads the whole log and checks its chain. */
export const AUDIT_LOG_PERMISSION: Permission = 'system.logs';

/** Every permission that reads some part of the log: the whole of it, or one kind of record's history. */
export const AUDIT_READERS: readonly Permission[] = [
  AUDIT_LOG_PERMISSION,
  ...new Set(Object.values(HISTORY_PERMISSION)),
];

/** Whether the viewer may read the history of a record of `entityType`. */
export function canReadHistory(role: RoleLike, entityType: AuditEntityType): boolean {
  return hasAnyPermission(role, [AUDIT_LOG_PERMISSION, HISTORY_PERMISSION[entityType]]);
}

export const canReadAuditLog = (role: RoleLike) => hasPermission(role, AUDIT_LOG_PERMISSION);

/** Events per page of the list (and the most one page may ask for). */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
