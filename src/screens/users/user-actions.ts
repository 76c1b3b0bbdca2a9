import type { User } from '../../api/gen/model';
import { canManageUser, hasPermission } from '../../domain/permissions.ts';

export type UserActions = { canEdit: boolean; canDelete: boolean };

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`;

/**
 * Which row actions a viewer gets (spec §5, §6): the matching permission, a strictly higher
 * rank than the target (canManageUser), and never deleting yourself.
 */
export function userRowActions(
  viewer: { id: number; role: string } | null,
  target: Pick<User, 'id' | 'role'>,
): UserActions {
  if (!viewer) return { canEdit: false, canDelete: false };
  const manageable = canManageUser(viewer.role, target.role);
  return {
    canEdit: manageable && hasPermission(viewer.role, 'users.update'),
    canDelete: manageable && hasPermission(viewer.role, 'users.delete') && viewer.id !== target.id,
  };
}
