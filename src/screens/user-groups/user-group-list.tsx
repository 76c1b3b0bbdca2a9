import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserGroup } from '../../api/gen/model';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { IconButton } from '../../components/common/icon-button.tsx';
import { GroupTypeTag } from './group-type-tag.tsx';

type Props = {
  groups: readonly UserGroup[];
  loading: boolean;
  selectedId: number | undefined;
  onSelect: (group: UserGroup) => void;
  /** Omitted: no delete buttons (the viewer lacks user_groups.delete). */
  onDelete?: (group: UserGroup) => void;
};

/** The site's groups (never system ones) with code, active member count and type. */
export function UserGroupList({ groups, loading, selectedId, onSelect, onDelete }: Props) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const present = groups.some((group) => group.id === selectedId);
  // The selected group in view: one just created (or opened from a link) may sit far down the list.
  useEffect(() => {
    if (present) list.current?.querySelector('.is-selected')?.scrollIntoView?.({ block: 'nearest' });
  }, [present]);
  if (loading)
    return (
      <div className="user-group-list__loading">
        <ProgressSpinner style={{ width: 32, height: 32 }} aria-label={t('common.loading')} />
      </div>
    );
  if (groups.length === 0) return <EmptyState icon="pi pi-users" message={t('userGroups.list.empty')} />;
  return (
    <ul ref={list} className="user-group-list" aria-label={t('userGroups.list.label')}>
      {groups.map((group) => {
        const selected = group.id === selectedId;
        return (
          <li key={group.id} className={`user-group-list__item${selected ? ' is-selected' : ''}`}>
            <button
              type="button"
              className="user-group-list__select"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(group)}
            >
              <span className="user-group-list__name">{group.group_name}</span>
              <span className="user-group-list__meta">
                <code className="user-group-code">{group.group_code}</code>
                <span>{t('userGroups.list.activeMembers', { count: group.active_member_count })}</span>
              </span>
              <GroupTypeTag type={group.group_type} />
            </button>
            {onDelete ? (
              <IconButton
                icon="pi pi-trash"
                label={t('userGroups.list.delete', { name: group.group_name })}
                tooltip={t('common.delete')}
                tooltipPosition="top"
                danger
                onClick={() => onDelete(group)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
