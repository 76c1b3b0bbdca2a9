/**
 * Registers the service worker that precaches the app (vite-plugin-pwa, see vite.config.ts): from
 * the field app only, the part that must open with no network. A new version takes over on the
 * next load. Not in development, where Vite serves the modules itself.
 */
export async function registerFieldServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({ immediate: true });
}
