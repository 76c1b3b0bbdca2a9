/**
 * The field app's JS as a phone downloads it for /t/{tag} and /field: its own entry (field.html,
 * src/field/main.tsx, built by vite.field.config.ts with Preact), everything it imports statically
 * and the service worker's registration (loaded right after the first screen), gzip -9. Goal: at
 * most 120 KB.
 * Also says whether any desk-console chunk (the app shell, PrimeReact, axios, the router) is among them.
 * Run after a build (vite.field.config.ts writes .vite/field-manifest.json): `node bench/field-size.ts [dist]`.
 * With source maps it also says what each package and folder weighs in it (each one's code as the
 * maps attribute it, gzipped on its own and scaled to the files' real gzip total): build the field
 * entry alone with maps, `npx vite build -c vite.field.config.ts --sourcemap --outDir /tmp/f`, then
 * `node bench/field-size.ts /tmp/f`.
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

// --- By package, from the source maps when the build has them ----------------------------------
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/**
 * One source-map line's segments as [generated column, source index change] (VLQ, the spec's:
 * the column counts from the line's previous segment, the source from the file's previous one).
 */
function segments(line: string): [number, number][] {
  const out: [number, number][] = [];
  let column = 0;
  for (const seg of line.split(',')) {
    if (!seg) continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const ch of seg) {
      const digit = B64.indexOf(ch);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0];
    out.push([column, values.length > 1 ? values[1] : Number.NaN]);
  }
  return out;
}
function groupOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = /(?:^|\/)src\/([^/]+)(?:\/([^/]+))?/.exec(source);
  if (src)
    return src[1] === 'field' && src[2] && !src[2].includes('.') ? `src/field/${src[2]}` : `src/${src[1]}`;
  return source.replace(/^(\.\.\/)+/, '');
}
const texts = new Map<string, string[]>();
let mapped = 0;
for (const r of rows) {
  const mapFile = path.join(dist, `${r.file}.map`);
  if (!existsSync(mapFile)) continue;
  mapped += 1;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const code = readFileSync(path.join(dist, r.file), 'utf8').split('\n');
  let src = 0;
  for (const [n, line] of map.mappings.split(';').entries()) {
    const segs = segments(line);
    const text = code[n] ?? '';
    for (const [k, [col, delta]] of segs.entries()) {
      if (!Number.isNaN(delta)) src += delta;
      const end = k + 1 < segs.length ? segs[k + 1][0] : text.length;
      const group = groupOf(map.sources[src] ?? '(unmapped)');
      const list = texts.get(group) ?? [];
      list.push(text.slice(col, end));
      texts.set(group, list);
    }
  }
}
if (mapped > 0) {
  const alone = [...texts].map(([group, parts]) => ({
    group,
    gzip: gzipSync(Buffer.from(parts.join('')), { level: 9 }).length,
  }));
  const sum = alone.reduce((s, g) => s + g.gzip, 0);
  alone.sort((a, b) => b.gzip - a.gzip);
  console.log('\nby package or folder (gzip, scaled to the total above):');
  for (const g of alone) console.log(`  ${g.group.padEnd(40)} ${kb((g.gzip * total) / sum).padStart(10)}`);
}
