/**
 * The first load in the browser: no blank frame between sign-in and the dashboard (the shell
 * and dashboard load while the sign-in request runs), and the theme of the system setting applied
 * before the first paint with only that theme's stylesheet downloaded.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newPage, type RunningServer, startServer } from './support.ts';

describe('first load', () => {
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

  it('goes from the sign-in page straight to the dashboard, with no blank frame', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    // What every animation frame shows from the click until the dashboard's heading.
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      const tick = () => {
        const root = document.getElementById('root');
        const state = root?.querySelector('.login')
          ? 'login'
          : root?.querySelector('.shell main h1')
            ? 'dashboard'
            : root?.querySelector('.shell')
              ? 'shell'
              : 'blank';
        if (w.seen.at(-1) !== state) w.seen.push(state);
        if (state !== 'dashboard') requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.locator('.shell main h1').first().waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).not.toContain('blank');
    expect(seen.at(-1)).toBe('dashboard');
    await context.close();
  });

  it('paints in the system theme from the start and downloads only that theme', async () => {
    for (const scheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({
        colorScheme: scheme,
        viewport: { width: 1366, height: 860 },
      });
      const page = await context.newPage();
      const themes: string[] = [];
      page.on('request', (r) => {
        const m = /theme-(light|dark)-[^/]*\.css$/.exec(r.url());
        if (m) themes.push(m[1]);
      });
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      // The page's background is the theme's from the first paint (the theme sheet blocks rendering).
      const bg = await page.evaluate(
        () => getComputedStyle(document.querySelector('.login__panel')!.parentElement!).backgroundColor,
      );
      expect(bg).toBe(scheme === 'dark' ? 'rgb(31, 41, 55)' : 'rgb(255, 255, 255)');
      expect(themes).toEqual([scheme]);
      await context.close();
    }
  });
});
