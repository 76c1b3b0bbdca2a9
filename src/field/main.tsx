/**
 * The field app's own entry (field.html, served for /t/* and /field*): a phone opening a tag
 * downloads this and what it imports, none of the desk console (its router, axios, PrimeReact,
 * tables). Built with Preact in place of React (vite.field.config.ts). Starts the session from
 * the stored token, asks for the position the path names while the texts load, then renders.
 */
import 'primeicons/primeicons.css';
import '../styles/a11y.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../api/query-client.ts';
import { i18nReady } from '../i18n/core.ts';
import { AuthProvider } from '../machines/auth/auth-provider.tsx';
import { FieldApp } from './field-app.tsx';
import { matchFieldPath } from './field-router.tsx';
import { addFieldTexts } from './field-texts.ts';
import { prefetchPosition } from './screens/use-position.ts';
import { startFieldSession } from './session/field-session.ts';

const queryClient = createQueryClient();
const session = startFieldSession();

// The position a tag opens is asked for at once, not after the texts and the first render.
const snapshot = session.getSnapshot();
const route = matchFieldPath(location.pathname);
if (snapshot.matches('signedIn') && snapshot.context.user) {
  const userId = snapshot.context.user.id;
  if (route.name === 'tag') prefetchPosition(queryClient, userId, { tag: route.tag });
  if (route.name === 'position' && route.id > 0) prefetchPosition(queryClient, userId, { id: route.id });
}

const container = document.getElementById('root');
if (!container) throw new Error('field.html has no #root element');

void i18nReady.then(() => {
  addFieldTexts();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider actor={session}>
          <FieldApp />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
