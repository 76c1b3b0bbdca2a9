import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/gen/model';
import { RoleChip } from '../common/role-chip.tsx';
import { StatusTag } from '../common/status-tag.tsx';
import { useSiteSettings } from '../common/use-site-settings.ts';
import { initialsOf } from './initials.ts';
import { ProfileDetailsForm } from './profile-details-form.tsx';
import { ProfileNotificationsForm } from './profile-notifications-form.tsx';
import { ProfilePasswordForm } from './profile-password-form.tsx';
import './profile-dialog.css';

type Props = { user: SessionUser; visible: boolean; onHide: () => void };

/**
 * The Profile dialog: who the user is on this site (read only: role and site are for an admin to
 * change), and their own name, language, notification emails and password.
 */
export function ProfileDialog({ user, visible, onHide }: Props) {
  const { t } = useTranslation();
  const { formatDate } = useSiteSettings();
  const rows: [string, React.ReactNode][] = [
    [t('profile.email'), user.email],
    [t('profile.role'), <RoleChip key="role" role={user.custom_role?.name ?? user.role} />],
    [t('profile.site'), user.site_name],
    [t('profile.status'), <StatusTag key="status" active={user.is_active} />],
    [t('profile.memberSince'), formatDate(user.created_at)],
  ];
  return (
    <Dialog
      header={t('profile.title')}
      visible={visible}
      onHide={onHide}
      modal
      draggable={false}
      className="profile-dialog"
      breakpoints={{ '640px': '95vw' }}
    >
      <div className="profile">
        <span className="avatar avatar--large" aria-hidden="true">
          {initialsOf(user)}
        </span>
        <strong className="profile__name">
          {user.first_name} {user.last_name}
        </strong>
        <dl className="profile__details">
          {rows.map(([label, value]) => (
            <div key={label} className="profile__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <ProfileDetailsForm user={user} />
      <ProfileNotificationsForm />
      <ProfilePasswordForm />
    </Dialog>
  );
}
