/**
 * The trash, shared by the server (GET /trash, restore, delete forever) and the console (the Trash
 * screen, the Undo toast): which kinds of record go to the trash, which permission deletes (and so
 * lists and restores) each, and who may delete forever.
 */
import { hasAnyPermission, hasPermission, type Permission, type RoleLike } from './permissions.ts';

/** Each kind of record a delete moves to the trash, with the permission that deletes it. */
export const TRASH_DELETE_PERMISSION = {
  user: 'users.delete',
  position: 'positions.delete',
  position_group: 'position_groups.delete',
  user_group: 'user_groups.delete',
  task_template: 'tasks.delete',
  assignment: 'tasks.delete',
  dependency: 'tasks.delete',
  task: 'tasks.delete',
  task_instance: 'tasks.delete',
  legacy_task_template: 'tasks.delete',
  role: 'roles.delete',
} as const satisfies Record<string, Permission>;

export type TrashType = keyof typeof TRASH_DELETE_PERMISSION;

export const TRASH_TYPES = Object.keys(TRASH_DELETE_PERMISSION) as TrashType[];

/** Every permission that sees some part of the trash. */
export const TRASH_READERS: readonly Permission[] = [...new Set(Object.values(TRASH_DELETE_PERMISSION))];

/** Deleting forever is an admin's: the permission of the site's own settings. */
export const TRASH_PURGE_PERMISSION: Permission = 'system.settings';

/** How long an item stays before the purge job removes it, and how long the Undo toast offers it. */
export const TRASH_KEEP_DAYS = 30;
export const UNDO_MS = 10_000;

/** Items per page of the list (and the most one page may ask for). */
export const TRASH_PAGE_DEFAULT = 50;
export const TRASH_PAGE_MAX = 200;

/** The kinds of record the viewer may list and restore. */
export const trashTypesFor = (role: RoleLike): TrashType[] =>
  TRASH_TYPES.filter((type) => hasPermission(role, TRASH_DELETE_PERMISSION[type]));

export const canSeeTrash = (role: RoleLike) => hasAnyPermission(role, TRASH_READERS);

export const canPurgeTrash = (role: RoleLike) => hasPermission(role, TRASH_PURGE_PERMISSION);
