/**
 * Every screen inside the app shell, listed once: its path, the access it needs (written only
 * here), its sidebar entry and its lazily loaded component. The router (router.tsx) and the
 * sidebar (nav.ts, handed to the shell) are both derived from this list, so adding a screen is one
 * entry here plus the screen's folder (see src/screens/README.md).
 *
 * Order matters: it is the sidebar's order. A group appears where its first screen does.
 */
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import type { AccessRule } from './components/guards/require-access.ts';
import type { NavLabel } from './components/layout/nav-config.ts';
import { TRASH_READERS } from './domain/trash.ts';
import type { NavGroupId } from './nav.ts';
import { validateAssignmentsSearch } from './screens/assignments/assignments-search.ts';
import { validateAuditLogSearch } from './screens/audit-log/audit-log-search.ts';
import { validateCoverageSearch } from './screens/coverage/coverage-search.ts';
import { validatePositionGroupsSearch } from './screens/position-groups/position-groups-search.ts';
import { validatePositionsSearch } from './screens/positions/positions-search.ts';
import { validateTasksSearch } from './screens/tasks/tasks-search.ts';
import { validateTrashSearch } from './screens/trash/trash-search.ts';
import { validateUserGroupsSearch } from './screens/user-groups/user-groups-search.ts';
import { validateUsersSearch } from './screens/users/users-search.ts';
import { validateVisitSchedulesSearch } from './screens/visit-schedules/visit-schedules-search.ts';
import { validateWorkEntriesSearch } from './screens/work-entries/work-entries-search.ts';

export interface ScreenDef<P extends `/${string}` = `/${string}`> {
  /** Stable id: the sidebar entry's key and the route's name in tests. */
  id: string;
  /** The URL path, a literal (the list is `as const`), so links are typed. */
  path: P;
  /** Further paths that show the same screen (the dashboard is / and /dashboard). */
  aliases?: readonly P[];
  /** Who may open it; the route guard and the sidebar both read this. */
  access: AccessRule;
  /** Its sidebar entry; omit for screens reached only by links. */
  nav?: { label: NavLabel; icon: string; group?: NavGroupId };
  /**
   * lazyRouteComponent(() => import('./screens/<area>/<area>-screen.tsx'), '<Area>Screen'): one
   * chunk per screen.
   */
  component: RouteComponent;
  /**
   * Filters, tabs and selections that live in the URL: a pure function from the raw search
   * object to the screen's typed search, defaulting anything missing or invalid (see
   * components/routing/search-params.ts). The screen reads and writes it with useScreenSearch.
   */
  validateSearch?: (search: Record<string, unknown>) => object;
}

const DECLARED = [
  {
    id: 'dashboard',
    path: '/',
    aliases: ['/dashboard'],
    access: 'dashboard.view',
    nav: { label: 'dashboard.nav', icon: 'pi pi-home' },
    component: lazyRouteComponent(
      () => import('./screens/dashboard/dashboard-screen.tsx'),
      'DashboardScreen',
    ),
  },
  {
    id: 'users',
    path: '/users',
    access: 'users.read',
    nav: { label: 'users.nav', icon: 'pi pi-users', group: 'management' },
    component: lazyRouteComponent(() => import('./screens/users/users-screen.tsx'), 'UsersScreen'),
    validateSearch: validateUsersSearch,
  },
  {
    id: 'positions',
    path: '/positions',
    access: 'positions.read',
    nav: { label: 'positions.nav', icon: 'pi pi-map-marker', group: 'management' },
    component: lazyRouteComponent(
      () => import('./screens/positions/positions-screen.tsx'),
      'PositionsScreen',
    ),
    validateSearch: validatePositionsSearch,
  },
  {
    id: 'position-tasks',
    path: '/position-tasks',
    // The dashboard's quick action links to /tasks: the same screen.
    aliases: ['/tasks'],
    access: 'tasks.read',
    nav: { label: 'tasks.nav', icon: 'pi pi-check-square', group: 'management' },
    component: lazyRouteComponent(() => import('./screens/tasks/tasks-screen.tsx'), 'TasksScreen'),
    validateSearch: validateTasksSearch,
  },
  {
    id: 'position-task-assignments',
    path: '/position-task-assignments',
    access: 'tasks.read',
    // Management's own screen is task management; this legacy screen sits right after it.
    nav: { label: 'assignments.nav', icon: 'pi pi-link', group: 'management' },
    component: lazyRouteComponent(
      () => import('./screens/assignments/assignments-screen.tsx'),
      'AssignmentsScreen',
    ),
    validateSearch: validateAssignmentsSearch,
  },
  {
    id: 'position-groups',
    path: '/position-groups',
    access: 'position_groups.read',
    nav: { label: 'positionGroups.nav', icon: 'pi pi-th-large', group: 'management' },
    component: lazyRouteComponent(
      () => import('./screens/position-groups/position-groups-screen.tsx'),
      'PositionGroupsScreen',
    ),
    validateSearch: validatePositionGroupsSearch,
  },
  {
    id: 'visit-schedules',
    path: '/visit-schedules',
    access: 'positions.read',
    nav: { label: 'visitSchedules.nav', icon: 'pi pi-calendar-clock', group: 'management' },
    component: lazyRouteComponent(
      () => import('./screens/visit-schedules/visit-schedules-screen.tsx'),
      'VisitSchedulesScreen',
    ),
    validateSearch: validateVisitSchedulesSearch,
  },
  {
    id: 'user-groups',
    path: '/user-groups',
    access: 'user_groups.read',
    nav: { label: 'userGroups.nav', icon: 'pi pi-sitemap', group: 'management' },
    component: lazyRouteComponent(
      () => import('./screens/user-groups/user-groups-screen.tsx'),
      'UserGroupsScreen',
    ),
    validateSearch: validateUserGroupsSearch,
  },
  {
    id: 'work-entries',
    path: '/work-entries',
    access: 'work_entries.read',
    nav: { label: 'workEntries.nav', icon: 'pi pi-clipboard' },
    component: lazyRouteComponent(
      () => import('./screens/work-entries/work-entries-screen.tsx'),
      'WorkEntriesScreen',
    ),
    validateSearch: validateWorkEntriesSearch,
  },
  {
    id: 'coverage',
    path: '/coverage',
    access: 'work_entries.view_all',
    nav: { label: 'coverage.nav', icon: 'pi pi-verified' },
    component: lazyRouteComponent(() => import('./screens/coverage/coverage-screen.tsx'), 'CoverageScreen'),
    validateSearch: validateCoverageSearch,
  },
  {
    id: 'roles',
    path: '/roles',
    access: 'roles.read',
    nav: { label: 'rolesScreen.nav', icon: 'pi pi-shield', group: 'administration' },
    component: lazyRouteComponent(() => import('./screens/roles/roles-screen.tsx'), 'RolesScreen'),
  },
  {
    id: 'site-settings',
    path: '/site-settings',
    access: 'system.settings',
    nav: { label: 'siteSettings.nav', icon: 'pi pi-cog', group: 'administration' },
    component: lazyRouteComponent(
      () => import('./screens/site-settings/site-settings-screen.tsx'),
      'SiteSettingsScreen',
    ),
  },
  {
    id: 'system-status',
    path: '/system-status',
    access: 'system.settings',
    nav: { label: 'systemStatus.nav', icon: 'pi pi-server', group: 'administration' },
    component: lazyRouteComponent(
      () => import('./screens/system-status/system-status-screen.tsx'),
      'SystemStatusScreen',
    ),
  },
  {
    id: 'webhooks',
    path: '/webhooks',
    access: 'system.settings',
    nav: { label: 'webhooks.nav', icon: 'pi pi-share-alt', group: 'administration' },
    component: lazyRouteComponent(() => import('./screens/webhooks/webhooks-screen.tsx'), 'WebhooksScreen'),
  },
  {
    id: 'audit-log',
    path: '/audit-log',
    access: 'system.logs',
    nav: { label: 'auditLog.nav', icon: 'pi pi-history', group: 'administration' },
    component: lazyRouteComponent(() => import('./screens/audit-log/audit-log-screen.tsx'), 'AuditLogScreen'),
    validateSearch: validateAuditLogSearch,
  },
  {
    id: 'trash',
    path: '/trash',
    // Whoever may delete something sees what they deleted (each kind by its delete permission).
    access: { anyOf: TRASH_READERS },
    nav: { label: 'trash.nav', icon: 'pi pi-trash', group: 'administration' },
    component: lazyRouteComponent(() => import('./screens/trash/trash-screen.tsx'), 'TrashScreen'),
    validateSearch: validateTrashSearch,
  },
] as const satisfies readonly ScreenDef[];

type Declared = (typeof DECLARED)[number];
/**
 * Every path the registry routes (paths and aliases), as literals: the routes made from them keep
 * them, so the router's `to` (a link's, the sidebar's, a redirect's) takes only a real path.
 */
export type ScreenPath =
  | Declared['path']
  | (Declared extends infer S ? (S extends { aliases: readonly (infer A)[] } ? A : never) : never);

export const SCREENS: readonly ScreenDef<ScreenPath>[] = DECLARED;
