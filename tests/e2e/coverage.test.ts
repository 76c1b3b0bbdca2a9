/**
 * Proof of coverage end to end: the real server on PostgreSQL with the close job
 * every second. A schedule is made in the console for a position nobody visits; once its window has
 * passed, the job judges it missed and the Coverage screen shows it, worst first; a manager drills
 * down and excuses it with a reason. On a phone (390×844), axe-clean with the dialogs open.
 */
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  chooseDropdownOption,
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
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

describe.skipIf(!adminUrl)('coverage in the console', () => {
  const name = `tagger_e2e_coverage_${process.pid}`;
  let server: RunningServer;
  let browser: Browser;
  let database: PostgresDatabase;
  let db: pg.Client;
  let token: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase(name);
    server = await startServer({ DATABASE_URL: database.url, COVERAGE_CLOSE_SECONDS: '1' });
    token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    const created = await api(
      server.url,
      'POST',
      '/positions',
      { position_code: 'COV-1', position_name: 'North gate' },
      token,
    );
    expect(created.status).toBe(201);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await server?.stop();
    await database?.drop();
  });

  it('a schedule made in the console shows its missed window on the coverage screen, and a manager excuses it', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);

    // A window that ended two minutes ago (site time zone UTC).
    const now = Date.now();
    await page.goto(`${server.url}/visit-schedules`);
    await page.getByRole('button', { name: 'Add schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add schedule' });
    await dialog.getByLabel('Schedule name').fill('Gate rounds');
    await chooseDropdownOption(page, 'schedule-position_id', 'COV-1 – North gate');
    await dialog.getByLabel('Window starts (HH:MM)').fill(hhmm(new Date(now - 10 * 60_000)));
    await dialog.getByLabel('Window ends (HH:MM)').fill(hhmm(new Date(now - 2 * 60_000)));
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    // Nothing in the form reaches past the phone's edge (the days' chips wrap).
    const widest = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('.p-dialog .form-field')].map(
          (el) => el.getBoundingClientRect().right,
        ),
      ),
    );
    expect(widest).toBeLessThanOrEqual(390);
    await screenshot(page, 'coverage-schedule-dialog-phone-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Gate rounds' }).first().waitFor();

    // The schedule was made just now; it is made to have been in force since yesterday, every day,
    // judged without tolerance, so its window that has just passed is the job's to close.
    await db.query(
      `update visit_schedules set rule_from = now() - interval '1 day', days = '{1,2,3,4,5,6,7}', tolerance_minutes = 0`,
    );
    await expect
      .poll(async () => (await db.query(`select verdict from coverage_windows`)).rows.map((r) => r.verdict), {
        timeout: 30_000,
        interval: 500,
      })
      .toContain('missed');

    await page.goto(`${server.url}/coverage`);
    await page.getByRole('heading', { name: 'Positions, worst first' }).waitFor();
    await page.getByRole('button', { name: 'COV-1 – North gate' }).click();
    await page.waitForURL((u) => u.searchParams.has('position'));
    await page.getByRole('heading', { name: 'Windows of COV-1 – North gate' }).waitFor();
    await page.getByText('Missed', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'coverage-missed-phone-en');

    await page
      .getByRole('button', { name: /^Excuse the window/ })
      .first()
      .click();
    const excuse = page.getByRole('dialog', { name: 'Excuse a missed window' });
    await excuse.getByLabel('Reason').fill('Gate locked by the client');
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await excuse.getByRole('button', { name: 'Excuse' }).click();
    await excuse.waitFor({ state: 'hidden' });
    await page.getByText('Gate locked by the client (by Admin User)').waitFor();
    await screenshot(page, 'coverage-excused-phone-en');
    expect(await axeProblems(page, 'main')).toEqual([]);
    const report = await api<{ totals: { excused: number; missed: number } }>(
      server.url,
      'GET',
      `/coverage/report?from=${new Date(now - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(now).toISOString().slice(0, 10)}`,
      undefined,
      token,
    );
    expect(report.body.totals).toMatchObject({ excused: 1, missed: 0 });
    await context.close();
  });
});
