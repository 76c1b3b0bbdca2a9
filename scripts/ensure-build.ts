/**
 * `npm start` serves the built console. On a fresh clone there is no build yet: make one.
 * A build older than the console's sources is rebuilt too, so start never serves a stale console.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'field.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'src')),
  statSync(path.join(root, 'index.html')).mtimeMs,
  statSync(path.join(root, 'field.html')).mtimeMs,
);
if (process.env.SKIP_CONSOLE_BUILD !== '1' && (!existsSync(built) || statSync(built).mtimeMs < sources)) {
  console.log('Building the console and the field app (scripts/build.ts)…');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
