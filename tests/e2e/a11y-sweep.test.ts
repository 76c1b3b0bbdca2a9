/**
 * Accessibility of every screen: axe (serious and critical findings) on the sign-in page and on every screen of the
 * screen registry as the admin, with each screen's main dialog opened where its page header has
 * an add button; in the light theme and again in the dark one. Every finding of a run is listed
 * at once, by screen and theme. AXE_DEBUG=1 prints each finding's HTML.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '../../src/screen-registry.ts';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  apiToken,
  createUser,
  launchBrowser,
  networkQuiet,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

type Theme = 'light' | 'dark';

/** Waits for the screen to settle: its title shown and no spinner or skeleton left. */
async function settle(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect
    .poll(() => page.locator('main .p-progress-spinner, main .p-skeleton, main [aria-busy="true"]').count(), {
      timeout: 15_000,
    })
    .toBe(0);
  await networkQuiet(page);
}

async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => localStorage.setItem('tagger-theme', t), theme);
}

describe('accessibility sweep (axe) of every screen', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, {
      first_name: 'Maija',
      last_name: 'Manager',
      email: 'maija@example.com',
      password: 'Manager1!',
      role: 'manager',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical finding on any screen (${theme} theme)`, {
      timeout: 400_000,
    }, async () => {
      const { context, page } = await newPage(browser);
      const problems: Record<string, string[]> = {};
      const note = (where: string, found: string[]) => {
        if (found.length) problems[where] = found;
      };

      await page.goto(`${server.url}/login`);
      await setTheme(page, theme);
      await page.reload();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      note('login', await axeProblems(page, 'body'));
      await screenshot(page, `a11y-login-${theme}`);

      await signIn(page, ADMIN.email, ADMIN.password);
      for (const screen of SCREENS) {
        await page.goto(`${server.url}${screen.path}`);
        await settle(page);
        note(screen.id, await axeProblems(page, 'body'));
        await screenshot(page, `a11y-${screen.id}-${theme}`);

        // The screen's main dialog: the page header's add button, where there is one.
        const add = page.locator('.page-header__actions button:not([disabled])').first();
        if ((await add.count()) === 0) continue;
        await add.click();
        const dialog = page.locator('.p-dialog').last();
        if (
          !(await dialog.waitFor({ timeout: 5000 }).then(
            () => true,
            () => false,
          ))
        )
          continue;
        await page.waitForTimeout(400); // the opening animation
        note(`${screen.id} dialog`, await axeProblems(page, '.p-dialog'));
        await screenshot(page, `a11y-${screen.id}-dialog-${theme}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
      await context.close();
      expect(problems).toEqual({});
    });
  }
});
