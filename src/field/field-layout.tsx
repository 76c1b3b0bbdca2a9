/**
 * The field app's frame: a slim header (home, language, sign out), the screen, and the outbox bar
 * that always says what waits to be sent and what failed. None of the desk console's shell,
 * tables or PrimeReact components load here.
 */
import './field.css';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../domain/permissions.ts';
import { useAuth, useAuthActor } from '../machines/auth/auth-provider.tsx';
import { refreshOfflinePack } from './api/field-cache.ts';
import { FieldLink } from './field-router.tsx';
import { afterFirstScreen } from './lib/after-first-screen.ts';
import { requestPersistentStorage } from './lib/persist.ts';
import { registerFieldServiceWorker } from './lib/pwa.ts';
import { OutboxBar } from './outbox/outbox-bar.tsx';
import { startOutbox } from './outbox/outbox-service.ts';
import { onOutboxChange } from './outbox/outbox-store.ts';
import { OutboxContext } from './outbox/use-outbox.ts';

function useOfflinePack(userId: number | null) {
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const refresh = () => {
      if (live && navigator.onLine) void refreshOfflinePack(userId).catch(() => {});
    };
    // After the first screen: the pack must not hold up the position a tag opened.
    void afterFirstScreen().then(refresh);
    window.addEventListener('online', refresh);
    return () => {
      live = false;
      window.removeEventListener('online', refresh);
    };
  }, [userId]);
}

export function FieldLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuthActor();
  const { user, logout } = useAuth();
  const queryClient = useQueryClient();
  const outbox = useMemo(() => startOutbox(auth), [auth]);
  const userId = user?.id ?? null;
  useOfflinePack(userId);
  useEffect(() => {
    void requestPersistentStorage();
    void registerFieldServiceWorker().catch(() => {});
  }, []);
  // A sent or refused action changes what the server says: read the field screens again.
  useEffect(
    () => onOutboxChange(() => void queryClient.invalidateQueries({ queryKey: ['field'] })),
    [queryClient],
  );

  return (
    <OutboxContext.Provider value={outbox}>
      <div className="field-app">
        <a className="field-skip" href="#field-main">
          {t('nav.skipToContent')}
        </a>
        <header className="field-header">
          <FieldLink to="/field" className="field-brand">
            <span className="pi pi-mobile" aria-hidden="true" /> {t('field.title')}
          </FieldLink>
          <div className="field-header-actions">
            {hasPermission(user?.role, 'dashboard.view') && user?.role !== 'worker' ? (
              // The console is the other entry (index.html): a full page load.
              <a href="/" className="field-link">
                {t('field.console')}
              </a>
            ) : null}
            <button type="button" className="field-link" onClick={logout}>
              {t('field.signOut')}
            </button>
          </div>
        </header>
        <main id="field-main" className="field-main" tabIndex={-1}>
          {children}
        </main>
        <OutboxBar userId={userId} />
      </div>
    </OutboxContext.Provider>
  );
}
