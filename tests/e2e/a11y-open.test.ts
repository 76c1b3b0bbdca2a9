/**
 * axe with the popups open, at a desk and on a phone: a dialog's dropdown and multi-select menus
 * (their filter boxes named), the discard question, a delete confirmation (its red button at
 * 4.5:1), the leave-the-page question, the work entries' filter menus and date calendar, and the
 * bulk wizard's task picker and typed-id check. The screen-by-screen sweep (a11y-sweep.test.ts)
 * sees each screen and its main dialog closed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import { launchBrowser, newPage, type RunningServer, signIn, startServer } from './support.ts';

const SEED_ADMIN = { email: 'seed.admin@example.com', password: 'Seed-Pass-1' };

/** WCAG contrast of an element's text on its own background. */
function contrastOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const style = getComputedStyle(el);
      const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}

describe('accessibility with menus and confirmations open', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({}, { seed: ['--work-entries', '100', '--photos', '0'] });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [size, width, height] of [
    ['desk', 1366, 850],
    ['phone', 390, 844],
  ] as const) {
    it(`has no serious or critical finding with popups open (${size})`, { timeout: 180_000 }, async () => {
      const { context, page } = await newPage(browser, { width, height });
      await page.goto(`${server.url}/users`);
      await signIn(page, SEED_ADMIN.email, SEED_ADMIN.password);
      const problems: Record<string, string[]> = {};
      const note = async (where: string, include: string[]) => {
        const found = await axeProblems(page, include);
        if (found.length) problems[where] = found;
      };

      // Add user: the role dropdown open, then the discard question.
      await page.getByRole('button', { name: 'Add user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add user' });
      await dialog.getByLabel('First name').fill('Erkki');
      await dialog
        .locator('.p-dropdown')
        .filter({ has: page.locator('#user-role') })
        .click();
      await page.locator('.p-dropdown-panel').waitFor();
      await note('users role dropdown', ['.p-dialog', '.p-dropdown-panel']);
      await page.keyboard.press('Escape');
      await page.locator('.p-dropdown-panel').waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const ask = page.getByRole('dialog', { name: 'Discard changes?' });
      await ask.waitFor();
      await note('discard question', ['.p-confirm-dialog']);
      expect(await contrastOf(page, '.p-confirm-dialog-accept')).toBeGreaterThanOrEqual(4.5);
      await ask.getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'hidden' });

      if (size === 'desk') {
        // Leaving the page with typed changes asks the same question; Keep editing stays. (By
        // the browser's Forward: the modal dialog covers the sidebar's links.)
        const path = () => new URL(page.url()).pathname;
        await page.locator('nav a[href="/dashboard"], nav a[href="/"]').first().click();
        await expect.poll(path).not.toBe('/users');
        await page.goBack();
        await expect.poll(path).toBe('/users');
        await page.getByRole('button', { name: 'Add user' }).click();
        await dialog.getByLabel('First name').fill('Erkki');
        await page.evaluate(() => history.forward());
        await ask.waitFor();
        await note('leave question', ['.p-confirm-dialog']);
        await ask.getByRole('button', { name: 'Keep editing' }).click();
        await ask.waitFor({ state: 'hidden' });
        expect(new URL(page.url()).pathname).toBe('/users');
        expect(await dialog.getByLabel('First name').inputValue()).toBe('Erkki');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await ask.getByRole('button', { name: 'Discard' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }

      // A delete confirmation.
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      const confirm = page.locator('.p-confirm-dialog');
      await confirm.waitFor();
      await note('delete confirmation', ['.p-confirm-dialog']);
      expect(await contrastOf(page, '.p-confirm-dialog-accept')).toBeGreaterThanOrEqual(4.5);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });

      // The position-group picker open, its filter box named.
      await page.goto(`${server.url}/position-groups`);
      await page.getByRole('button', { name: 'Add position group' }).click();
      await page.locator('#position-group-positions').focus();
      await page.keyboard.press('ArrowDown');
      await page.locator('.p-multiselect-panel').waitFor();
      // Its positions loaded (until then the panel shows its empty message, a list item alone).
      await page.locator('.p-multiselect-panel .p-multiselect-item').first().waitFor();
      await note('position-group picker', ['.p-dialog', '.p-multiselect-panel']);
      await page.keyboard.press('Escape');

      // Work entries: the worker filter's menu with its filter box.
      await page.goto(`${server.url}/work-entries`);
      await page.locator('main h1').waitFor();
      const folded = page.getByRole('button', { name: /^Filters/ });
      if (await folded.isVisible()) await folded.click();
      await page
        .locator('.p-dropdown')
        .filter({ has: page.locator('[id$="-worker"]') })
        .click();
      await page.locator('.p-dropdown-panel .p-dropdown-filter').waitFor();
      await note('work entries worker filter', ['main', '.p-dropdown-panel']);
      await page.keyboard.press('Escape');
      // The date filter's calendar, in the site's date format.
      const from = page.locator('[id$="-from"]');
      if (!(await from.isVisible()) && (await folded.isVisible())) await folded.click();
      await from.click();
      await page.locator('.p-datepicker').waitFor();
      await note('work entries date calendar', ['main', '.p-datepicker']);
      await page.keyboard.press('Escape');

      // The bulk wizard's rules step: the task picker open, then a typed id it does not know.
      await page.goto(`${server.url}/position-task-assignments?tab=bulk`);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('#wizard-task-pick').focus();
      await page.keyboard.press('ArrowDown');
      await page.locator('.p-multiselect-panel').waitFor();
      await note('wizard task picker', ['.bulk-wizard', '.p-multiselect-panel']);
      await page.keyboard.press('Escape');
      await page.getByLabel('Or type task ids (comma-separated)').fill('99999');
      await page.getByText('No active task of this site has the id 99999.').waitFor();
      await note('wizard rules step', ['.bulk-wizard']);

      if (size === 'desk') {
        // Closing the tab with typed changes: the browser asks (beforeunload).
        await page.goto(`${server.url}/users`);
        await page.getByRole('button', { name: 'Add user' }).click();
        await page.getByRole('dialog', { name: 'Add user' }).getByLabel('First name').fill('Erkki');
        const asked = new Promise<string>((resolve) =>
          page.once('dialog', (d) => {
            resolve(d.type());
            void d.accept();
          }),
        );
        await page.close({ runBeforeUnload: true });
        expect(await asked).toBe('beforeunload');
      }

      // The desk run closed its page already (beforeunload above).
      await context.close().catch(() => {});
      expect(problems).toEqual({});
    });
  }
});
