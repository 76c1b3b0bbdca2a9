/**
 * Live updates (GET /api/v1/events, Server-Sent Events): what the server pushes and who may receive
 * it. Shared by the server (which filters) and the console (which reacts), so both name the same
 * events. An event says what changed, never the record itself: a screen reads it through the API,
 * where its own permissions apply.
 */
import { hasAnyPermission, hasPermission, type Permission, type RoleLike } from './permissions.ts';
import { TRASH_READERS } from './trash.ts';

/** A work entry's change; `user_id` is the entry's worker (a worker receives only their own). */
export const WORK_ENTRY_EVENTS = [
  'work_entry.created',
  'work_entry.updated',
  'work_entry.deleted',
  'work_entry.photo_added',
] as const;
export type WorkEntryEventType = (typeof WORK_ENTRY_EVENTS)[number];

export interface WorkEntryEventData {
  id: number;
  user_id: number;
  /** The status after the change, when it changed (or on creation). */
  status?: string;
}

/** The lists a "changed" event names; a screen showing one reloads it. */
export const LIVE_RESOURCES = [
  'users',
  'positions',
  'position_groups',
  'user_groups',
  'tasks',
  'roles',
  'site_settings',
  'visit_schedules',
  'coverage',
  'trash',
  'work_entries_archive',
] as const;
export type LiveResource = (typeof LIVE_RESOURCES)[number];

export interface ChangedEventData {
  resource: LiveResource;
  /**
   * The records that changed, as `<entity>:<id>` (e.g. 'position:12'), so a dialog editing one can
   * say it changed; left out when there are more than LIVE_RECORDS_MAX (anything may have changed).
   */
  records?: string[];
}

/** The most records a "changed" event names. */
export const LIVE_RECORDS_MAX = 50;

/** How a "changed" event names a record. */
export const liveRecord = (entity: string, id: number | string) => `${entity}:${id}`;

/** The system status changed (e.g. Redis went away or came back): the status screen reloads. */
export interface SystemStatusEventData {
  redis?: 'up' | 'down';
}

export type LiveEvent =
  | { type: WorkEntryEventType; data: WorkEntryEventData }
  | { type: 'changed'; data: ChangedEventData }
  | { type: 'system.status'; data: SystemStatusEventData };

/**
 * Control events of the stream itself: `ready` (sent first, its id the point to resume from) and
 * `reset` (events were missed beyond what the server keeps: reload everything).
 */
export type LiveControlEvent = 'ready' | 'reset';

/** An audit entity's list, and the permission that reads it. Entities not named here are silent. */
export const RESOURCE_OF_ENTITY: Readonly<
  Record<string, { resource: LiveResource; read: Permission | readonly Permission[] | null }>
> = {
  user: { resource: 'users', read: 'users.read' },
  position: { resource: 'positions', read: 'positions.read' },
  position_group: { resource: 'position_groups', read: 'position_groups.read' },
  user_group: { resource: 'user_groups', read: 'user_groups.read' },
  task: { resource: 'tasks', read: 'tasks.read' },
  task_instance: { resource: 'tasks', read: 'tasks.read' },
  task_template: { resource: 'tasks', read: 'tasks.read' },
  legacy_task_template: { resource: 'tasks', read: 'tasks.read' },
  assignment: { resource: 'tasks', read: 'tasks.read' },
  dependency: { resource: 'tasks', read: 'tasks.read' },
  role: { resource: 'roles', read: 'roles.read' },
  site_settings: { resource: 'site_settings', read: null },
  visit_schedule: { resource: 'visit_schedules', read: 'positions.read' },
  // Written by the jobs (jobs/announce.ts): windows judged, the trash purged, entries archived.
  coverage_window: { resource: 'coverage', read: 'work_entries.view_all' },
  trash: { resource: 'trash', read: TRASH_READERS },
  work_entry_archive: { resource: 'work_entries_archive', read: 'work_entries.view_all' },
};

const READ_OF_RESOURCE = new Map<LiveResource, Permission | readonly Permission[] | null>(
  Object.values(RESOURCE_OF_ENTITY).map((r) => [r.resource, r.read]),
);

/** Who holds the stream: the user and their role (built-in or custom), as the permissions see it. */
export interface LiveViewer {
  userId: number;
  role: RoleLike;
}

/**
 * Whether a viewer receives an event: a work entry's change goes to its worker and to whoever sees
 * the site's entries (work_entries.view_all); a list's change to whoever reads that list; the
 * system status to whoever reads it (system.settings).
 */
export function mayReceive(event: LiveEvent, viewer: LiveViewer): boolean {
  switch (event.type) {
    case 'changed': {
      const read = READ_OF_RESOURCE.get(event.data.resource);
      if (read === null) return true;
      if (read === undefined) return false;
      return typeof read === 'string'
        ? hasPermission(viewer.role, read)
        : hasAnyPermission(viewer.role, read);
    }
    case 'system.status':
      return hasPermission(viewer.role, 'system.settings');
    default:
      return event.data.user_id === viewer.userId || hasPermission(viewer.role, 'work_entries.view_all');
  }
}
