import { Outlet, useLocation } from '@tanstack/react-router';
import { Sidebar } from 'primereact/sidebar';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDeniedNotice } from '../guards/access-gate.tsx';
import { LiveEventsProvider } from '../live/live-events-provider.tsx';
import { NotifyProvider } from '../notify/notify-provider.tsx';
import './primereact-defaults.ts';
import { Brand } from './brand.tsx';
import type { NavEntry } from './nav-config.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { LARGE_BREAKPOINT, useMediaQuery } from './use-media-query.ts';

/**
 * The layout: a 240px sidebar (60px collapsed, open by default) on large screens; below 992px a
 * temporary drawer, at most 280px wide, that closes on navigation. The shell also mounts the app's
 * one toast and confirm dialog (NotifyProvider) and its live event stream (LiveEventsProvider) for
 * every screen inside it. The router hands it the sidebar's entries.
 */
export function AppShell({ nav }: { nav: readonly NavEntry[] }) {
  const large = useMediaQuery(LARGE_BREAKPOINT);
  const [expanded, setExpanded] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a path change.
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (large) setDrawerOpen(false);
  }, [large]);

  const { t } = useTranslation();

  const toggle = () => (large ? setExpanded((v) => !v) : setDrawerOpen((v) => !v));

  return (
    <NotifyProvider>
      <LiveEventsProvider>
        <a href="#main-content" className="skip-link">
          {t('nav.skipToContent')}
        </a>
        <div
          className={`shell${large ? '' : ' shell--compact'}${large && !expanded ? ' shell--collapsed' : ''}`}
        >
          {large ? (
            <aside className="shell__sidebar">
              <div className="shell__brand">
                <Brand compact={!expanded} />
              </div>
              <SidebarNav nav={nav} collapsed={!expanded} />
            </aside>
          ) : (
            <Sidebar
              visible={drawerOpen}
              onHide={() => setDrawerOpen(false)}
              className="shell__drawer"
              header={<Brand />}
              blockScroll
            >
              <SidebarNav nav={nav} onNavigate={() => setDrawerOpen(false)} />
            </Sidebar>
          )}
          <div className="shell__main">
            <TopBar onToggleSidebar={toggle} sidebarOpen={large ? expanded : drawerOpen} />
            <main className="shell__content" id="main-content" tabIndex={-1}>
              {/* A screen whose chunk or route is still loading suspends here, not above the shell:
                a suspended shell would keep the closing drawer's mask over the page. */}
              <AccessDeniedNotice />
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
      </LiveEventsProvider>
    </NotifyProvider>
  );
}
