/**
 * `npm run build`: the console (vite.config.ts, emptying the folder) and then the field app's own
 * entry with Preact (vite.field.config.ts) into the same folder; the field build runs last, so its
 * service worker precaches both. Arguments go to both builds, e.g. `--outDir dist-e2e`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const args = process.argv.slice(2);
// A NODE_ENV inherited from Vitest ('test') would make Vite emit a development build of React.
const env = { ...process.env, NODE_ENV: 'production' };

for (const config of ['vite.config.ts', 'vite.field.config.ts'])
  execFileSync(process.execPath, [vite, 'build', '--config', config, ...args], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
