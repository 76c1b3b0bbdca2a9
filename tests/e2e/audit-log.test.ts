/**
 * The audit log as an admin uses it: a position changed in its dialog, found in the Audit log by
 * filtering, its diff opened (old → new, axe-clean), the same change in the position's History
 * panel, the chain verified; and the screen on a phone (390x844) with an event open.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, cleanScreenshot } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  launchBrowser,
  newPage,
  openSignedIn,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

const GATE = { position_code: 'AUD-101', position_name: 'North gate' };

/** Nothing of the page reaches past the screen's right edge. */
const sideways = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

describe('audit log', () => {
  let server: RunningServer;
  let browser: Browser;
  let positionId: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    const res = await api<{ position: { id: number } }>(server.url, 'POST', '/positions', GATE, token);
    if (res.status !== 201) throw new Error(`position: ${res.status}`);
    positionId = res.body.position.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds a position’s change by filtering, shows its diff, its History and a verified chain', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, '/positions');
    await page.getByRole('button', { name: `Edit ${GATE.position_code}` }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit position' });
    await dialog.getByLabel('Name', { exact: true }).fill('North gate 2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Administration → Audit log, filtered to position updates: the URL keeps the filter.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Action').fill('position.update');
    await page.waitForURL((u) => u.searchParams.get('action') === 'position.update');
    const row = page.getByRole('row', { name: new RegExp(`Position #${positionId}`) });
    await expect.poll(() => page.locator('.audit-log-table tbody tr').count()).toBe(1);
    await row.getByText('Position updated').waitFor();
    await row.getByText('Admin User').waitFor();

    await row.getByRole('button', { name: /^Show changes of event #\d+$/ }).click();
    const diff = page.getByRole('table', { name: 'Changed fields' });
    const field = diff.getByRole('row', { name: /position_name/ });
    await expect.poll(() => field.locator('del').textContent()).toBe('North gate');
    await expect.poll(() => field.locator('ins').textContent()).toBe('North gate 2');
    expect(await axeProblems(page, 'main')).toEqual([]);
    await cleanScreenshot(page, 'audit-log-diff-en');

    // A reload keeps the filter and shows the same event.
    await page.reload();
    await expect.poll(() => page.getByLabel('Action').inputValue()).toBe('position.update');
    await expect.poll(() => page.locator('.audit-log-table tbody tr').count()).toBe(1);

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText(/^The chain is intact: \d+ events checked\.$/).waitFor();

    // The position's own History, in its edit dialog.
    await page.goto(`${server.url}/positions`);
    await page.getByRole('button', { name: `Edit ${GATE.position_code}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit position' });
    await dialog.getByRole('button', { name: 'History' }).click();
    const history = dialog.locator('.record-history');
    await history.getByText('Position updated').waitFor();
    await history.getByText('Position created').waitFor();
    await expect.poll(() => history.locator('ins', { hasText: 'North gate 2' }).count()).toBe(1);
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await history.scrollIntoViewIfNeeded();
    await cleanScreenshot(page, 'audit-log-history-en');
    await context.close();
  });

  it('fits a phone with an event open, axe-clean in both themes', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('tagger-theme', t), theme);
      await page.goto(`${server.url}/audit-log?entity_type=position&entity_id=${positionId}`);
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await page
        .getByRole('button', { name: /^Show changes of event #\d+$/ })
        .first()
        .click();
      await page.getByRole('table', { name: 'Changed fields' }).first().waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(await axeProblems(page, 'main')).toEqual([]);
      await cleanScreenshot(page, `audit-log-phone-${theme}-en`);
    }
    await context.close();
  });
});
