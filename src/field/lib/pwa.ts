/**
 * Registers the service worker that precaches the app (vite-plugin-pwa, see vite.field.config.ts): from
 * the field app only, the part that must open with no network. A new version takes over on the
 * next load. Not in development, where Vite serves the modules itself. Registered after the first
 * screen: its install downloads the whole app, which must not hold up a phone's first task list.
 */
import { afterFirstScreen } from './after-first-screen.ts';

export async function registerFieldServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  await afterFirstScreen();
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({ immediate: true });
}
