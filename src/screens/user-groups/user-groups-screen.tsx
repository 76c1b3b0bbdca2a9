import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserGroupDetail as GroupDetail, UserGroup } from '../../api/gen/model';
import { useDeleteUserGroup } from '../../api/gen/user-groups/user-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { userGroupsListKey, useUserGroupsList } from './use-user-groups-api.ts';
import { UserGroupDetail } from './user-group-detail.tsx';
import { UserGroupFormDialog } from './user-group-form-dialog.tsx';
import { UserGroupList } from './user-group-list.tsx';
import { validateUserGroupsSearch } from './user-groups-search.ts';
import './user-groups.css';

/** User groups: the list on the left, the selected group's members and position access on the right. */
export function UserGroupsScreen() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const [search, setSearch] = useScreenSearch(validateUserGroupsSearch);
  // The group dialog: closed, creating (null) or editing a group.
  const [dialog, setDialog] = useState<{ visible: boolean; group: GroupDetail | null }>({
    visible: false,
    group: null,
  });
  const close = () => setDialog((d) => ({ ...d, visible: false }));
  const groups = useUserGroupsList();
  const deleteGroup = useInvalidatingMutation(useDeleteUserGroup, [userGroupsListKey]);
  const askDelete = useConfirmedDelete<UserGroup>({
    confirm: (group) => ({
      header: t('userGroups.confirmDelete.header'),
      message: t('userGroups.confirmDelete.message', { name: group.group_name }),
    }),
    remove: async (group) => {
      await deleteGroup.mutateAsync({ id: group.id });
      if (group.id === search.group) setSearch({ group: undefined, tab: undefined }, { replace: true });
    },
  });

  return (
    <section className="page">
      <PageHeader
        title={t('userGroups.title')}
        subtitle={t('userGroups.subtitle')}
        add={
          can('user_groups.create')
            ? { label: t('userGroups.add'), onClick: () => setDialog({ visible: true, group: null }) }
            : undefined
        }
      />
      <LoadFailedAlert show={groups.isError} />
      <div className="user-groups">
        <div className="card user-groups__list">
          <UserGroupList
            groups={groups.data ?? []}
            loading={groups.isPending}
            selectedId={search.group}
            onSelect={(group) => setSearch({ group: group.id })}
            onDelete={can('user_groups.delete') ? askDelete : undefined}
          />
        </div>
        <div className="card user-groups__detail">
          {search.group ? (
            <UserGroupDetail
              key={search.group}
              groupId={search.group}
              tab={search.tab ?? 'members'}
              onTabChange={(tab) =>
                setSearch({ tab: tab === 'members' ? undefined : tab }, { replace: true })
              }
              onEdit={can('user_groups.update') ? (group) => setDialog({ visible: true, group }) : undefined}
            />
          ) : (
            <EmptyState icon="pi pi-arrow-left" message={t('userGroups.detail.selectPrompt')} />
          )}
        </div>
      </div>
      <UserGroupFormDialog
        visible={dialog.visible}
        group={dialog.group}
        onHide={close}
        onCreated={(id) => {
          close();
          // The new group is selected: marked in the list, brought into view, its detail open.
          setSearch({ group: id, tab: undefined });
          notify.success(t('common.saved'));
        }}
        onUpdated={(name) => {
          close();
          notify.success(t('common.savedNamed', { name }));
        }}
      />
    </section>
  );
}
