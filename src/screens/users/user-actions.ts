import type { User } from '../../api/gen/model';
import { canManageUser, hasPermission, type RoleLike } from '../../domain/permissions.ts';

/** canInvite: resend an invited user's link (their invitation is a create's). */
export type UserActions = { canEdit: boolean; canDelete: boolean; canInvite: boolean };

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`;

/** A viewer: their id and their built-in role or, holding a custom role, its grant. */
export type Viewer = { id: number; role: RoleLike };

/**
 * Which row actions a viewer gets: the matching permission, a strictly higher rank than the target
 * (canManageUser; a custom role's holder ranks by its level), and never deleting yourself.
 */
export function userRowActions(
  viewer: Viewer | null,
  target: Pick<User, 'id' | 'role' | 'custom_role_id'>,
  customLevels?: ReadonlyMap<number, number>,
): UserActions {
  if (!viewer) return { canEdit: false, canDelete: false, canInvite: false };
  const customLevel = target.custom_role_id ? customLevels?.get(target.custom_role_id) : undefined;
  const targetRank: RoleLike =
    customLevel === undefined ? target.role : { level: customLevel, permissions: [] };
  const manageable = canManageUser(viewer.role, targetRank);
  return {
    canEdit: manageable && hasPermission(viewer.role, 'users.update'),
    canDelete: manageable && hasPermission(viewer.role, 'users.delete') && viewer.id !== target.id,
    canInvite: manageable && hasPermission(viewer.role, 'users.create'),
  };
}
