/**
 * Outbox soak (not in CI: minutes long): one phone (Chromium at 390×844, the built app with its
 * service worker) queues SOAK_ACTIONS actions (default 1,000) on one task: Start, Pause, Resume,
 * Complete, round and round, while the network is switched off and on at random and the page is
 * reloaded three times. Then, counted on the server (PostgreSQL, its own database
 * tagger_soak_field): every action applied exactly once (one idempotency key per action, each
 * answered 2xx), as many entries as starts, every entry completed; and nothing refused on the phone.
 * Run after a build: `npm run soak:outbox` (SOAK_ACTIONS=200 for a short run, E2E_DIST=dist-x).
 */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../server/src/db/client.ts';
import { ADMIN, api, apiToken, createUser, launchBrowser, signIn, startServer } from '../e2e/support.ts';

const ACTIONS = Number(process.env.SOAK_ACTIONS ?? 1000);
const RELOADS = 3;
const ADMIN_DB = process.env.SOAK_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'tagger_soak_field';
const DB_URL = ADMIN_DB.replace(/\/[^/]*$/, `/${DB_NAME}`);
const WORKER = {
  first_name: 'Soak',
  last_name: 'Worker',
  email: 'soak@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const TAG = 'SOAK0001';

/**
 * A fresh, migrated database for this run (migrated here, so the server starts within its 60 s
 * on a busy machine).
 */
async function freshDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_DB });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  await (await openDatabase({ url: DB_URL })).close();
}

// A seeded random source, so a failing run can be repeated (SOAK_SEED).
let seed = Number(process.env.SOAK_SEED ?? Date.now() % 100000);
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};

const CYCLE = ['Start', 'Pause', 'Resume', 'Complete'] as const;

async function waitButton(page: Page, name: string) {
  // "Start" first, "Start again" after the first completion.
  const task = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Soak task' }) });
  const button =
    name === 'Start'
      ? task.getByRole('button', { name: /^Start( again)?$/ })
      : task.getByRole('button', { name, exact: true });
  await button.waitFor({ timeout: 60_000 });
  return button;
}

console.log(`outbox soak: ${ACTIONS} actions, ${RELOADS} reloads, seed ${seed}`);
await freshDatabase();
const server = await startServer({ DATABASE_URL: DB_URL });
const browser = await launchBrowser();
const db = new pg.Client({ connectionString: DB_URL });
let failed = false;
try {
  await db.connect();
  const admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
  await createUser(server.url, admin, WORKER);
  const position = await api<{ position: { id: number } }>(
    server.url,
    'POST',
    '/positions',
    { position_code: 'SOAK-1', position_name: 'Soak position', nfc_tag_id: TAG },
    admin,
  );
  const task = await api<{ task: { id: number } }>(
    server.url,
    'POST',
    '/tasks',
    { task_code: 'SOAK', task_name: 'Soak task', category: 'installation', estimated_duration_minutes: 5 },
    admin,
  );
  await api(
    server.url,
    'POST',
    '/position-task-assignments',
    { position_id: position.body.position.id, task_id: task.body.task.id },
    admin,
  );

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    geolocation: { latitude: 60.17, longitude: 24.94 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await signIn(page, WORKER.email, WORKER.password);
  await page.waitForURL((u) => u.pathname === '/field');
  await page.goto(`${server.url}/t/${TAG}`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 60_000,
  });

  const reloadAt = new Set(
    Array.from({ length: RELOADS }, (_, i) => Math.floor(((i + 1) * ACTIONS) / (RELOADS + 1))),
  );
  let offline = false;
  let toggles = 0;
  const started = Date.now();
  for (let i = 0; i < ACTIONS; i++) {
    // About one action in eight switches the network.
    if (random() < 0.125) {
      offline = !offline;
      toggles++;
      await context.setOffline(offline);
    }
    if (reloadAt.has(i)) {
      await page.reload();
      await page.getByRole('heading', { name: 'Soak position' }).waitFor({ timeout: 60_000 });
    }
    await (await waitButton(page, CYCLE[i % CYCLE.length])).click();
    if ((i + 1) % 100 === 0)
      console.log(`  ${i + 1} actions queued (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await context.setOffline(false);
  // Until nothing waits (a refused action would stay as failed: counted below).
  await page.waitForFunction(
    () => !/waiting/.test(document.querySelector('.field-outbox-status')?.textContent ?? 'waiting'),
    undefined,
    { timeout: 600_000, polling: 500 },
  );
  const refusedOnPhone = await page.locator('.field-outbox-failed').count();

  const keys = await db.query<{ n: number; ok: number }>(
    `select count(*)::int as n, count(*) filter (where status_code between 200 and 299)::int as ok
     from idempotency_keys k join users u on u.id = k.user_id where u.email = $1`,
    [WORKER.email],
  );
  const entries = await db.query<{ n: number; completed: number }>(
    `select count(*)::int as n, count(*) filter (where status = 'completed')::int as completed
     from work_entries where task_id = $1`,
    [task.body.task.id],
  );
  const starts = Math.ceil(ACTIONS / CYCLE.length);
  const { n: applied, ok } = keys.rows[0];
  const { n: made, completed } = entries.rows[0];
  console.log(
    `network switched ${toggles} times, page reloaded ${RELOADS} times, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  console.log(`actions queued ${ACTIONS}; applied on the server ${applied} (2xx ${ok})`);
  console.log(`entries ${made} (starts queued ${starts}), completed ${completed}`);
  const lost = ACTIONS - applied;
  const duplicated = made - starts;
  console.log(`lost ${lost}, duplicated entries ${duplicated}, refused on the phone ${refusedOnPhone}`);
  const fullCycles = Math.floor(ACTIONS / CYCLE.length);
  failed =
    lost !== 0 || duplicated !== 0 || ok !== applied || completed !== fullCycles || refusedOnPhone !== 0;
  console.log(failed ? 'FAIL' : 'PASS');
  await context.close();
} finally {
  await db.end().catch(() => {});
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
