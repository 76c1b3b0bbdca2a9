import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { transform } from 'lightningcss';
import { defineConfig, type Plugin } from 'vite';
import { FIELD_PATHS, fieldPwa } from './vite.field.config.ts';

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

/**
 * The field app is its own entry (field.html, built by vite.field.config.ts with Preact). The dev
 * server answers its paths with field.html as the server does (here with React), and resolves its
 * service worker's registration module as a no-op.
 */
function fieldDevEntry(): Plugin {
  return {
    name: 'tagger-field-dev-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?');
        const wantsHtml = (req.headers.accept ?? '').includes('text/html');
        if (req.method === 'GET' && wantsHtml && FIELD_PATHS.test(pathname ?? ''))
          req.url = `/field.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), themes(), fieldDevEntry(), fieldPwa(true)],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The chunk graph bench/bundle-size.ts reads (the field entry's is .vite/field-manifest.json).
    manifest: true,
  },
});
