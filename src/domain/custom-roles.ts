/**
 * Custom roles, beyond the four built-in ones: the rules the server enforces and the roles screen
 * shows, in one place. A custom role sits below its creator, holds only permissions its creator
 * holds, and is given to a user like a built-in role, with the same rank rules.
 */
import {
  hasPermission,
  isPermission,
  isRole,
  PERMISSIONS,
  type Permission,
  type RoleLike,
  roleRank,
} from './permissions.ts';

/** How a custom role is named where a role name is expected (users.role stays a built-in). */
export const CUSTOM_ROLE_NAME_MAX = 50;

/** The lowest level a custom role may have. */
export const CUSTOM_ROLE_LEVEL_MIN = 1;

/** A custom role name clashes with a built-in one whatever its case or surrounding spaces. */
export function isBuiltInRoleName(name: string): boolean {
  return isRole(name.trim().toLowerCase());
}

/** The levels the actor may give a custom role: from 1 to strictly below their own. */
export function customRoleLevels(actor: RoleLike): number[] {
  const levels: number[] = [];
  for (let level = CUSTOM_ROLE_LEVEL_MIN; level < roleRank(actor); level++) levels.push(level);
  return levels;
}

/** The permissions in the list the actor does not hold (or that do not exist). */
export function permissionsBeyond(actor: RoleLike, permissions: readonly string[]): string[] {
  return permissions.filter((p) => !isPermission(p) || !hasPermission(actor, p));
}

/** Only known permissions, each once, in PERMISSIONS order (how a custom role is stored). */
export function normalizePermissions(permissions: readonly string[]): Permission[] {
  const wanted = new Set(permissions);
  return PERMISSIONS.filter((p) => wanted.has(p));
}
