/** Site settings in Chromium: edit and save, the 3-second banner, a stale save, leaving with changes. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

async function openSettings(browser: Browser, url: string, lng = 'en') {
  const { context, page } = await newPage(browser);
  await page.goto(`${url}/login`);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${url}/site-settings?lng=${lng}`);
  await page.locator('#settings-site-name').waitFor();
  return { context, page };
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

describe('site settings screen', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('saves two edits, shows the banner for 3 seconds, and keeps the values after a reload', async () => {
    const { context, page } = await openSettings(browser, server.url);
    await screenshot(page, 'site-settings-en');
    expect(await saveButton(page).isDisabled()).toBe(true);

    await page.getByLabel('Site name').fill('Harbour Tower');
    await page.getByLabel('Max users per site').fill('250');
    expect(await saveButton(page).isEnabled()).toBe(true);

    // The page itself notes when the banner appears and goes (a busy machine may let the test see
    // it late, which would shorten the time it measured).
    await page.evaluate((text) => {
      const times: { shown?: number; hidden?: number } = {};
      Object.assign(window, { bannerTimes: times });
      new MutationObserver(() => {
        const shown = document.body.innerText.includes(text);
        if (times.shown === undefined && shown) times.shown = performance.now();
        else if (times.shown !== undefined && times.hidden === undefined && !shown)
          times.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    }, 'Site settings saved successfully');
    await saveButton(page).click();
    const banner = page.getByText('Site settings saved successfully');
    await banner.waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await banner.waitFor({ state: 'hidden', timeout: 6000 });
    const shownFor = await page.evaluate(() => {
      const { bannerTimes } = window as unknown as { bannerTimes: { shown: number; hidden: number } };
      return bannerTimes.hidden - bannerTimes.shown;
    });
    expect(shownFor).toBeGreaterThan(2000);
    expect(shownFor).toBeLessThan(4500);
    // The top bar's site chip follows the new name.
    await page.locator('.site-chip').getByText('Harbour Tower').waitFor();

    await page.reload();
    await page.locator('#settings-site-name').waitFor();
    expect(await page.getByLabel('Site name').inputValue()).toBe('Harbour Tower');
    expect(await page.getByLabel('Max users per site').inputValue()).toBe('250');
    expect(await saveButton(page).isDisabled()).toBe(true);
    await context.close();
  });

  it('refuses a second browser’s stale save with the explanation, and reloads the newer values', async () => {
    const first = await openSettings(browser, server.url);
    const second = await openSettings(browser, server.url);

    await first.page.getByLabel('Description').fill('Saved first, in the first browser');
    await saveButton(first.page).click();
    await first.page.getByText('Site settings saved successfully').waitFor();

    await second.page.getByLabel('Site name').fill('Saved second');
    await saveButton(second.page).click();
    await second.page.getByText(/Someone else saved the site settings after you opened them/).waitFor();
    await screenshot(second.page, 'site-settings-stale-en');
    await second.page.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => second.page.getByLabel('Description').inputValue())
      .toBe('Saved first, in the first browser');
    expect(await second.page.getByLabel('Site name').inputValue()).toBe('Harbour Tower');
    expect(await second.page.getByText(/Someone else saved/).count()).toBe(0);
    await first.context.close();
    await second.context.close();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { context, page } = await openSettings(browser, server.url);
    await page.getByLabel('Description').fill('Not saved yet');
    await page.getByRole('link', { name: 'System status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/site-settings');
    expect(await page.getByLabel('Description').inputValue()).toBe('Not saved yet');

    await page.getByRole('link', { name: 'System status' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((u) => u.pathname === '/system-status');
    await context.close();
  });

  it('offers the database’s time zones (Europe/Kyiv too) and keeps the one chosen', async () => {
    const { context, page } = await openSettings(browser, server.url);
    const picker = page.locator('.p-dropdown').filter({ has: page.locator('#settings-timezone') });
    await picker.click();
    await page.locator('.p-dropdown-filter').fill('Kyiv');
    await page.getByRole('option', { name: 'Europe/Kyiv' }).click();
    await saveButton(page).click();
    await page.getByText('Site settings saved successfully').waitFor();
    await page.reload();
    await page.locator('#settings-site-name').waitFor();
    await picker.locator('.p-dropdown-label', { hasText: 'Europe/Kyiv' }).waitFor();
    await picker.click();
    await page.locator('.p-dropdown-filter').fill('Kanton');
    await page.getByRole('option', { name: 'Pacific/Kanton' }).waitFor();
    await context.close();
  });

  it('reads in Swedish', async () => {
    const { context, page } = await openSettings(browser, server.url, 'sv');
    await page.getByRole('heading', { name: 'Platsinställningar' }).waitFor();
    await page.getByText('Användarhantering').waitFor();
    await screenshot(page, 'site-settings-sv');
    await context.close();
  });
});
