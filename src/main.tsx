/**
 * Entry point: starts the session (which wires storage and the HTTP client, see session.ts) before
 * React renders, then the providers (query client, session, PrimeReact, router) and the session →
 * router link: the router is invalidated whenever the session's status or user changes, never polled.
 */
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import './i18n/index.ts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { FullScreenLoading } from './components/guards/full-screen-loading.tsx';
import { routingKey, selectStatus } from './machines/auth/auth.selectors.ts';
import { AuthProvider, useAuthActor } from './machines/auth/auth-provider.tsx';
import { loadInspector } from './machines/auth/inspector.ts';
import { startAuthSession } from './machines/auth/session.ts';
import { createAppRouter } from './router.tsx';

function App({ queryClient }: { queryClient: QueryClient }) {
  const auth = useAuthActor();
  const [router] = useState(() => createAppRouter({ queryClient, auth }));
  const status = useSelector(auth, selectStatus);

  useEffect(() => {
    let key = routingKey(auth.getSnapshot());
    const subscription = auth.subscribe((snapshot) => {
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

void loadInspector().then((inspect) => {
  const session = startAuthSession({ inspect });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider actor={session}>
          <PrimeReactProvider>
            <App queryClient={queryClient} />
          </PrimeReactProvider>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
