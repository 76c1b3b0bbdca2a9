import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { isAllowed } from '../guards/require-access.ts';
import { isActivePath, type NavEntry, type NavLink, visibleNav } from './nav-config.ts';

type Props = { nav: readonly NavEntry[]; collapsed?: boolean; onNavigate?: () => void };

export function SidebarNav({ nav, collapsed = false, onNavigate }: Props) {
  const { t } = useTranslation();
  const { grant } = usePermissions();
  const pathname = useLocation({ select: (location) => location.pathname });
  const entries = visibleNav(nav, (rule) => isAllowed(grant, rule));

  const link = (item: NavLink) => {
    const active = isActivePath(pathname, item);
    const label = t(item.label);
    return (
      <li key={item.id}>
        <Link
          to={item.to}
          reloadDocument={item.reloadDocument}
          className={`nav-link${active ? ' nav-link--active' : ''}`}
          aria-current={active ? 'page' : undefined}
          title={collapsed ? label : undefined}
          onClick={onNavigate}
        >
          <i className={item.icon} aria-hidden="true" />
          <span className="nav-link__label">{label}</span>
        </Link>
      </li>
    );
  };

  return (
    <nav
      className={`sidebar-nav${collapsed ? ' sidebar-nav--collapsed' : ''}`}
      aria-label={t('nav.mainNavigation')}
    >
      <ul>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            link(entry)
          ) : (
            <li key={entry.id} className="nav-group">
              <span className="nav-group__label" id={`nav-group-${entry.id}`}>
                {t(entry.label)}
              </span>
              <ul aria-labelledby={`nav-group-${entry.id}`}>{entry.children.map(link)}</ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
