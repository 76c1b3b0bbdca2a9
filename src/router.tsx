/**
 * Code-based routes. Route definitions stay thin: guards in beforeLoad, screens loaded
 * lazily so each screen is its own chunk. The screens inside the app shell come from the screen
 * registry; only login, the shell and the catch-all are written here. The router context carries
 * the query client and the session actor; main.tsx invalidates the router whenever the session
 * changes.
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
import {
  DEFAULT_DENIED_REDIRECT,
  isAllowed,
  redirectIfSignedIn,
  requireAccess,
  requireSignedIn,
} from './components/guards/require-access.ts';
import type { RoleLike } from './domain/permissions.ts';
import type { AuthActorRef } from './machines/auth/session.ts';
import { NAV } from './nav.ts';
import { SCREENS } from './screen-registry.ts';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthActorRef;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});

const text = (value: unknown, max = 320) =>
  typeof value === 'string' && value !== '' && value.length <= max ? value : undefined;
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  // After a password page: the account's email, and which notice to show.
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; email?: string; notice?: 'password-set' | 'password-reset' } =>
    defined({
      redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
      email: text(search.email),
      notice:
        search.notice === 'password-set' || search.notice === 'password-reset' ? search.notice : undefined,
    }),
  beforeLoad: (args) => redirectIfSignedIn(args, args.search.redirect),
  component: lazyRouteComponent(() => import('./screens/login/login-screen.tsx'), 'LoginScreen'),
});

/**
 * The emailed links' pages and the forgot-password page: public (a signed-in browser may open a
 * link too), outside the app shell, with only their own texts.
 */
const withPasswordTexts = <M,>(screen: Promise<M>) =>
  Promise.all([
    screen,
    import('./screens/password-links/password-link-texts.ts').then((m) => m.addPasswordLinkTexts()),
  ]).then(([module]) => module);
const setPasswordPages = () => withPasswordTexts(import('./screens/password-links/set-password-screen.tsx'));
const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  defined({ token: text(search.token, 200) });

const passwordRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'forgot-password',
    validateSearch: (search: Record<string, unknown>): { email?: string } =>
      defined({ email: text(search.email) }),
    component: lazyRouteComponent(
      () => withPasswordTexts(import('./screens/password-links/forgot-password-screen.tsx')),
      'ForgotPasswordScreen',
    ),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'set-password',
    validateSearch: tokenSearch,
    component: lazyRouteComponent(setPasswordPages, 'SetPasswordScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'reset-password',
    validateSearch: tokenSearch,
    component: lazyRouteComponent(setPasswordPages, 'ResetPasswordScreen'),
  }),
];

/**
 * The app shell's chunk comes with the screens' texts (i18n/area-texts.ts) and PrimeReact's
 * Finnish and Swedish texts: the sign-in page loads none of them.
 */
const loadShell = () =>
  Promise.all([
    import('./components/layout/app-shell.tsx'),
    import('./i18n/area-texts.ts').then((m) => m.addAreaTexts()),
    import('./i18n/primereact-locale.ts'),
  ]).then(([{ AppShell }]) => ({ AppShell: () => <AppShell nav={NAV} /> }));

/** Pathless layout: everything inside needs a signed-in user and renders in the app shell. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(loadShell, 'AppShell'),
});

/**
 * A denied page sends the user to the dashboard, or, when their role may not open that either (a
 * custom role of a few permissions), to the first screen of the sidebar they may open.
 */
function deniedRedirect(grant: RoleLike): string {
  const home = SCREENS.find((s) => s.path === '/');
  if (!home || isAllowed(grant, home.access)) return DEFAULT_DENIED_REDIRECT;
  return SCREENS.find((s) => isAllowed(grant, s.access))?.path ?? DEFAULT_DENIED_REDIRECT;
}

/**
 * One route per path of each registered screen (src/screen-registry.ts): its access guard, its
 * search-param validation and its lazily loaded component.
 */
const screenRoutes = SCREENS.flatMap((screen) =>
  [screen.path, ...(screen.aliases ?? [])].map((path) =>
    createRoute({
      getParentRoute: () => appRoute,
      path,
      beforeLoad: requireAccess(screen.access, { redirectTo: deniedRedirect }),
      validateSearch: screen.validateSearch,
      component: withAccessGate(screen.component),
    }),
  ),
);

/**
 * The field app is its own entry (field.html, src/field/main.tsx; the server answers /t/* and
 * /field* with it): a link or redirect here to one of its paths (the sidebar's Field app, the
 * sign-in page sending a worker to /field or back to a tag) loads that page in full. Not when a
 * link is only preloaded (hover).
 */
const toFieldEntry = ({
  location,
  preload,
}: {
  location: { href: string; pathname: string };
  preload: boolean;
}) => {
  if (preload) return;
  // This page itself was loaded for that path: the server has no field entry (a build without
  // it), so loading it again would only loop.
  const loadedAt = performance.getEntriesByType('navigation')[0]?.name;
  if (loadedAt && new URL(loadedAt).pathname === location.pathname)
    throw redirect({ to: '/', replace: true });
  throw redirect({ href: location.href, reloadDocument: true, replace: true });
};

const fieldRoutes = (['field', 'field/$', 't/$tag'] as const).map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, beforeLoad: toFieldEntry }),
);

/** Any unknown path goes to / (and from there to /login when signed out). */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});

/**
 * Loads the app shell and the dashboard while the sign-in request runs (main.tsx calls it), so the
 * dashboard shows as soon as the session is signed in, with no blank frame for their chunks.
 */
export function preloadSignedInApp(): void {
  void loadShell().catch(() => {});
  for (const screen of SCREENS.filter((s) => s.path === '/'))
    void (screen.component as { preload?: () => Promise<void> }).preload?.()?.catch(() => {});
}

export const routeTree = rootRoute.addChildren([
  loginRoute,
  ...passwordRoutes,
  appRoute.addChildren(screenRoutes),
  ...fieldRoutes,
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
