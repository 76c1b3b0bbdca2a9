/**
 * Who sees and changes which entry. work_entries.view_all sees the site's entries, anyone else
 * only their own; work_entries.update changes any entry of the site, and a worker (create) only
 * their own. An entry the caller may not see answers 404, exactly like a missing one.
 */
import { hasPermission } from '#domain/permissions.ts';
import { actorRole } from '../../infra/effective-permissions.ts';
import { errors } from '../../lib/errors.ts';
import * as repo from '../../repositories/work-entries.ts';
import type { RequestContext } from '../../types.ts';

export const NOT_FOUND = 'Work entry not found';

export const seesAll = (ctx: RequestContext) => hasPermission(actorRole(ctx.actor), 'work_entries.view_all');

const notFound = () => errors.notFound(NOT_FOUND, 'WORK_ENTRY_NOT_FOUND');

/** The entry, if the caller may see it. */
export async function loadVisible(ctx: RequestContext, id: number) {
  const row = await repo.findEntry(ctx.db, ctx.siteId, id);
  if (!row || (!seesAll(ctx) && row.userId !== ctx.actor.userId)) throw notFound();
  return row;
}

/** The entry, if the caller may change it (its status, notes, photos). */
export async function loadWritable(ctx: RequestContext, id: number) {
  const row = await loadVisible(ctx, id);
  const { userId } = ctx.actor;
  const role = actorRole(ctx.actor);
  if (hasPermission(role, 'work_entries.update')) return row;
  if (row.userId === userId && hasPermission(role, 'work_entries.create')) return row;
  throw errors.forbidden('You may only change your own work entries');
}
