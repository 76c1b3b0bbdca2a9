import { Tag } from 'primereact/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserGroupDetail, UserGroupMember } from '../../api/gen/model';
import { useAddUserGroupMember, useRemoveUserGroupMember } from '../../api/gen/user-groups/user-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { IconButton } from '../../components/common/icon-button.tsx';
import { InitialsAvatar } from '../../components/common/initials-avatar.tsx';
import { RoleChip } from '../../components/common/role-chip.tsx';
import { StatusTag } from '../../components/common/status-tag.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useUsersList } from '../users/use-users-api.ts';
import { PickManyAndAdd } from './pick-many-and-add.tsx';
import { useNotifiedAction } from './use-notified-action.ts';
import { userGroupKey, userGroupsListKey } from './use-user-groups-api.ts';
import { userOptions } from './user-options.ts';

type Props = {
  group: UserGroupDetail;
  /** user_groups.assign_members: the picker and the remove buttons. */
  canAssign: boolean;
  /** users.read: the picker needs the site's users. */
  canReadUsers: boolean;
};

const nameOf = (member: { first_name: string; last_name: string }) =>
  `${member.first_name} ${member.last_name}`;

/** The Members tab: who is in the group; adding offers only active users who are not members yet. */
export function GroupMembersTab({ group, canAssign, canReadUsers }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const run = useNotifiedAction();
  // The member count on the list changes too.
  const refresh = [userGroupKey(group.id), userGroupsListKey];
  const addMember = useInvalidatingMutation(useAddUserGroupMember, refresh);
  const removeMember = useInvalidatingMutation(useRemoveUserGroupMember, refresh);
  const users = useUsersList({ enabled: canAssign && canReadUsers });
  const candidates = useMemo(() => {
    const members = new Set(group.members.map((member) => member.user_id));
    return (users.data ?? []).filter((user) => user.is_active && !members.has(user.id));
  }, [users.data, group.members]);

  /** Adds each picked user in turn; one toast says how it went; those not added stay picked. */
  const add = async (userIds: number[]) => {
    const failed: number[] = [];
    for (const userId of userIds) {
      try {
        await addMember.mutateAsync({ id: group.id, data: { user_id: userId } });
      } catch {
        failed.push(userId);
      }
    }
    const added = userIds.filter((id) => !failed.includes(id));
    const names = (ids: number[]) =>
      ids
        .map((id) => candidates.find((c) => c.id === id))
        .map((u) => (u ? nameOf(u) : ''))
        .join(', ');
    if (added.length === 1) notify.success(t('userGroups.members.added', { name: names(added) }));
    else if (added.length > 1) notify.success(t('userGroups.members.addedMany', { count: added.length }));
    if (failed.length > 0) notify.error(t('userGroups.members.someFailed', { names: names(failed) }));
    return failed;
  };

  const askRemove = (member: UserGroupMember) =>
    notify.confirm({
      header: t('userGroups.members.confirmRemove.header'),
      message: t('userGroups.members.confirmRemove.message', {
        name: nameOf(member),
        group: group.group_name,
      }),
      acceptLabel: t('userGroups.members.confirmRemove.accept'),
      danger: true,
      onAccept: () =>
        void run(() => removeMember.mutateAsync({ id: group.id, userId: member.user_id }), {
          success: t('userGroups.members.removed', { name: nameOf(member) }),
          conflict: t('userGroups.members.removeFailed'),
          failure: t('userGroups.members.removeFailed'),
        }),
    });

  return (
    <div className="group-tab">
      {canAssign && canReadUsers ? (
        <PickManyAndAdd
          id="user-group-member-pick"
          label={t('userGroups.members.pick')}
          placeholder={t('userGroups.members.pickPlaceholder')}
          filterLabel={t('userGroups.members.pickFilter')}
          emptyMessage={t('userGroups.members.noCandidates')}
          buttonLabel={t('userGroups.members.add')}
          options={userOptions(candidates)}
          onAdd={add}
        />
      ) : null}
      {group.members.length === 0 ? (
        <EmptyState icon="pi pi-user" message={t('userGroups.members.empty')} />
      ) : (
        <ul className="group-rows" aria-label={t('userGroups.tabs.members')}>
          {group.members.map((member) => {
            const isManager = member.user_id === group.manager_user_id;
            return (
              <li key={member.user_id} className="group-row">
                <InitialsAvatar person={member} className="group-row__avatar" />
                <div className="group-row__main">
                  <span className="group-row__title">{nameOf(member)}</span>
                  <span className="group-row__sub">{member.email}</span>
                </div>
                <div className="group-row__tags">
                  {isManager ? (
                    <Tag
                      className="group-row__manager"
                      icon="pi pi-star-fill"
                      value={t('userGroups.members.manager')}
                      severity="info"
                      rounded
                    />
                  ) : null}
                  <RoleChip role={member.role} size="small" />
                  {member.is_active ? null : <StatusTag active={false} />}
                </div>
                {canAssign && !isManager ? (
                  <IconButton
                    icon="pi pi-user-minus"
                    label={t('userGroups.members.remove', { name: nameOf(member) })}
                    tooltip={t('userGroups.members.remove', { name: nameOf(member) })}
                    tooltipPosition="left"
                    danger
                    onClick={() => askRemove(member)}
                  />
                ) : (
                  <span className="group-row__no-action" />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
