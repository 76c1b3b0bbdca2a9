import { useMemo } from 'react';
import type { RoleInfo } from '../../api/gen/model';
import { useListRoles } from '../../api/gen/roles/roles.ts';
import type { RoleLike } from '../../domain/permissions.ts';
import { canGiveRole } from '../../domain/permissions.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';

export type CustomRole = RoleInfo & { id: number };

const isCustom = (role: RoleInfo): role is CustomRole => role.kind === 'custom' && role.id !== null;

/**
 * The site's custom roles (GET /roles, only for viewers with roles.read) and those the viewer may
 * give: at or below their level and holding nothing the viewer lacks, as the server checks.
 */
export function useCustomRoles() {
  const { grant, role, can } = usePermissions();
  const enabled = can('roles.read');
  const roles = useListRoles({ query: { enabled, select: (data) => data.roles.filter(isCustom) } });
  const all = useMemo(() => roles.data ?? [], [roles.data]);
  const viewer: RoleLike = grant ?? role;
  const assignable = useMemo(() => all.filter((r) => canGiveRole(viewer, r)), [all, viewer]);
  return { all, assignable };
}
