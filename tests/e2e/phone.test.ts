/**
 * The console on a phone (390x844, and dialogs on a 360 px screen), with the demo data: no screen
 * scrolls sideways or puts anything beyond the screen's edge, lists are stacked cards with their
 * actions in view, work entries' filters fold behind a counted Filters button, every main dialog
 * fits, and buttons are touch-sized. `npm run screenshots` also saves every screen at 390x844 and
 * 1366x850 in English and Finnish to test-results/screenshots (phone-*, desk-*), to look at: they
 * assert nothing more than the checks above, so the suite leaves them out.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '../../src/screen-registry.ts';
import {
  launchBrowser,
  networkQuiet,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

const SEED_ADMIN = { email: 'seed.admin@example.com', password: 'Seed-Pass-1' };

/** Every screen, and the tabs that are screens of their own. */
const PAGES = [
  ...SCREENS.map((s) => ({ id: s.id, path: s.path as string })),
  { id: 'position-task-assignments-bulk', path: '/position-task-assignments?tab=bulk' },
  { id: 'position-task-assignments-dependencies', path: '/position-task-assignments?tab=dependencies' },
  { id: 'work-entries-archive', path: '/work-entries?archive=true' },
];

async function settle(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect
    .poll(() => page.locator('main .p-progress-spinner, main .p-skeleton').count(), { timeout: 15_000 })
    .toBe(0);
  await networkQuiet(page);
}

/**
 * What reaches past the screen's right edge: the page's own scroll width, and any visible element
 * whose box ends beyond it (text kept for screen readers only, and a deliberate scroll strip's
 * contents, are not boxes a user sees cut off).
 */
function overflow(page: Page, within = 'main') {
  return page.evaluate((root) => {
    const edge = window.innerWidth;
    const hidden = (el: Element) =>
      el.closest('.sr-only, .p-hidden-accessible, [data-pc-section="hiddenfirstfocusableel"]') !== null;
    const wide = [...document.querySelectorAll(`${root} *`)]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > edge + 1 && !hidden(el);
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ends at ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, edge, wide };
  }, within);
}

/** Buttons in view smaller than 44x44 px. */
function smallTargets(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main .p-button, main .nav-link, header .p-button')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (r.height < 43.5 || r.width < 43.5);
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.getAttribute('aria-label') ?? el.textContent?.trim()}: ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`,
      ),
  );
}

describe('the console on a phone', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({}, { seed: ['--work-entries', '300', '--photos', '0'] });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('puts nothing beyond a 390 px screen, stacks lists, and fits every main dialog in 360 px', {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await signIn(page, SEED_ADMIN.email, SEED_ADMIN.password);
    const problems: Record<string, unknown> = {};
    for (const { id, path } of PAGES) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}${path}`);
      await settle(page);
      const o = await overflow(page);
      if (o.scrollWidth > o.edge || o.wide.length > 0) problems[id] = o;
      const small = await smallTargets(page);
      if (small.length > 0) problems[`${id} touch`] = small;
      // A list's row is a card: no column headers, each cell under its own title.
      if ((await page.locator('main .p-datatable-tbody > tr:not(.p-datatable-emptymessage)').count()) > 0) {
        const heads = await page
          .locator('main .p-datatable-thead th')
          .evaluateAll((ths) => ths.filter((th) => th.getBoundingClientRect().height > 0).length);
        if (heads > 0) problems[`${id} table`] = `${heads} column headers shown`;
      }

      const add = page.locator('.page-header__actions button:not([disabled])').last();
      if ((await add.count()) === 0) continue;
      await page.setViewportSize({ width: 360, height: 780 });
      await add.click();
      const dialog = page.locator('.p-dialog').last();
      if (
        !(await dialog.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        ))
      )
        continue;
      await page.waitForTimeout(400);
      const fit = await dialog.evaluate((d) => {
        const r = d.getBoundingClientRect();
        const content = d.querySelector('.p-dialog-content');
        return {
          left: r.left,
          right: r.right,
          edge: window.innerWidth,
          contentScrolls: content ? content.scrollWidth > content.clientWidth + 1 : false,
        };
      });
      const inside = await overflow(page, '.p-dialog');
      if (fit.left < 0 || fit.right > fit.edge || fit.contentScrolls || inside.wide.length > 0)
        problems[`${id} dialog`] = { ...fit, wide: inside.wide };
      await screenshot(page, `phone-${id}-dialog-en`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await context.close();
    expect(problems).toEqual({});
  });

  it('folds work entries’ filters behind a Filters button that counts those in use', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/work-entries?status=completed`);
    await signIn(page, SEED_ADMIN.email, SEED_ADMIN.password);
    const toggle = page.getByRole('button', { name: /Filters/ });
    await toggle.waitFor();
    expect(await toggle.textContent()).toContain('1');
    expect(await page.getByLabel('Status', { exact: true }).first().isVisible()).toBe(false);
    // The first entry is on the first screen.
    const firstRow = page.locator('main .p-datatable-tbody > tr').first();
    await firstRow.waitFor();
    // Polled: a refetch may replace the table's body between finding the row and measuring it.
    await expect.poll(async () => (await firstRow.boundingBox())?.y ?? 9999).toBeLessThan(844);
    await toggle.click();
    await page.getByLabel('Status', { exact: true }).first().waitFor();
    await context.close();
  });

  for (const lng of ['en', 'fi'] as const) {
    it.runIf(process.env.E2E_SCREENSHOTS === '1')(
      `takes a screenshot of every screen at 390x844 and 1366x850 (${lng})`,
      {
        timeout: 300_000,
      },
      async () => {
        const { context, page } = await newPage(browser, {
          width: 390,
          height: 844,
          locale: lng === 'fi' ? 'fi-FI' : 'en-US',
        });
        await page.goto(`${server.url}/login`);
        // By the fields' ids: the form is in the browser's language.
        await page.locator('#login-email').fill(SEED_ADMIN.email);
        await page.locator('#login-password').fill(SEED_ADMIN.password);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL((u) => !u.pathname.startsWith('/login'));
        for (const [size, width, height] of [
          ['phone', 390, 844],
          ['desk', 1366, 850],
        ] as const) {
          await page.setViewportSize({ width, height });
          for (const { id, path } of PAGES) {
            await page.goto(`${server.url}${path}`);
            await settle(page);
            await screenshot(page, `${size}-${id}-${lng}`);
          }
        }
        await context.close();
      },
    );
  }
});
