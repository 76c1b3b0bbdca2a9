/**
 * The console by keyboard alone (Tab, Shift+Tab, Enter, Escape, arrows): sign-in,
 * the skip link, the sidebar, the top bar's theme menu, a table's row actions, and a dialog that
 * traps focus, closes on Escape and returns focus to the button that opened it. Every stop shows
 * a focus ring.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiToken,
  createUser,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from './support.ts';

/** What has focus: its tag, id, role, accessible-ish name, and whether a focus ring shows. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const style = getComputedStyle(el);
    const ring =
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      inDialog: Boolean(el.closest('.p-dialog')),
      ring,
    };
  });

/** Presses Tab until the focused element's name matches, at most `max` times. */
async function tabTo(page: Page, name: RegExp, max = 40, key = 'Tab') {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (now && name.test(now.name)) return now;
  }
  throw new Error(`no focusable element named ${name} within ${max} presses of ${key}`);
}

describe('keyboard only', () => {
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

  it('signs in, skips to the content, walks the shell, a table and a dialog', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);

    // Sign-in: the email field has focus; Tab reaches password, show-password and Sign In.
    await page.locator('#login-email').waitFor();
    await expect.poll(async () => (await focused(page))?.id).toBe('login-email');
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    expect((await focused(page))?.id).toBe('login-password');
    await page.keyboard.type(ADMIN.password);
    const show = await tabTo(page, /show password/i, 2);
    expect(show.ring).toBe(true);
    const submit = await tabTo(page, /^sign in$/i, 2);
    expect(submit.ring).toBe(true);
    await screenshot(page, 'keyboard-login-focus');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.locator('main h1').first().waitFor();

    // The first Tab stop is the skip link, visible while focused; Enter moves focus to the content.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = await focused(page);
    expect(skip?.name).toBe('Skip to main content');
    const box = await page.locator('.skip-link').boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await screenshot(page, 'keyboard-skip-link');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page))?.id).toBe('main-content');

    // Shift+Tab goes back into the shell (top bar), Tab forward reaches the sidebar's links.
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page))?.ring).toBe(true);
    await page.locator('body').focus();
    const usersLink = await tabTo(page, /^Users$/);
    expect(usersLink.ring).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/users');
    await page.getByRole('cell', { name: 'maija@example.com' }).waitFor();

    // The theme menu: Enter opens it, arrows move, Enter chooses; the page turns dark.
    await page.locator('body').focus();
    await tabTo(page, /^Theme/);
    await page.keyboard.press('Enter');
    await page.locator('#theme-menu').waitFor();
    // PrimeReact's popup menu keeps focus on its list and moves aria-activedescendant.
    const active = () =>
      page.evaluate(() => {
        const id = document.activeElement?.getAttribute('aria-activedescendant');
        return id ? (document.getElementById(id)?.textContent ?? '').trim() : '';
      });
    for (let i = 0; i < 4 && (await active()) !== 'Dark'; i++) await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Dark');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'keyboard-users-dark');

    // A row action of the table: reached by Tab, opens its dialog with Enter.
    await page.locator('body').focus();
    const edit = await tabTo(page, /^Edit .*Maija/, 80);
    expect(edit.ring).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.locator('.p-dialog');
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page))?.inDialog).toBe(true);
    await screenshot(page, 'keyboard-dialog');

    // Focus stays in the dialog both ways round.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page))?.inDialog, `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page))?.inDialog, `Shift+Tab ${i + 1}`).toBe(true);
    }

    // Escape closes it and focus returns to the row's Edit button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page))?.name).toMatch(/^Edit .*Maija/);

    await page.evaluate(() => localStorage.removeItem('tagger-theme'));
    await context.close();
  });
});
