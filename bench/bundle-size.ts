/**
 * Console size: the initial JS (what index.html loads before the first route: the entry script and
 * its modulepreloads) and every lazily loaded chunk, raw and gzip. Goal: initial JS ≤ 170 KB gzip.
 * The initial CSS counts the light theme, which the theme script adds (the dark one instead in
 * dark mode, about the same size). Run after `npm run build`: `node bench/bundle-size.ts [dist]`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('No build in dist/: run "npm run build" first.');
  process.exit(1);
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
    (m) => m[1],
  ),
);
const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/?([^"]+\.css)"/g)].map((m) => m[1]);
const themeCss = readdirSync(path.join(dist, 'assets')).filter((f) => /^theme-(light|dark)-.*\.css$/.test(f));
css.push(...themeCss.filter((f) => f.startsWith('theme-light-')).map((f) => `assets/${f}`));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const size = (rel: string) => {
  const buf = readFileSync(path.join(dist, rel));
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
};

/** The field app's own entry (field.html, vite.field.config.ts; bench/field-size.ts measures it) is no console chunk. */
const fieldManifest = path.join(dist, '.vite', 'field-manifest.json');
const fieldFiles = new Set(
  existsSync(fieldManifest)
    ? Object.values(JSON.parse(readFileSync(fieldManifest, 'utf8')) as Record<string, { file: string }>).map(
        (c) => c.file,
      )
    : [],
);

const rows = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !fieldFiles.has(`assets/${f}`))
  .map((f) => {
    const rel = `assets/${f}`;
    return { file: rel, initial: initial.has(rel), ...size(rel) };
  })
  .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);

console.log('chunk'.padEnd(52), 'loaded'.padEnd(9), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const r of rows) {
  console.log(
    r.file.padEnd(52),
    (r.initial ? 'initial' : 'on route').padEnd(9),
    kb(r.raw).padStart(10),
    kb(r.gzip).padStart(10),
  );
}
const initJs = rows.filter((r) => r.initial).reduce((s, r) => s + r.gzip, 0);
const initCss = css.reduce((s, f) => s + size(f).gzip, 0);
console.log(`\ninitial JS: ${kb(initJs)} gzip (goal ≤ 170 KB) ${initJs <= 170 * 1024 ? 'OK' : 'OVER'}`);
console.log(`initial CSS: ${kb(initCss)} gzip (${css.length} files, with the light theme)`);
for (const f of themeCss)
  console.log(`  theme ${f}: ${kb(size(`assets/${f}`).gzip)} gzip, only one of the two loads`);
