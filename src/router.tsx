/**
 * Code-based routes (spec §2). Route definitions stay thin: guards in beforeLoad, screens loaded
 * lazily so each screen is its own chunk. The router context carries the query client and the
 * session actor; main.tsx invalidates the router whenever the session changes.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { withAccessGate } from './components/guards/access-gate.tsx';
import { redirectIfSignedIn, requireAccess, requireSignedIn } from './components/guards/require-access.ts';
import type { AuthActorRef } from './machines/auth/auth-provider.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthActorRef;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: (args) => redirectIfSignedIn(args, args.search.redirect),
  component: lazyRouteComponent(() => import('./screens/login/login-screen.tsx'), 'LoginScreen'),
});

/** Pathless layout: everything inside needs a signed-in user and renders in the app shell. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('./components/layout/app-shell.tsx'), 'AppShell'),
});

const DashboardScreen = withAccessGate(
  lazyRouteComponent(() => import('./screens/dashboard/dashboard-screen.tsx'), 'DashboardScreen'),
);

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: requireAccess('dashboard.view'),
  component: DashboardScreen,
});

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard',
  beforeLoad: requireAccess('dashboard.view'),
  component: DashboardScreen,
});

const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'users',
  beforeLoad: requireAccess('users.read'),
  component: withAccessGate(
    lazyRouteComponent(() => import('./screens/users/users-screen.tsx'), 'UsersScreen'),
  ),
});

/** Any unknown path goes to / (and from there to /login when signed out). */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});

export const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([indexRoute, dashboardRoute, usersRoute]),
  unknownRoute,
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Fresh data comes from TanStack Query; the router itself caches nothing.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
