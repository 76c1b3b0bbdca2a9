import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The field app's entry (field.html → src/field/main.tsx), built after the console into the same
 * folder (scripts/build.ts runs `vite build` and then this config). A second build because its
 * React is Preact (preact/compat aliased for react, react-dom and the JSX runtime), which one
 * Rollup build cannot do for one entry only: the console keeps React. What a phone downloads for
 * /t/{tag} and /field is measured by bench/field-size.ts (goal at most 120 KB of JS, gzip).
 */

/** The field app's paths: the server, the dev server and the service worker answer them with field.html. */
export const FIELD_PATHS = /^\/(t\/|field(\/|$))/;

/**
 * The field app's service worker and web manifest (vite-plugin-pwa, Workbox). The whole built app
 * (both entries, as this build runs last) is precached, so a phone that opened it once opens
 * /t/{tag} with no network: the field's paths are answered with field.html from the cache. The
 * field app registers it (src/field/lib/pwa.ts). `disable` (the console's config): only the
 * `virtual:pwa-register` module, as a no-op, for the dev server.
 */
export function fieldPwa(disable = false) {
  return VitePWA({
    disable,
    registerType: 'autoUpdate',
    injectRegister: false,
    manifest: {
      name: 'Tagger field',
      short_name: 'Tagger',
      description: 'Log work at construction-site positions by tag, online or offline.',
      start_url: '/field',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: '#0b3d91',
      icons: [
        { src: '/field-icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/field-icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/field-icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/field-icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      navigateFallback: '/field.html',
      navigateFallbackAllowlist: [FIELD_PATHS],
      navigateFallbackDenylist: [/^\/api\//],
      cleanupOutdatedCaches: true,
      // The page that registered it is served from the cache at once, so it reloads offline.
      clientsClaim: true,
      skipWaiting: true,
      // The theme and the chart library are the largest files; none comes near this.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [react(), fieldPwa()],
  resolve: { alias: PREACT },
  // The console's build copied public/ already.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    // bench/field-size.ts reads it; the console's build keeps .vite/manifest.json.
    manifest: '.vite/field-manifest.json',
    // The share link's public page (share.html, src/share) is as small and Preact too.
    rollupOptions: { input: { field: 'field.html', share: 'share.html' } },
  },
});
