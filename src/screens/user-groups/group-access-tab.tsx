import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PositionAccessGrant, UserGroupDetail } from '../../api/gen/model';
import {
  useGrantUserGroupPositionAccess,
  useRevokeUserGroupPositionAccess,
} from '../../api/gen/user-groups/user-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { IconButton } from '../../components/common/icon-button.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { PickAndAdd } from './pick-and-add.tsx';
import { useNotifiedAction } from './use-notified-action.ts';
import { positionAccessKey, useActivePositionGroups, usePositionAccess } from './use-user-groups-api.ts';

type Props = {
  group: UserGroupDetail;
  /** user_groups.assign_members: the picker and the revoke buttons. */
  canAssign: boolean;
  /** position_groups.read: the picker needs the site's position groups. */
  canReadPositionGroups: boolean;
};

/** The Position Access tab: the position groups the group may work in, with who granted each. */
export function GroupAccessTab({ group, canAssign, canReadPositionGroups }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const run = useNotifiedAction();
  const { formatDate } = useSiteSettings();
  const grants = usePositionAccess(group.id);
  const refresh = [positionAccessKey(group.id)];
  const grant = useInvalidatingMutation(useGrantUserGroupPositionAccess, refresh);
  const revoke = useInvalidatingMutation(useRevokeUserGroupPositionAccess, refresh);
  const positionGroups = useActivePositionGroups(canAssign && canReadPositionGroups);
  const options = useMemo(() => {
    const granted = new Set((grants.data ?? []).map((g) => g.position_group_id));
    return (positionGroups.data ?? [])
      .filter((pg) => !granted.has(pg.id))
      .map((pg) => ({ label: `${pg.group_name} (${pg.group_code})`, value: pg.id }));
  }, [grants.data, positionGroups.data]);

  const add = (positionGroupId: number) => {
    const name = positionGroups.data?.find((pg) => pg.id === positionGroupId)?.group_name ?? '';
    return run(() => grant.mutateAsync({ id: group.id, data: { position_group_id: positionGroupId } }), {
      success: t('userGroups.access.granted', { name }),
      conflict: t('userGroups.access.alreadyGranted'),
      failure: t('userGroups.access.grantFailed'),
    });
  };

  const askRevoke = (access: PositionAccessGrant) =>
    notify.confirm({
      header: t('userGroups.access.confirmRevoke.header'),
      message: t('userGroups.access.confirmRevoke.message', {
        name: access.group_name,
        group: group.group_name,
      }),
      acceptLabel: t('userGroups.access.confirmRevoke.accept'),
      danger: true,
      onAccept: () =>
        void run(() => revoke.mutateAsync({ id: group.id, positionGroupId: access.position_group_id }), {
          success: t('userGroups.access.revoked', { name: access.group_name }),
          conflict: t('userGroups.access.revokeFailed'),
          failure: t('userGroups.access.revokeFailed'),
        }),
    });

  const grantedText = (access: PositionAccessGrant) => {
    const date = formatDate(access.granted_at);
    return access.granted_by_first_name
      ? t('userGroups.access.grantedBy', {
          date,
          name: `${access.granted_by_first_name} ${access.granted_by_last_name ?? ''}`.trim(),
        })
      : t('userGroups.access.grantedOn', { date });
  };

  return (
    <div className="group-tab">
      {canAssign && canReadPositionGroups ? (
        <PickAndAdd
          id="user-group-access-pick"
          label={t('userGroups.access.pick')}
          placeholder={t('userGroups.access.pickPlaceholder')}
          emptyMessage={t('userGroups.access.noCandidates')}
          buttonLabel={t('userGroups.access.grant')}
          options={options}
          onAdd={add}
        />
      ) : null}
      {grants.isError ? (
        <EmptyState icon="pi pi-exclamation-triangle" message={t('errors.loadFailed')} />
      ) : grants.data && grants.data.length === 0 ? (
        <EmptyState icon="pi pi-map" message={t('userGroups.access.empty')} />
      ) : (
        <ul className="group-rows" aria-label={t('userGroups.tabs.access')} aria-busy={grants.isPending}>
          {(grants.data ?? []).map((access) => (
            <li key={access.id} className="group-row">
              <span className="initials-avatar group-row__avatar group-row__avatar--place" aria-hidden="true">
                <i className="pi pi-map-marker" />
              </span>
              <div className="group-row__main">
                <span className="group-row__title">
                  {access.group_name} <code className="user-group-code">{access.group_code}</code>
                </span>
                {access.description ? <span className="group-row__sub">{access.description}</span> : null}
                <span className="group-row__sub">
                  {t('userGroups.access.activePositions', { count: access.active_position_count })} ·{' '}
                  {grantedText(access)}
                </span>
              </div>
              {canAssign ? (
                <IconButton
                  icon="pi pi-times"
                  label={t('userGroups.access.revoke', { name: access.group_name })}
                  tooltip={t('userGroups.access.revoke', { name: access.group_name })}
                  tooltipPosition="left"
                  danger
                  onClick={() => askRevoke(access)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
