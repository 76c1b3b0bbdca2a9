/**
 * The work-entry archive end to end: the real server on PostgreSQL with the job
 * checking every 2 seconds (a 2-second run slot instead of a day), a site with auto-archive on and
 * an entry that ended long ago: the job moves it, the list no longer shows it, and the Archive
 * view of the work entries screen does, read-only, with its detail.
 */
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  freshPostgresDatabase,
  launchBrowser,
  newPage,
  type PostgresDatabase,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const WORKER = {
  first_name: 'Arvo',
  last_name: 'Arkisto',
  email: 'arvo@example.com',
  password: 'Worker1!',
  role: 'worker',
};

describe.skipIf(!adminUrl)('work entries archive in the console', () => {
  const name = `tagger_e2e_archive_${process.pid}`;
  let server: RunningServer;
  let browser: Browser;
  let database: PostgresDatabase;
  let db: pg.Client;
  let token: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase(name);
    server = await startServer({
      DATABASE_URL: database.url,
      WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS: '1',
      WORK_ENTRY_ARCHIVE_SLOT_SECONDS: '2',
    });
    token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, WORKER);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query(
      `insert into positions (site_id, position_code, position_name) values ('main', 'ARC-1', 'Old north bay') returning id`,
    );
    await db.query(
      `insert into work_entries (site_id, user_id, position_id, task_name, status, started_at, created_at, completed_at, duration_minutes)
       select 'main', u.id, $1, 'Strip formwork', 'completed', t, t, t + interval '90 minutes', 90
       from users u, (select now() - interval '400 days' as t) s where u.email = $2`,
      [rows[0].id, WORKER.email],
    );
    await db.query(
      `insert into site_settings (site_id, settings) values ('main', '{"autoArchiveWorkEntries": true, "workEntryRetentionDays": 30}')
       on conflict (site_id) do update set settings = excluded.settings`,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await server?.stop();
    await database?.drop();
  });

  it('shows the archived entry in the Archive view, not in the list', async () => {
    // The job's next check (every 2 s) moves the entry.
    await expect
      .poll(
        async () => (await api(server.url, 'GET', '/work-entries/archive', undefined, token)).body.total,
        {
          timeout: 30_000,
          interval: 500,
        },
      )
      .toBe(1);
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/work-entries`);
    await page.getByText('No work entries').waitFor();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.waitForURL((u) => u.searchParams.get('archive') === 'true');
    const row = page.getByRole('row').filter({ hasText: 'Arvo Arkisto' });
    await row.getByText('Strip formwork').waitFor();
    await row.getByText('Old north bay').waitFor();
    await page.getByText(/daily auto-archive moved here/).waitFor();
    await screenshot(page, 'work-entries-archive-list-en');
    await row.getByRole('button', { name: 'View the work entry of Arvo Arkisto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archived work entry' });
    await dialog.getByText('1 h 30 min').waitFor();
    await dialog.getByText('Archived', { exact: true }).waitFor();
    await screenshot(page, 'work-entries-archive-en');
    // In Swedish, straight from the URL.
    await page.goto(`${server.url}/work-entries?archive=true&lng=sv`);
    await page.getByRole('row').filter({ hasText: 'Arvo Arkisto' }).waitFor();
    await page.getByText(/dagliga automatiska arkiveringen/).waitFor();
    await screenshot(page, 'work-entries-archive-sv');
    await context.close();
  });
});
