/**
 * Renders a screen as the app shell would: a query client, the app's NotifyProvider (toasts and
 * confirmations) and a memory router at `url`, with the screen's validateSearch on its route so
 * useScreenSearch works. Seed lists with `data` (query key → answer), as the generated hooks
 * would have fetched them. The site's display settings (dates) start at their defaults, as if
 * GET /site-settings/display had answered; seed that key in `data` to try others.
 */
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { getGetSiteDisplaySettingsQueryKey } from '../../../src/api/gen/site-settings/site-settings.ts';
import { NotifyProvider } from '../../../src/components/notify/notify-provider.tsx';
import { DEFAULT_SITE_SETTINGS } from '../../../src/domain/site-settings.ts';
import '../../../src/i18n/index.ts';

export interface RenderScreenOptions {
  /** Path and search, e.g. '/positions?inactive=true'. */
  url?: string;
  validateSearch?: (search: Record<string, unknown>) => object;
  data?: ReadonlyArray<readonly [QueryKey, unknown]>;
}

export async function renderScreen(Screen: ComponentType, options: RenderScreenOptions = {}) {
  const url = options.url ?? '/';
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false },
      mutations: { retry: false },
    },
  });
  const { timezone, dateFormat, defaultUserRole } = DEFAULT_SITE_SETTINGS;
  client.setQueryData(getGetSiteDisplaySettingsQueryKey(), { timezone, dateFormat, defaultUserRole });
  for (const [key, value] of options.data ?? []) client.setQueryData(key, value);
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => root,
    path: new URL(url, 'http://test.invalid').pathname,
    validateSearch: options.validateSearch,
    component: () => <Screen />,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  const result = render(
    <QueryClientProvider client={client}>
      <NotifyProvider>
        <RouterProvider router={router} />
      </NotifyProvider>
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
