import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PositionGroup, PositionGroupDetail } from '../../api/gen/model';
import { useDeletePositionGroup } from '../../api/gen/position-groups/position-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { PageHeader } from '../../components/common/page-header.tsx';
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

type DialogState = { visible: boolean; group: PositionGroupDetail | null };

/** Spec §2 Position groups: the site's groups, add and edit in a dialog, delete after a confirmation. */
export function PositionGroupsScreen() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const [dialog, setDialog] = useState<DialogState>({ visible: false, group: null });
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
      setDialog({ visible: true, group: await fetchGroup(row.id) });
    } catch {
      notify.error(t('errors.loadFailed'));
    }
  };
  const close = () => setDialog((d) => ({ ...d, visible: false }));

  return (
    <section className="page">
      <PageHeader
        title={t('positionGroups.title')}
        subtitle={t('positionGroups.subtitle')}
        actions={
          can('position_groups.create') ? (
            <Button
              label={t('positionGroups.add')}
              icon="pi pi-plus"
              onClick={() => setDialog({ visible: true, group: null })}
            />
          ) : null
        }
      />
      {groups.isError ? (
        <Message severity="error" text={t('errors.loadFailed')} className="page-alert" />
      ) : null}
      <div className="card">
        <PositionGroupsTable
          groups={groups.data ?? []}
          loading={groups.isPending}
          onEdit={can('position_groups.update') ? edit : undefined}
          onDelete={can('position_groups.delete') ? askDelete : undefined}
        />
      </div>
      <PositionGroupFormDialog
        group={dialog.group}
        visible={dialog.visible}
        onHide={close}
        onSaved={() => {
          close();
          notify.success(t('common.saved'));
        }}
      />
    </section>
  );
}
