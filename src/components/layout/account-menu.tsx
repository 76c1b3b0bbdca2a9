import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../api/gen/model';
import { initialsOf } from './initials.ts';
import { ProfileDialog } from './profile-dialog.tsx';

type Props = { user: SessionUser; onLogout: () => void };

export function AccountMenu({ user, onLogout }: Props) {
  const { t, i18n } = useTranslation();
  const menu = useRef<Menu>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  // The language the user saved for themselves wins once they are signed in; the
  // top bar's language menu still switches for this visit.
  useEffect(() => {
    if (user.language && i18n.resolvedLanguage !== user.language) void i18n.changeLanguage(user.language);
  }, [user.language, i18n]);
  const items: MenuItem[] = [
    {
      template: () => (
        <div className="account-menu__header">
          <strong>
            {user.first_name} {user.last_name}
          </strong>
          <small>{user.email}</small>
        </div>
      ),
    },
    { separator: true },
    { label: t('topBar.profile'), icon: 'pi pi-user', command: () => setProfileOpen(true) },
    { label: t('topBar.logout'), icon: 'pi pi-sign-out', command: onLogout },
  ];

  return (
    <>
      <button
        type="button"
        className="avatar avatar--button"
        // The visible initials are part of the name (WCAG 2.5.3 label in name).
        aria-label={`${t('topBar.account')}: ${initialsOf(user)}`}
        aria-haspopup="menu"
        aria-controls="account-menu"
        onClick={(e) => menu.current?.toggle(e)}
      >
        {initialsOf(user)}
      </button>
      <Menu
        model={items}
        popup
        ref={menu}
        id="account-menu"
        popupAlignment="right"
        className="account-menu"
      />
      <ProfileDialog user={user} visible={profileOpen} onHide={() => setProfileOpen(false)} />
    </>
  );
}
