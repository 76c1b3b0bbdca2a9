/**
 * Before the browser tests: builds the console once (they run it as `npm start` would), and a
 * migrated data folder each test server copies instead of running the migrations itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/src/db/client.ts';
import { E2E_DATA_TEMPLATE } from '../server/support/template-db.ts';
import { E2E_DIST } from './dist-dir.ts';

async function makeDataTemplate() {
  if (existsSync(E2E_DATA_TEMPLATE)) return;
  const building = `${E2E_DATA_TEMPLATE}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  await database.close();
  renameSync(building, E2E_DATA_TEMPLATE);
}

export default async function setup() {
  await makeDataTemplate();
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = path.resolve(import.meta.dirname, '../..');
  // Both entries (the console, then the field app with Preact): see scripts/build.ts.
  execFileSync(
    process.execPath,
    [path.join(root, 'scripts/build.ts'), '--logLevel', 'warn', '--outDir', E2E_DIST],
    { cwd: root, stdio: 'inherit' },
  );
}
