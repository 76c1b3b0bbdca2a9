/**
 * Guest access and the worker's side of coverage end to end, the real server on
 * PostgreSQL. An admin turns on guest access, shares the report of a position group from the
 * Coverage screen (its trend chart shown) and copies the link shown once; the link opened in a
 * fresh browser context, never signed in, shows that report (no worker names) in English and in
 * Finnish by the browser's language. A worker opens the field app and gives a reason for the
 * missed window of their area; the manager's drill-down shows it. All at 390×844, axe-clean,
 * screenshots saved.
 */
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, cleanScreenshot as shot } from './a11y.ts';
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
  signIn,
  startServer,
} from './support.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const WORKER = {
  first_name: 'Ville',
  last_name: 'Virtanen',
  email: 'ville.rounds@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function phone(browser: Browser, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale,
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

describe.skipIf(!adminUrl)('coverage share links and the worker’s rounds', () => {
  const name = `tagger_e2e_share_${process.pid}`;
  let server: RunningServer;
  let browser: Browser;
  let database: PostgresDatabase;
  let db: pg.Client;
  let token: string;
  let shared = '';
  let missedId = 0;

  beforeAll(async () => {
    database = await freshPostgresDatabase(name);
    server = await startServer({ DATABASE_URL: database.url });
    token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, WORKER);
    const positions: number[] = [];
    for (const [code, label] of [
      ['GATE-1', 'North gate'],
      ['GATE-2', 'South gate'],
    ]) {
      const made = await api<{ position: { id: number } }>(
        server.url,
        'POST',
        '/positions',
        { position_code: code, position_name: label },
        token,
      );
      positions.push(made.body.position.id);
    }
    const group = await api<{ position_group: { id: number } }>(
      server.url,
      'POST',
      '/position-groups',
      { group_name: 'Gates', group_code: 'GATES', position_ids: positions },
      token,
    );
    const crew = await api<{ data: { id: number } }>(
      server.url,
      'POST',
      '/user-groups',
      { group_name: 'Gate crew' },
      token,
    );
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db.query(`select id from users where email = $1`, [WORKER.email]);
    const workerId = rows[0].id as number;
    await api(server.url, 'POST', `/user-groups/${crew.body.data.id}/members`, { user_id: workerId }, token);
    await api(
      server.url,
      'POST',
      `/user-groups/${crew.body.data.id}/position-access`,
      { position_group_id: group.body.position_group.id },
      token,
    );
    await db.query(
      `insert into site_settings (site_id, settings) values ('main', '{"allowGuestAccess": true}')
       on conflict (site_id) do update set settings = site_settings.settings || excluded.settings`,
    );
    // Judged windows: yesterday and today at both gates; the worker visited one of yesterday's on time.
    const rule = JSON.stringify({
      days: [1, 2, 3, 4, 5, 6, 7],
      window_start: '00:00',
      window_end: '00:30',
      frequency_kind: 'times',
      frequency_value: 1,
      due_time: null,
      tolerance_minutes: 0,
      task_ids: null,
      time_zone: 'UTC',
    });
    const insert = async (day: string, position: number, verdict: string, visitedBy: number | null) =>
      (
        await db.query(
          `insert into coverage_windows (site_id, schedule_name, position_id, day, window_start, window_end, due_at, verdict, judged_verdict, visited_by, rule)
           values ('main', 'Gate rounds', $1, $2, $3, $4, $4, $5, $5, $6, $7) returning id`,
          [position, day, `${day}T00:00:00Z`, `${day}T00:30:00Z`, verdict, visitedBy, rule],
        )
      ).rows[0].id as number;
    await insert(yesterday, positions[0], 'on_time', workerId);
    await insert(yesterday, positions[1], 'late', workerId);
    missedId = await insert(today, positions[0], 'missed', null);
    await insert(today, positions[1], 'on_time', workerId);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await server?.stop();
    await database?.drop();
  });

  it('an admin shares the report from the Coverage screen; the link shows it to anyone, signed out', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    const { rows } = await db.query(`select id from position_groups where group_code = 'GATES'`);
    await page.goto(`${server.url}/coverage?from=${yesterday}&to=${today}&group=${rows[0].id}`);
    await page.getByRole('img', { name: /On time per day, in percent/ }).waitFor();
    await page.getByText('Per day as a table').click();
    await page.getByRole('rowheader').first().waitFor();
    await page.getByRole('heading', { name: 'Share links' }).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'coverage-trend-share-phone-en');

    await page.getByRole('button', { name: 'Share this report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this report' });
    await dialog.getByText('Shares Gates').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Client walk-through');
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await shot(page, 'coverage-share-dialog-phone-en');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const created = page.getByRole('dialog', { name: 'Share link created' });
    const link = created.getByLabel('Share link');
    await link.waitFor();
    shared = await link.inputValue();
    expect(shared).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{43}$`));
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await shot(page, 'coverage-share-created-phone-en');
    await created.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('cell', { name: 'Client walk-through' }).first().waitFor();
    await context.close();

    // A fresh browser, never signed in.
    const guest = await phone(browser);
    await guest.page.goto(shared);
    await guest.page.getByRole('heading', { name: 'Coverage report: Client walk-through' }).waitFor();
    await guest.page.getByRole('rowheader', { name: 'GATE-1 – North gate' }).waitFor();
    await guest.page.getByText('Gates', { exact: true }).waitFor();
    // Four windows, two on time: 50 %.
    await guest.page.getByText('50 %').first().waitFor();
    expect(await guest.page.getByText('Virtanen').count()).toBe(0);
    expect(await guest.page.evaluate(() => localStorage.length + document.cookie.length)).toBe(0);
    expect(await axeProblems(guest.page, 'body')).toEqual([]);
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(guest.page, 'share-report-phone-en');
    await guest.context.close();

    const finnish = await phone(browser, 'fi-FI');
    await finnish.page.goto(shared);
    await finnish.page.getByRole('heading', { name: 'Kattavuusraportti: Client walk-through' }).waitFor();
    await shot(finnish.page, 'share-report-phone-fi');
    await finnish.context.close();

    const views = await api<{ links: { view_count: number }[] }>(
      server.url,
      'GET',
      '/coverage/share-links',
      undefined,
      token,
    );
    expect(views.body.links[0].view_count).toBe(2);
  });

  it('with guest access off the link answers nothing but “does not work”', async () => {
    await db.query(`update site_settings set settings = settings || '{"allowGuestAccess": false}'`);
    const { context, page } = await phone(browser);
    await page.goto(shared);
    await page
      .getByRole('alert')
      .getByText(/This link does not work/)
      .waitFor();
    expect(await page.getByText('North gate').count()).toBe(0);
    expect(await axeProblems(page, 'body')).toEqual([]);
    await shot(page, 'share-gone-phone-en');
    await context.close();
    await db.query(`update site_settings set settings = settings || '{"allowGuestAccess": true}'`);
  });

  it('a worker sees their rounds in the field app and gives a reason for a missed one', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/field`);
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn(page, WORKER.email, WORKER.password);
    await page.waitForURL((u) => u.pathname === '/field');
    const rounds = page.getByRole('region', { name: 'My rounds' });
    const missed = rounds.getByRole('listitem').filter({ hasText: 'GATE-1' });
    await missed.getByText('Missed').waitFor();
    await rounds.getByRole('listitem').filter({ hasText: 'GATE-2' }).getByText('On time').waitFor();
    await missed.getByRole('button', { name: /^Give a reason for GATE-1/ }).click();
    await missed.getByLabel(/Why was GATE-1/).fill('The gate was chained shut');
    expect(await axeProblems(page, '.field-app')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'field-rounds-reason-en');
    await missed.getByRole('button', { name: 'Send the reason' }).click();
    await missed.getByText('Your reason: The gate was chained shut').waitFor();
    await shot(page, 'field-rounds-en');
    const { rows } = await db.query(`select worker_reason, verdict from coverage_windows where id = $1`, [
      missedId,
    ]);
    expect(rows[0]).toEqual({ worker_reason: 'The gate was chained shut', verdict: 'missed' });
    await context.close();

    // The manager's drill-down shows the worker's reason apart from any excuse.
    const admin = await newPage(browser, { width: 390, height: 844 });
    await admin.page.goto(`${server.url}/login`);
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    const position = await db.query(`select id from positions where position_code = 'GATE-1'`);
    await admin.page.goto(
      `${server.url}/coverage?from=${yesterday}&to=${today}&position=${position.rows[0].id}`,
    );
    await admin.page.getByText('The gate was chained shut (by Ville Virtanen)').waitFor();
    await admin.context.close();
  });
});
