/** Builds the console once before the browser tests (they run it as `npm start` would). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { E2E_DIST } from './dist-dir.ts';

export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', E2E_DIST],
    {
      cwd: root,
      stdio: 'inherit',
      // A NODE_ENV inherited from Vitest ('test') would make Vite emit a development build of React.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
