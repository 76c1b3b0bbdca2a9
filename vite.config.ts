import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { transform } from 'lightningcss';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The PrimeReact Lara themes, light and dark, as two stylesheets of which a browser loads one
 * (src/styles/theme-init.js picks it before the first paint from the saved choice or the system
 * setting; the top bar swaps it). Colours the console needs for WCAG AA are changed here, once:
 * the light theme's indigo (#6366f1, 4.47:1 with white) moves one step darker (#4f46e5, 6.3:1) and
 * its hover/active steps with it, and the error red (#e24c4c, 4.0:1 on white) becomes #c62828.
 */
const THEMES_DIR = path.resolve(import.meta.dirname, 'node_modules/primereact/resources/themes');
const THEMES = { light: 'lara-light-indigo', dark: 'lara-dark-indigo' } as const;
const COLOUR_FIXES: Record<keyof typeof THEMES, Record<string, string>> = {
  light: { '#6366f1': '#4f46e5', '#4f46e5': '#4338ca', '#4338ca': '#3730a3', '#e24c4c': '#c62828' },
  dark: {},
};
const FONTS = ['InterVariable.woff2', 'InterVariable-Italic.woff2'];
const INIT_SCRIPT = path.resolve(import.meta.dirname, 'src/styles/theme-init.js');

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url').slice(0, 8);

function themeCss(name: keyof typeof THEMES, fontUrl: (font: string) => string, minify: boolean): string {
  const fixes = COLOUR_FIXES[name];
  const keys = Object.keys(fixes);
  let css = readFileSync(path.join(THEMES_DIR, THEMES[name], 'theme.css'), 'utf8');
  if (keys.length) css = css.replace(new RegExp(keys.join('|'), 'gi'), (c) => fixes[c.toLowerCase()] ?? c);
  css = css.replace(/url\("\.\/fonts\/([^"]+)"\)/g, (_m, font: string) => `url("${fontUrl(font)}")`);
  if (!minify) return css;
  return transform({ filename: `${name}.css`, code: Buffer.from(css), minify: true }).code.toString();
}

function initScript(urls: Record<keyof typeof THEMES, string>): string {
  return readFileSync(INIT_SCRIPT, 'utf8')
    .replace(/^\/\*[\s\S]*?\*\/\n/, '')
    .replace(/^\s*\/\/.*\n/gm, '')
    .replace(/^\s+/gm, '')
    .replace('__THEME_LIGHT__', urls.light)
    .replace('__THEME_DARK__', urls.dark);
}

function themes(): Plugin {
  const files: { fileName: string; source: string | Buffer }[] = [];
  let initUrl = '';
  return {
    name: 'tagger-themes',
    configResolved(config) {
      if (config.command !== 'build') return;
      const fontNames = new Map<string, string>();
      for (const font of FONTS) {
        const source = readFileSync(path.join(THEMES_DIR, THEMES.light, 'fonts', font));
        const fileName = `assets/${font.replace('.woff2', '')}-${hash(source)}.woff2`;
        fontNames.set(font, fileName);
        files.push({ fileName, source });
      }
      const urls = { light: '', dark: '' };
      for (const name of ['light', 'dark'] as const) {
        const source = themeCss(name, (font) => `/${fontNames.get(font)}`, true);
        const fileName = `assets/theme-${name}-${hash(source)}.css`;
        urls[name] = `/${fileName}`;
        files.push({ fileName, source });
      }
      const script = initScript(urls);
      const scriptName = `assets/theme-init-${hash(script)}.js`;
      files.push({ fileName: scriptName, source: script });
      initUrl = `/${scriptName}`;
    },
    configureServer(server) {
      initUrl = '/@theme/init.js';
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (!url.startsWith('/@theme/')) return next();
        const file = url.slice('/@theme/'.length);
        if (file === 'init.js') {
          res.setHeader('content-type', 'text/javascript');
          return res.end(initScript({ light: '/@theme/light.css', dark: '/@theme/dark.css' }));
        }
        if (file === 'light.css' || file === 'dark.css') {
          res.setHeader('content-type', 'text/css');
          return res.end(
            themeCss(file.replace('.css', '') as 'light' | 'dark', (f) => `/@theme/fonts/${f}`, false),
          );
        }
        if (file.startsWith('fonts/') && FONTS.includes(file.slice(6))) {
          res.setHeader('content-type', 'font/woff2');
          return res.end(readFileSync(path.join(THEMES_DIR, THEMES.light, file)));
        }
        return next();
      });
    },
    generateBundle() {
      for (const { fileName, source } of files) this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { src: initUrl }, injectTo: 'head-prepend' }],
    },
  };
}

/** The field routes' chunks by path (src/router.tsx loads them lazily): the frame, then each screen. */
const FIELD_MODULES: [RegExp, string[]][] = [
  [/^\/(t|field)(\/|$)/, ['src/field/field-layout.tsx', 'src/field/field-texts.ts']],
  [/^\/t\//, ['src/field/screens/tag-screen.tsx']],
  [/^\/field\/positions\//, ['src/field/screens/position-screen.tsx']],
  [/^\/field\/?$/, ['src/field/screens/home-screen.tsx']],
];

/**
 * A phone opening /t/{tag} or /field must not wait for the console's entry to run before asking
 * for the field's chunks (one more round trip on a slow link, bench/field-first-visit.ts). A small
 * classic script at the top of <head> (the CSP allows no inline script) adds modulepreload links
 * for the chunks and stylesheets of the field route the path names, so they download beside the
 * entry; on any other path it does nothing.
 */
function fieldPreload(): Plugin {
  let url = '';
  return {
    name: 'tagger-field-preload',
    // Before vite:build-html's generateBundle, which writes index.html with transformIndexHtml.
    enforce: 'pre',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const walk = (file: string, into: Set<string>) => {
        const chunk = byFile.get(file);
        if (!chunk || into.has(file)) return;
        into.add(file);
        for (const dep of chunk.imports) walk(dep, into);
      };
      const inEntry = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, inEntry);
      const rules = FIELD_MODULES.map(([path, modules]) => {
        const files = new Set<string>();
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
          if (modules.some((m) => id.endsWith(`/${m}`))) walk(chunk.fileName, files);
        }
        const js = [...files].filter((f) => !inEntry.has(f));
        const css = js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [path.source, js.map((f) => `/${f}`), css.map((f) => `/${f}`)];
      });
      const source =
        `(()=>{const p=location.pathname;const add=(rel,href,as)=>{const l=document.createElement('link');` +
        `l.rel=rel;l.href=href;if(as)l.as=as;l.crossOrigin='';document.head.appendChild(l)};` +
        `for(const[r,js,css]of ${JSON.stringify(rules)}){if(!new RegExp(r).test(p))continue;` +
        `for(const f of js)add('modulepreload',f);for(const f of css)add('preload',f,'style')}})();`;
      const fileName = `assets/field-preload-${hash(source)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      url = `/${fileName}`;
    },
    transformIndexHtml: {
      order: 'post',
      // Before the stylesheets: a classic script after one would wait for it to load.
      handler: () => (url ? [{ tag: 'script', attrs: { src: url }, injectTo: 'head-prepend' }] : []),
    },
  };
}

/**
 * The field app's service worker and web manifest (vite-plugin-pwa, Workbox): the whole built app
 * is precached, so a phone that opened it once opens /t/{tag} with no network; any navigation
 * but /api is answered with index.html. The field app registers it (src/field/lib/pwa.ts).
 */
const fieldPwa = VitePWA({
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
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    // The page that registered it is served from the cache at once, so it reloads offline.
    clientsClaim: true,
    skipWaiting: true,
    // The theme and the chart library are the largest files; none comes near this.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), themes(), fieldPreload(), fieldPwa],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The chunk graph bench/field-size.ts reads to measure what the field app downloads.
    manifest: true,
  },
});
