/**
 * The delete flow every resource shares: ask with the resource's confirmation text, delete, then
 * say 'Deleted successfully', or the resource's own text when the server kept the record and only
 * deactivated it (`outcome: 'deactivated'`, as users and positions answer), or 'Error deleting'. A
 * delete that moved its record to the trash (`trash_item_id` in the answer) offers Undo for ten
 * seconds: it restores the item and every list refetches.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { restoreTrashItem } from '../../api/gen/trash/trash.ts';
import { useNotify } from './notify-context.ts';

export interface ConfirmedDeleteOptions<TRow> {
  /** The confirmation's header and message for this row. */
  confirm: (row: TRow) => { header: string; message: string };
  /** Sends the delete, e.g. (row) => deleteUser.mutateAsync({ id: row.id }). */
  remove: (row: TRow) => Promise<unknown>;
  /** The info toast when the server deactivated the row instead of deleting it. */
  deactivated?: (row: TRow) => string;
}

/** The trash item a delete moved its record to, when it did. */
function trashItemOf(result: unknown): number | undefined {
  const id =
    typeof result === 'object' && result !== null
      ? (result as { trash_item_id?: unknown }).trash_item_id
      : undefined;
  return typeof id === 'number' ? id : undefined;
}

function wasDeactivated(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { outcome?: unknown }).outcome === 'deactivated'
  );
}

/** Returns the handler for a row's delete button. */
export function useConfirmedDelete<TRow>({ confirm, remove, deactivated }: ConfirmedDeleteOptions<TRow>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  /** Undo: restore the trash item, then every list refetches (what came back may be in any). */
  const undo = (trashItemId: number) => async () => {
    try {
      await restoreTrashItem(trashItemId, {});
      await queryClient.invalidateQueries();
      notify.success(t('common.restored'));
    } catch {
      notify.error(t('errors.restoreFailed'));
    }
  };
  return (row: TRow) =>
    notify.confirm({
      ...confirm(row),
      danger: true,
      onAccept: async () => {
        try {
          const result = await remove(row);
          const trashItemId = trashItemOf(result);
          if (deactivated && wasDeactivated(result)) notify.info(deactivated(row));
          else if (trashItemId !== undefined) notify.undo(t('common.deleted'), undo(trashItemId));
          else notify.success(t('common.deleted'));
        } catch {
          notify.error(t('errors.deleteFailed'));
        }
      },
    });
}
