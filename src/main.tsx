/**
 * Entry point: starts the session (which wires storage and the HTTP client, see session.ts) before
 * React renders, then the providers (query client, session, router) and the session →
 * router link: the router is invalidated whenever the session's status or user changes, never polled.
 */
// The Lara theme (light or dark) is not imported here: src/styles/theme-init.js adds one of the two
// before the first paint (see vite.config.ts). Only the console's own texts load first (i18n/core.ts).
import 'primeicons/primeicons.css';
import './styles/app.css';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { FullScreenLoading } from './components/guards/full-screen-loading.tsx';
import { i18nReady } from './i18n/core.ts';
import { routingKey, selectStatus } from './machines/auth/auth.selectors.ts';
import { AuthProvider, useAuthActor } from './machines/auth/auth-provider.tsx';
import { loadInspector } from './machines/auth/inspector.ts';
import { startAuthSession } from './machines/auth/session.ts';
import { createAppRouter, preloadSignedInApp } from './router.tsx';

function App({ queryClient }: { queryClient: QueryClient }) {
  const auth = useAuthActor();
  const [router] = useState(() => createAppRouter({ queryClient, auth }));
  const status = useSelector(auth, selectStatus);

  useEffect(() => {
    let key = routingKey(auth.getSnapshot());
    let signingIn = false;
    const subscription = auth.subscribe((snapshot) => {
      // While the sign-in request runs, the app shell and the dashboard load, so no blank frame
      // follows it.
      const nowSigningIn = snapshot.matches('signingIn');
      if (nowSigningIn && !signingIn) preloadSignedInApp();
      signingIn = nowSigningIn;
      const next = routingKey(snapshot);
      if (next === key) return;
      key = next;
      // Another user's data must never show after a sign-out.
      if (selectStatus(snapshot) === 'signedOut') queryClient.clear();
      void router.invalidate();
    });
    return () => subscription.unsubscribe();
  }, [auth, router, queryClient]);

  if (status === 'loading') return <FullScreenLoading />;
  return <RouterProvider router={router} />;
}

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void Promise.all([loadInspector(), i18nReady]).then(([inspect]) => {
  const session = startAuthSession({ inspect });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider actor={session}>
          <App queryClient={queryClient} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
