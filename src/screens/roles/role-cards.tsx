import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { RoleInfo } from '../../api/gen/model';
import { roleKey, useRoleLabel } from './role-view.ts';

type Props = {
  roles: RoleInfo[];
  selected: string | null;
  isSelectable: (role: RoleInfo) => boolean;
  onSelect: (role: RoleInfo) => void;
  describe: (role: RoleInfo) => string;
};

/** Role Overview: one card per role; only roles the viewer may edit can be selected. */
export function RoleCards({ roles, selected, isSelectable, onSelect, describe }: Props) {
  const { t } = useTranslation();
  const label = useRoleLabel();
  return (
    <ul className="role-cards" aria-label={t('rolesScreen.overview')}>
      {roles.map((role) => {
        const key = roleKey(role);
        const selectable = isSelectable(role);
        const isSelected = selectable && selected === key;
        const body = (
          <>
            <span className="role-card__name">{label(role)}</span>
            <span className="role-card__description">{describe(role)}</span>
            <span className="role-card__meta">
              <Tag value={t('rolesScreen.level', { level: role.level })} severity="info" />
              {role.kind === 'custom' ? <Tag value={t('rolesScreen.custom')} severity="secondary" /> : null}
              <span>{t('rolesScreen.permissionCount', { count: role.permissions.length })}</span>
            </span>
          </>
        );
        return (
          <li key={key} className={`role-card${isSelected ? ' role-card--selected' : ''}`} data-role={key}>
            {selectable ? (
              <button
                type="button"
                className="role-card__button"
                aria-pressed={isSelected}
                onClick={() => onSelect(role)}
              >
                {body}
              </button>
            ) : (
              <div className="role-card__button role-card__button--static">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
