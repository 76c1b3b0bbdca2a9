/**
 * The field app's JS as a phone downloads it for /t/{tag} and /field: its own entry (field.html,
 * src/field/main.tsx, built by vite.field.config.ts with Preact), everything it imports statically
 * and the service worker's registration (loaded right after the first screen), gzip -9. Goal: at
 * most 120 KB.
 * Also says whether any desk-console chunk (the app shell, PrimeReact, axios, the router) is among them.
 * Run after a build (vite.field.config.ts writes .vite/field-manifest.json): `node bench/field-size.ts [dist]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const manifestPath = path.join(dist, '.vite', 'field-manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build" first.`);
  process.exit(1);
}
type Chunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

// The entry (src/field/main.tsx) is keyed by its page.
const FIELD_MODULES = ['field.html'];
/** Loaded by the field frame right after it shows: the service worker's registration. */
const AFTER_MOUNT = /virtual:pwa-register|workbox-window/;
/** Loaded only when the worker uses them: the camera decoder, Finnish/Swedish core texts. */
const ON_DEMAND = ['@zxing/browser', 'core-fi', 'core-sv'];

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
for (const key of FIELD_MODULES) {
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  visit(key);
}
for (const key of Object.keys(manifest)) if (AFTER_MOUNT.test(key)) visit(key);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows = [...files].map((file) => {
  const buf = readFileSync(path.join(dist, file));
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
console.log('field app chunk'.padEnd(56), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const r of rows) console.log(r.file.padEnd(56), kb(r.raw).padStart(10), kb(r.gzip).padStart(10));
const total = rows.reduce((s, r) => s + r.gzip, 0);
console.log(
  `\nfield entry JS: ${kb(total)} gzip in ${rows.length} files (goal ≤ 120 KB) ${total <= 120 * 1024 ? 'OK' : 'OVER'}`,
);
const desk = rows.filter((r) => /app-shell|datatable|primereact|area-texts|axios|router/i.test(r.file));
console.log(
  `desk-console chunks among them: ${desk.length === 0 ? 'none' : desk.map((r) => r.file).join(', ')}`,
);
console.log(`not counted (loaded on demand): ${ON_DEMAND.join(', ')}`);
