import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../machines/auth/auth-provider.tsx';
import { RoleChip } from '../common/role-chip.tsx';
import { AccountMenu } from './account-menu.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { ThemeMenu } from './theme-menu.tsx';

type Props = { onToggleSidebar: () => void; sidebarOpen: boolean };

export function TopBar({ onToggleSidebar, sidebarOpen }: Props) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();

  return (
    <header className="topbar">
      <Button
        icon="pi pi-bars"
        text
        rounded
        severity="secondary"
        aria-label={t('nav.toggleSidebar')}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
        className="topbar-button"
      />
      <div className="topbar__spacer" />
      <ThemeMenu />
      <LanguageMenu />
      {user ? (
        <>
          {user.site_name ? (
            <span className="site-chip" title={t('topBar.site')}>
              <i className="pi pi-building" aria-hidden="true" />
              <span>{user.site_name}</span>
            </span>
          ) : null}
          <div className="topbar__user">
            <span className="topbar__name">
              {user.first_name} {user.last_name}
            </span>
            <RoleChip role={user.custom_role?.name ?? user.role} size="small" />
          </div>
          <AccountMenu user={user} onLogout={logout} />
        </>
      ) : null}
    </header>
  );
}
