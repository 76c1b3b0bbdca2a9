/**
 * A list screen's record actions: the add/edit dialog, the delete flow, and which of
 * them the viewer has, from the resource's permission area. A screen hands the handlers to its
 * table (undefined hides the button) and the dialog's props to its form dialog:
 *
 *   const screen = useRecordScreen<PositionGroup, PositionGroupDetail>({
 *     area: 'position_groups', load: fetchGroup, confirmDelete: …, remove: (g) => del.mutateAsync({ id: g.id }),
 *   });
 *   <ListPage add={screen.addAction(t('positionGroups.add'))} …><Table onEdit={screen.onEdit} onDelete={screen.onDelete} /></ListPage>
 */
import { useTranslation } from 'react-i18next';
import type { Permission, PermissionArea } from '../../domain/permissions.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useNotify } from '../notify/notify-context.ts';
import { type ConfirmedDeleteOptions, useConfirmedDelete } from '../notify/use-confirmed-delete.ts';
import type { PageAddAction } from './page-header.tsx';
import { useEditDialog } from './use-edit-dialog.ts';

/** The areas with create, update and delete permissions. */
type RecordArea = { [A in PermissionArea]: `${A}.create` extends Permission ? A : never }[PermissionArea];

export interface RecordScreenOptions<Row, Rec> {
  area: RecordArea;
  /** The record the dialog edits, read fresh (e.g. with members the list rows lack); by default the row. */
  load?: (row: Row) => Promise<Rec>;
  confirmDelete: ConfirmedDeleteOptions<Row>['confirm'];
  remove: ConfirmedDeleteOptions<Row>['remove'];
  deactivated?: ConfirmedDeleteOptions<Row>['deactivated'];
  /** After an add, with the new record's id (e.g. clear the filters that would hide it). */
  onCreated?: (id: number) => void;
}

export function useRecordScreen<Row, Rec = Row>(options: RecordScreenOptions<Row, Rec>) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const dialog = useEditDialog<Rec>({ onCreated: options.onCreated });
  const { area, load } = options;
  const askDelete = useConfirmedDelete<Row>({
    confirm: options.confirmDelete,
    remove: options.remove,
    deactivated: options.deactivated,
  });
  const edit = async (row: Row) => {
    if (!load) return dialog.open(row as unknown as Rec);
    try {
      dialog.open(await load(row));
    } catch {
      notify.error(t('errors.loadFailed'));
    }
  };
  return {
    dialog,
    /** Every row's edit and delete, for a table that decides per row itself (users). */
    edit,
    askDelete,
    /** The page's add button, only for a viewer who may create. */
    addAction: (label: string): PageAddAction | undefined =>
      can(`${area}.create` as Permission) ? { label, onClick: () => dialog.open(null) } : undefined,
    onEdit: can(`${area}.update` as Permission) ? edit : undefined,
    onDelete: can(`${area}.delete` as Permission) ? askDelete : undefined,
  };
}
