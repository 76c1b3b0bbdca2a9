import { useTranslation } from 'react-i18next';
import type { PositionGroup, PositionGroupDetail } from '../../api/gen/model';
import { useDeletePositionGroup } from '../../api/gen/position-groups/position-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { ListPage } from '../../components/common/list-page.tsx';
import { useRecordScreen } from '../../components/common/use-record-screen.ts';
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
  const groups = usePositionGroupsList();
  const deleteGroup = useInvalidatingMutation(useDeletePositionGroup, [positionGroupsListKey]);
  const screen = useRecordScreen<PositionGroup, PositionGroupDetail>({
    area: 'position_groups',
    // The list rows carry no members: the dialog starts from the group read fresh.
    load: useFetchPositionGroup(),
    confirmDelete: (group) => ({
      header: t('positionGroups.confirmDelete.header'),
      message: t('positionGroups.confirmDelete.message', { name: group.group_name }),
    }),
    remove: (group) => deleteGroup.mutateAsync({ id: group.id }),
  });

  return (
    <ListPage
      title={t('positionGroups.title')}
      subtitle={t('positionGroups.subtitle')}
      add={screen.addAction(t('positionGroups.add'))}
      loadFailed={groups.isError}
      after={<PositionGroupFormDialog group={screen.dialog.row} {...screen.dialog.dialogProps} />}
    >
      <PositionGroupsTable
        groups={groups.data ?? []}
        loading={groups.isPending}
        onEdit={screen.onEdit}
        onDelete={screen.onDelete}
      />
    </ListPage>
  );
}
