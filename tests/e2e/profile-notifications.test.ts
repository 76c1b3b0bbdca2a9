/**
 * A manager's notification emails in the Profile dialog: their role's defaults
 * (failed entries and missed visits on), a change saved (late visits on, quiet hours 22:00–06:30)
 * that a reload shows and the server holds; axe clean, and usable on a phone (390×844).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, cleanScreenshot as shot } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  dialogOpened,
  launchBrowser,
  MANAGER,
  newPage,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.locator('.profile-dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialogOpened(dialog);
  return dialog;
}

describe('notification emails in the Profile dialog', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, MANAGER);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the defaults, saves a change, and a reload shows it', async () => {
    let page: Page;
    ({ context, page } = await newPage(browser, { width: 390, height: 844 }));
    await page.goto(`${server.url}/login`);
    await signIn(page, MANAGER.email, MANAGER.password);
    let dialog = await openProfile(page);
    const section = dialog.locator('form[aria-labelledby="profile-notifications-title"]');
    await section.getByRole('heading', { name: 'Email notifications' }).waitFor();
    const sw = (name: string) => section.getByRole('switch', { name, exact: true });
    await expect.poll(() => sw('A work entry failed').isChecked()).toBe(true);
    expect(await sw('A scheduled visit was missed').isChecked()).toBe(true);
    expect(await sw('A scheduled visit was late').isChecked()).toBe(false);
    expect(await sw('Daily summary at 07:00').isChecked()).toBe(false);

    await sw('A scheduled visit was late').click();
    await sw('Quiet hours').click();
    await section.getByLabel('From', { exact: true }).fill('22:00');
    await section.getByLabel('To', { exact: true }).fill('6:30');
    await section.getByRole('button', { name: 'Save notifications' }).click();
    // A time that is not HH:MM is refused on its field, before anything is sent.
    await section.getByText('Enter a time as HH:MM').waitFor();
    await section.getByLabel('To', { exact: true }).fill('06:30');
    await section.getByRole('button', { name: 'Save notifications' }).click();
    await page.getByText('Your notification choices were saved').first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'profile-notifications-phone');
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);

    await page.reload();
    dialog = await openProfile(page);
    const again = dialog.locator('form[aria-labelledby="profile-notifications-title"]');
    const sw2 = (name: string) => again.getByRole('switch', { name, exact: true });
    await expect.poll(() => sw2('A scheduled visit was late').isChecked()).toBe(true);
    expect(await sw2('A work entry failed').isChecked()).toBe(true);
    expect(await sw2('Quiet hours').isChecked()).toBe(true);
    expect(await again.getByLabel('From', { exact: true }).inputValue()).toBe('22:00');
    expect(await again.getByLabel('To', { exact: true }).inputValue()).toBe('06:30');

    const token = await apiToken(server.url, MANAGER.email, MANAGER.password);
    const saved = await api<{ preferences: Record<string, unknown>; defaults: boolean }>(
      server.url,
      'GET',
      '/auth/me/notifications',
      undefined,
      token,
    );
    expect(saved.body).toMatchObject({
      defaults: false,
      preferences: {
        failed_entries: true,
        missed_visits: true,
        late_visits: true,
        daily_digest: false,
        quiet_hours: { from: '22:00', to: '06:30' },
      },
    });
  });
});
