/** The user a manager acts on: found within the caller's site, and below the caller's rank. */
import { canManageUser } from '#domain/permissions.ts';
import { actorRole, customRoleOf } from '../../infra/effective-permissions.ts';
import { errors } from '../../lib/errors.ts';
import { type UserRow, userRows } from '../../repositories/users.ts';
import type { RequestContext } from '../../types.ts';

export const rankTooLow = () =>
  errors.forbidden('You can only manage users whose role is below your own', 'RANK_TOO_LOW');

export async function loadTarget(ctx: RequestContext, id: number): Promise<UserRow> {
  // Another site's user is indistinguishable from a missing one.
  const target = await userRows.find(ctx.db, ctx.siteId, id);
  if (!target) throw errors.notFound('User not found', 'USER_NOT_FOUND');
  return target;
}

/** The user, when the caller outranks them (a custom role's holder ranks by its level); with the role they hold. */
export async function loadManageable(ctx: RequestContext, id: number) {
  const target = await loadTarget(ctx, id);
  const held = await customRoleOf(ctx.db, ctx.siteId, target.id);
  if (!canManageUser(actorRole(ctx.actor), held ?? target.role)) throw rankTooLow();
  return { target, held };
}
