/** Signing in and out as a person would, in the built console served by the real server. */
import type { Browser } from 'playwright-core';
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

describe('sign-in and session', () => {
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

  it('refuses a wrong password, then signs in with the right one', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForURL('**/login**');
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    expect(await signInButton.isDisabled()).toBe(true);
    await screenshot(page, 'login-en');

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await signInButton.click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('Invalid email or password');
    await screenshot(page, 'login-error-en');

    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await signInButton.click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByText('Welcome back').first().waitFor();
    await screenshot(page, 'dashboard-en');
    await context.close();
  });

  it('returns to the deep link after sign-in, and stays signed in across a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/users`);
    await page.waitForURL('**/login**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users');
    await signIn(page, ADMIN.email, ADMIN.password);
    expect(new URL(page.url()).pathname).toBe('/users');
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();

    await page.reload();
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await screenshot(page, 'users-en');
    await context.close();
  });

  it('logs out, and the old page then asks for sign-in again', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login**');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${server.url}/users`);
    await page.waitForURL('**/login**');
    await context.close();
  });

  it('switches language, and the choice survives a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Suomi' }).click();
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).waitFor();
    await screenshot(page, 'login-fi');
    await page.reload();
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');

    await page.getByLabel('Sähköposti').fill(ADMIN.email);
    await page.getByLabel('Salasana', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByText('Tervetuloa takaisin').first().waitFor();
    await screenshot(page, 'dashboard-fi');
    await page.goto(`${server.url}/users`);
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    await screenshot(page, 'users-fi');
    await context.close();
  });
});
