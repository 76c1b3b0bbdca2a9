import { useTranslation } from 'react-i18next';
import type { PositionGroup, PositionGroupDetail } from '../../api/gen/model';
import { useDeletePositionGroup } from '../../api/gen/position-groups/position-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useEditDialog } from '../../components/common/use-edit-dialog.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { PositionGroupFormDialog } from './position-group-form-dialog.tsx';
import { PositionGroupsTable } from './position-groups-table.tsx';
import {
  positionGroupsListKey,
  useFetchPositionGroup,
  usePositionGroupsList,
} from './use-position-groups-api.ts';
import './position-groups.css';

/** Spec §2 Position groups: the site's groups, add and edit in a dialog, delete after a confirmation. */
export function PositionGroupsScreen() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const dialog = useEditDialog<PositionGroupDetail>();
  const groups = usePositionGroupsList();
  const fetchGroup = useFetchPositionGroup();
  const deleteGroup = useInvalidatingMutation(useDeletePositionGroup, [positionGroupsListKey]);
  const askDelete = useConfirmedDelete<PositionGroup>({
    confirm: (group) => ({
      header: t('positionGroups.confirmDelete.header'),
      message: t('positionGroups.confirmDelete.message', { name: group.group_name }),
    }),
    remove: (group) => deleteGroup.mutateAsync({ id: group.id }),
  });
  const edit = async (row: PositionGroup) => {
    try {
      dialog.open(await fetchGroup(row.id));
    } catch {
      notify.error(t('errors.loadFailed'));
    }
  };

  return (
    <section className="page">
      <PageHeader
        title={t('positionGroups.title')}
        subtitle={t('positionGroups.subtitle')}
        add={
          can('position_groups.create')
            ? { label: t('positionGroups.add'), onClick: () => dialog.open(null) }
            : undefined
        }
      />
      <LoadFailedAlert show={groups.isError} />
      <div className="card">
        <PositionGroupsTable
          groups={groups.data ?? []}
          loading={groups.isPending}
          onEdit={can('position_groups.update') ? edit : undefined}
          onDelete={can('position_groups.delete') ? askDelete : undefined}
        />
      </div>
      <PositionGroupFormDialog group={dialog.row} {...dialog.dialogProps} />
    </section>
  );
}
