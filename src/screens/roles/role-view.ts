/** What the roles screen derives from GET /roles and the viewer. */
import { useTranslation } from 'react-i18next';
import type { RoleInfo } from '../../api/gen/model';
import {
  canEditRole,
  isRole,
  PERMISSION_AREAS,
  type PermissionArea,
  type RoleLike,
} from '../../domain/permissions.ts';

export interface PermissionGroup {
  area: PermissionArea;
  permissions: { name: string; action: string }[];
}

/** The permission rows, grouped by category, in the order of src/domain/permissions.ts. */
export const PERMISSION_GROUPS: PermissionGroup[] = (
  Object.entries(PERMISSION_AREAS) as [PermissionArea, readonly string[]][]
).map(([area, actions]) => ({
  area,
  permissions: actions.map((action) => ({ name: `${area}.${action}`, action })),
}));

export const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * How a role is named on screen: a built-in role in the console's language (as the role chips
 * name it), a custom role by the name its creator gave it.
 */
export function useRoleLabel(): (role: RoleInfo) => string {
  const { t } = useTranslation();
  return (role) =>
    role.kind === 'built_in' && isRole(role.name) ? t(`roles.${role.name}`) : capitalise(role.name);
}

/** A role card is selectable, and a panel editable, only above it and with roles.update. */
export const canEdit = (viewer: RoleLike, role: RoleInfo) => canEditRole(viewer, role);

/** A stable key per role: the built-in name or the custom role's id. */
export const roleKey = (role: RoleInfo) => (role.id === null ? role.name : `custom-${role.id}`);
