import { useTranslation } from 'react-i18next';
import { isRole, type Role } from '../../domain/permissions.ts';

/** A role's colour: admin red, owner blue, manager orange, worker grey. */
export function RoleChip({ role, size = 'normal' }: { role: Role | string; size?: 'small' | 'normal' }) {
  const { t } = useTranslation();
  const known = isRole(role);
  return (
    <span
      className={`role-chip role-chip--${known ? role : 'unknown'} ${size === 'small' ? 'role-chip--small' : ''}`}
      data-role={role}
    >
      {known ? t(`roles.${role}`) : role}
    </span>
  );
}
