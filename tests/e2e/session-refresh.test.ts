/**
 * With a very short access-token lifetime the user keeps working: each expired token is replaced
 * through the refresh cookie without a trip to the login page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  chooseDropdownOption,
  launchBrowser,
  newPage,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

const TOKEN_SECONDS = 5;

describe('token refresh in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // 5 s, not less: a token's expiry is in whole seconds, and on a loaded machine a request could
    // wait longer than a 2-s token lived (29 Nov: every retried request was already expired, and
    // the first list never came). Each round waits past it.
    server = await startServer({ ACCESS_TOKEN_TTL: String(TOKEN_SECONDS) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the user working across several refreshes', async () => {
    const { context, page } = await newPage(browser);
    let refreshes = 0;
    page.on('response', (res) => {
      if (res.url().endsWith('/api/v1/auth/refresh') && res.status() === 200) refreshes++;
    });
    await page.goto(`${server.url}/users`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    for (let round = 1; round <= 3; round++) {
      await page.waitForTimeout(TOKEN_SECONDS * 1000 + 500); // the access token has expired by now
      // Real work that must reach the server: add a user.
      await page.getByRole('button', { name: 'Add user' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('First name').fill('Round');
      await dialog.getByLabel('Last name').fill(`Number${round}`);
      await dialog.getByLabel('Email').fill(`round${round}@example.com`);
      await dialog.getByLabel('Password', { exact: true }).fill('secret1');
      await chooseDropdownOption(page, 'user-role', 'Worker');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: `round${round}@example.com` }).waitFor();
    }
    expect(new URL(page.url()).pathname).not.toContain('login');
    expect(refreshes).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('resumes the session on reload after the access token has expired', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/users`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    await page.waitForTimeout(TOKEN_SECONDS * 1000 + 500);
    await page.reload();
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await context.close();
  });
});
