import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import type { UserGroupDetail as UserGroupDetailRecord } from '../../api/gen/model';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { GroupAccessTab } from './group-access-tab.tsx';
import { GroupMembersTab } from './group-members-tab.tsx';
import { GroupTypeTag } from './group-type-tag.tsx';
import { useUserGroup } from './use-user-groups-api.ts';
import { USER_GROUP_TABS, type UserGroupTab } from './user-groups-search.ts';

type Props = {
  groupId: number;
  tab: UserGroupTab;
  onTabChange: (tab: UserGroupTab) => void;
  /** user_groups.update: the Edit button. */
  onEdit?: (group: UserGroupDetailRecord) => void;
};

/** The selected group, with its Members and Position Access tabs. */
export function UserGroupDetail({ groupId, tab, onTabChange, onEdit }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const group = useUserGroup(groupId);

  if (group.isPending)
    return (
      <div className="user-group-detail__loading">
        <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('common.loading')} />
      </div>
    );
  if (!group.data)
    return <EmptyState icon="pi pi-question-circle" message={t('userGroups.detail.notFound')} />;

  const g = group.data;
  const canAssign = can('user_groups.assign_members');
  return (
    <div className="user-group-detail">
      <header className="user-group-detail__header">
        <div>
          <h2 className="user-group-detail__title">{g.group_name}</h2>
          {g.description ? <p className="user-group-detail__description">{g.description}</p> : null}
        </div>
        <div className="user-group-detail__actions">
          <GroupTypeTag type={g.group_type} />
          {onEdit ? (
            <Button
              type="button"
              icon="pi pi-pencil"
              label={t('userGroups.detail.edit')}
              outlined
              size="small"
              onClick={() => onEdit(g)}
            />
          ) : null}
        </div>
      </header>
      <dl className="user-group-detail__facts">
        <div>
          <dt>{t('userGroups.detail.code')}</dt>
          <dd>
            <code className="user-group-code">{g.group_code}</code>
          </dd>
        </div>
        <div>
          <dt>{t('userGroups.detail.manager')}</dt>
          <dd>
            {g.manager_user_id
              ? `${g.manager_first_name ?? ''} ${g.manager_last_name ?? ''}`.trim()
              : t('userGroups.detail.noManager')}
          </dd>
        </div>
      </dl>
      <TabView
        activeIndex={USER_GROUP_TABS.indexOf(tab)}
        onTabChange={(e) => onTabChange(USER_GROUP_TABS[e.index] ?? 'members')}
      >
        <TabPanel header={`${t('userGroups.tabs.members')} (${g.members.length})`}>
          <GroupMembersTab group={g} canAssign={canAssign} canReadUsers={can('users.read')} />
        </TabPanel>
        <TabPanel header={t('userGroups.tabs.access')}>
          <GroupAccessTab
            group={g}
            canAssign={canAssign}
            canReadPositionGroups={can('position_groups.read')}
          />
        </TabPanel>
      </TabView>
    </div>
  );
}
