/**
 * Moving a record to the trash, for the area services' deletes: in the delete's own transaction,
 * the record's rows and what goes with it are copied (repositories/trash-captures.ts), the delete
 * runs as before, and the trash item is written. The delete's audit event names the item.
 *
 *   const { removed, trashItemId } = await moveToTrash(ctx, tx, 'position', { id }, () =>
 *     positionRows.remove(tx, ctx.siteId, id),
 *   );
 */
import type { TrashType } from '#domain/trash.ts';
import type { Db } from '../../db/client.ts';
import * as repo from '../../repositories/trash.ts';
import { CAPTURES, type TrashKey } from '../../repositories/trash-captures.ts';
import type { RequestContext } from '../../types.ts';

export async function moveToTrash<T>(
  ctx: RequestContext,
  tx: Db,
  type: TrashType,
  key: TrashKey,
  remove: () => Promise<T>,
): Promise<{ removed: T; trashItemId: number | undefined }> {
  const captured = await CAPTURES[type](tx, ctx.siteId, key);
  const removed = await remove();
  // Nothing was there to delete (or the delete found nothing): nothing goes to the trash.
  if (!captured || removed === undefined || removed === false) return { removed, trashItemId: undefined };
  const item = await repo.insertItem(tx, ctx.siteId, {
    entityType: type,
    entityId: 'id' in key ? String(key.id) : `${key.positionId}:${key.taskId}`,
    label: captured.label,
    rows: captured.rows,
    links: captured.links,
    deletedById: ctx.actor.userId,
    deletedByName: await repo.userName(tx, ctx.siteId, ctx.actor.userId),
  });
  return { removed, trashItemId: item.id };
}
