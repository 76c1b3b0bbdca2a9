/**
 * The delete flow every resource shares (spec §2, §8): ask with the resource's confirmation
 * text, delete, then say 'Deleted successfully', or the resource's own text when the server kept
 * the record and only deactivated it (`outcome: 'deactivated'`, as users and positions answer),
 * or 'Error deleting'.
 */
import { useTranslation } from 'react-i18next';
import { useNotify } from './notify-context.ts';

export interface ConfirmedDeleteOptions<TRow> {
  /** The confirmation's header and message for this row. */
  confirm: (row: TRow) => { header: string; message: string };
  /** Sends the delete, e.g. (row) => deleteUser.mutateAsync({ id: row.id }). */
  remove: (row: TRow) => Promise<unknown>;
  /** The info toast when the server deactivated the row instead of deleting it. */
  deactivated?: (row: TRow) => string;
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
  return (row: TRow) =>
    notify.confirm({
      ...confirm(row),
      danger: true,
      onAccept: async () => {
        try {
          const result = await remove(row);
          if (deactivated && wasDeactivated(result)) notify.info(deactivated(row));
          else notify.success(t('common.deleted'));
        } catch {
          notify.error(t('errors.deleteFailed'));
        }
      },
    });
}
