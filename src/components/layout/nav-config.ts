import type { Permission } from '../../domain/permissions.ts';
import type { Translation } from '../../i18n/locales/en.ts';

type NavLabel = `nav.${keyof Translation['nav']}`;

export type NavLink = {
  kind: 'link';
  id: string;
  label: NavLabel;
  icon: string;
  to: string;
  permission?: Permission;
};
export type NavGroup = {
  kind: 'group';
  id: string;
  label: NavLabel;
  permission?: Permission;
  children: NavLink[];
};
export type NavEntry = NavLink | NavGroup;

/**
 * The sidebar (spec §2 Layout). Only screens that exist are listed; positions, task management,
 * groups, work entries and the administration screens join here as they are built.
 */
export const NAV: readonly NavEntry[] = [
  {
    kind: 'link',
    id: 'dashboard',
    label: 'nav.dashboard',
    icon: 'pi pi-home',
    to: '/',
    permission: 'dashboard.view',
  },
  {
    kind: 'group',
    id: 'management',
    label: 'nav.management',
    children: [
      {
        kind: 'link',
        id: 'users',
        label: 'nav.users',
        icon: 'pi pi-users',
        to: '/users',
        permission: 'users.read',
      },
    ],
  },
  {
    kind: 'group',
    id: 'administration',
    label: 'nav.administration',
    permission: 'roles.read',
    children: [],
  },
];

/** Entries the viewer may see; a group with no visible child is hidden. */
export function visibleNav(nav: readonly NavEntry[], can: (permission: Permission) => boolean): NavEntry[] {
  const allowed = (entry: { permission?: Permission }) => !entry.permission || can(entry.permission);
  return nav.flatMap((entry): NavEntry[] => {
    if (!allowed(entry)) return [];
    if (entry.kind === 'link') return [entry];
    const children = entry.children.filter(allowed);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === to || pathname.startsWith(`${to}/`);
}
