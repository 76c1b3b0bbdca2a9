/**
 * System status in Chromium: the statuses, refreshing by itself every 30 seconds (Playwright's
 * clock moves the page's time, so the real interval is tested without waiting), and no polling
 * while the tab is hidden; the background jobs with their last and next run, on a phone too.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

async function openStatus(
  browser: Browser,
  url: string,
  lng = 'en',
  size?: { width: number; height: number },
) {
  const { context, page } = await newPage(browser, size);
  const healthCalls: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/system/health') healthCalls.push(Date.now());
  });
  await page.clock.install();
  await page.goto(`${url}/login`);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${url}/system-status?lng=${lng}`);
  await page.locator('.service-name').first().waitFor();
  return { context, page, healthCalls };
}

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

describe('system status screen', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // The archive job's first run comes a second after start (it then shows as the last run).
    server = await startServer({ WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the services and their statuses, and refreshes by itself every 30 seconds', async () => {
    const { context, page, healthCalls } = await openStatus(browser, server.url);
    const table = page.getByRole('region', { name: 'Services' }).getByRole('table');
    await table.getByText('Database').waitFor();
    await table.getByText('API server').waitFor();
    expect(await table.getByText('Healthy').count()).toBeGreaterThanOrEqual(1);
    expect(await table.getByText(/^v\d/).count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('overall-status').innerText()).toMatch(/Healthy|Degraded/);
    await page.getByRole('heading', { name: 'Resource Usage' }).waitFor();
    await page.getByText(/\d+ d \d+ h \d+ min/).waitFor();
    await screenshot(page, 'system-status-en');

    // Refresh asks at once, and the 30 seconds count from its answer.
    const refresh = page.getByRole('button', { name: 'Refresh' });
    const before = healthCalls.length;
    await refresh.click();
    await expect.poll(() => healthCalls.length).toBe(before + 1);
    await expect.poll(() => refresh.isEnabled()).toBe(true);
    const updated = await page.getByTestId('last-updated').innerText();

    await page.clock.fastForward(27_000);
    await page.waitForTimeout(300);
    expect(healthCalls.length).toBe(before + 1);
    await page.clock.fastForward(4_000);
    await expect.poll(() => healthCalls.length).toBe(before + 2);
    // Two more intervals (each counted from the previous answer): the shown time moves on too.
    for (const n of [3, 4]) {
      await expect.poll(() => refresh.isEnabled()).toBe(true);
      await page.clock.fastForward(30_000);
      await expect.poll(() => healthCalls.length).toBe(before + n);
    }
    await expect.poll(() => page.getByTestId('last-updated').innerText()).not.toBe(updated);
    await context.close();
  });

  it('shows the background jobs: who runs them, the last run and the next, on a phone and axe clean', async () => {
    const { context, page } = await openStatus(browser, server.url, 'en', { width: 390, height: 844 });
    const jobs = page.getByRole('region', { name: 'Background jobs' });
    await jobs.getByText('Work entry archive').waitFor();
    // Every job of the product is listed; the archive's row is the one followed here.
    await jobs.getByText('Trash emptying').waitFor();
    await jobs.getByText('Coverage windows closing').waitFor();
    const archive = jobs.getByRole('row').filter({ hasText: 'Work entry archive' });
    await archive.getByText('In-process scheduler').waitFor();
    // The first run (a second after start) is in: refresh until the page shows it.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return archive.getByText('Succeeded').count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    await archive.getByText('0 failures').waitFor();
    // Each line of the row's card names its column.
    await archive.locator('td .p-column-title').getByText('Next run').waitFor();
    expect(await jobs.getByText('Not scheduled by this server').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeProblems(page, 'main')).toEqual([]);
    await screenshot(page, 'system-status-jobs-phone-en');
    await context.close();
  });

  it('does not poll while the tab is hidden, and refreshes as soon as it is shown', async () => {
    const { context, page, healthCalls } = await openStatus(browser, server.url);
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
    const before = healthCalls.length;
    await setHidden(page, true);
    await page.clock.fastForward(95_000);
    await page.waitForTimeout(300);
    expect(healthCalls.length).toBe(before);
    await setHidden(page, false);
    await expect.poll(() => healthCalls.length).toBe(before + 1);
    await context.close();
  });

  it('reads in Swedish', async () => {
    const { context, page } = await openStatus(browser, server.url, 'sv');
    await page.getByRole('heading', { name: 'Systemstatus' }).waitFor();
    await page.getByRole('region', { name: 'Tjänster' }).getByRole('table').getByText('Databas').waitFor();
    await page
      .getByRole('region', { name: 'Bakgrundsjobb' })
      .getByText('Arkivering av arbetsposter')
      .waitFor();
    await screenshot(page, 'system-status-sv');
    await context.close();
  });
});
