/**
 * Roles, ranks and permissions. Shared by the server (route guards, object rules) and the console
 * (guards, hidden buttons), so the two can never disagree.
 */

export const ROLES = ['admin', 'owner', 'manager', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_RANK: Readonly<Record<Role, number>> = { admin: 4, owner: 3, manager: 2, worker: 1 };

const crud = ['create', 'read', 'update', 'delete'] as const;

/** Every permission, grouped by area, in the order the roles screen lists them. */
export const PERMISSION_AREAS = {
  dashboard: ['view'],
  users: [...crud, 'assign_roles'],
  positions: crud,
  position_groups: [...crud, 'assign'],
  user_groups: [...crud, 'assign_members', 'assign_positions'],
  tasks: crud,
  work_entries: [...crud, 'view_all', 'export'],
  roles: crud,
  analytics: ['view'],
  /** Guest access: read-only share links to the coverage report. */
  coverage: ['share'],
  system: ['debug', 'override', 'logs', 'settings'],
} as const;

type Areas = typeof PERMISSION_AREAS;
export type PermissionArea = keyof Areas;
export type Permission = { [A in PermissionArea]: `${A}.${Areas[A][number]}` }[PermissionArea];

export const PERMISSIONS: readonly Permission[] = Object.entries(PERMISSION_AREAS).flatMap(
  ([area, actions]) => (actions as readonly string[]).map((action) => `${area}.${action}` as Permission),
);

const ownerPermissions = PERMISSIONS.filter((p) => !p.startsWith('system.'));

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  owner: ownerPermissions,
  manager: [
    'positions.read',
    'positions.update',
    'tasks.create',
    'tasks.read',
    'tasks.update',
    'tasks.delete',
    'users.read',
    'position_groups.read',
    'user_groups.read',
    'user_groups.assign_members',
    'work_entries.read',
    'work_entries.view_all',
    'work_entries.update',
    'work_entries.export',
    'dashboard.view',
    'analytics.view',
  ],
  worker: ['positions.read', 'tasks.read', 'work_entries.create', 'work_entries.read', 'dashboard.view'],
};

const permissionSets = Object.fromEntries(
  ROLES.map((role) => [role, new Set<string>(ROLE_PERMISSIONS[role])]),
) as Record<Role, Set<string>>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * A custom role (a site's own, saved in custom_roles) as the rules need it: its level is its rank
 * and it holds exactly its permissions. Every rule below takes a built-in role name or one of these.
 */
export interface RoleGrant {
  level: number;
  permissions: readonly string[];
}

/** Whom a rule is about: a built-in role's name, a custom role, or nobody. */
export type RoleLike = string | RoleGrant | null | undefined;

const isGrant = (role: RoleLike): role is RoleGrant => typeof role === 'object' && role !== null;

export function roleRank(role: RoleLike): number {
  if (isGrant(role)) return role.level;
  return isRole(role) ? ROLE_RANK[role] : 0;
}

export function hasPermission(role: RoleLike, permission: Permission): boolean {
  if (isGrant(role)) return role.permissions.includes(permission);
  return isRole(role) && permissionSets[role].has(permission);
}

/** Every permission the role holds, in PERMISSIONS order. */
export function permissionsOf(role: RoleLike): Permission[] {
  return PERMISSIONS.filter((p) => hasPermission(role, p));
}

export function hasAnyPermission(role: RoleLike, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => hasPermission(role, p));
}

export function hasAllPermissions(role: RoleLike, permissions: readonly Permission[]): boolean {
  return permissions.every((p) => hasPermission(role, p));
}

/** Edit or delete a user only with users.create and a strictly higher rank than the target. */
export function canManageUser(actorRole: RoleLike, targetRole: RoleLike): boolean {
  return hasPermission(actorRole, 'users.create') && roleRank(actorRole) > roleRank(targetRole);
}

/** A built-in role as a grant (its rank and permissions), or the custom role itself. */
function grantOf(role: RoleLike): RoleGrant | null {
  if (isGrant(role)) return role;
  return isRole(role) ? { level: ROLE_RANK[role], permissions: ROLE_PERMISSIONS[role] } : null;
}

/**
 * The one rule for giving a role to a user, built-in or custom, on create or update: the giver
 * holds users.create, is not outranked by the role, and holds every permission it grants, so no
 * one hands out access they do not have (an admin alone holds system.*, so only an admin makes
 * an admin).
 */
export function canGiveRole(actorRole: RoleLike, role: RoleLike): boolean {
  const grant = grantOf(role);
  return (
    grant !== null &&
    hasPermission(actorRole, 'users.create') &&
    grant.level <= roleRank(actorRole) &&
    grant.permissions.every((p) => isPermission(p) && hasPermission(actorRole, p))
  );
}

/** The built-in roles the actor may give (canGiveRole). */
export function assignableRoles(actorRole: RoleLike): Role[] {
  return ROLES.filter((r) => canGiveRole(actorRole, r));
}

/** A viewer edits a role only above it and with roles.update. */
export function canEditRole(viewerRole: RoleLike, targetRole: RoleLike): boolean {
  return hasPermission(viewerRole, 'roles.update') && roleRank(viewerRole) > roleRank(targetRole);
}
