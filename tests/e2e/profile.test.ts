/**
 * The signed-in user's own account from the Profile dialog, as a manager would use
 * it: name and language (the console follows at once and after a reload), and the password (the
 * current one required; the user's other sessions end, this one stays).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, cleanScreenshot as shot } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  chooseDropdownOption,
  createUser,
  dialogOpened,
  launchBrowser,
  MANAGER,
  newPage,
  openSignedIn,
  type RunningServer,
  startServer,
} from './support.ts';

const NEW_PASSWORD = 'Uusi-Salasana-42';

/** Opens the Profile dialog from the top bar's account menu (labels in the console's language). */
async function openProfile(page: Page, menu: { account: string; profile: string }) {
  await page.getByRole('button', { name: menu.account }).click();
  await page.getByRole('menuitem', { name: menu.profile }).click();
  const dialog = page.locator('.profile-dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialogOpened(dialog);
  return dialog;
}

const topBarName = (page: Page) => page.locator('.topbar__name');
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('own account in the Profile dialog', () => {
  let server: RunningServer;
  let browser: Browser;
  // The manager's first browser: the one that makes the changes, kept from test to test.
  let context: BrowserContext;
  let page: Page;
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

  it('changes the name and the language: the top bar and the console follow at once and after a reload', async () => {
    ({ context, page } = await openSignedIn(browser, server.url, MANAGER));
    await expect.poll(() => topBarName(page).textContent()).toBe('Maija Manager');
    expect(await lang(page)).toBe('en');

    const dialog = await openProfile(page, { account: 'Account menu', profile: 'Profile' });
    await dialog.getByText('maija@example.com').waitFor();
    await shot(page, 'profile-en');
    // The full-width current-password field is as wide as the language field above it (PrimeReact
    // wraps a password's input in an icon field that kept the input's own 20-character width).
    const width = async (selector: string) => (await dialog.locator(selector).boundingBox())?.width;
    const languageWidth = await width('.p-dropdown:has(#profile-language)');
    expect(await width('#profile-current-password')).toBeCloseTo(languageWidth ?? 0, 0);
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);

    await dialog.getByLabel('First name', { exact: true }).fill('Marja');
    await chooseDropdownOption(page, 'profile-language', 'Suomi');
    // Nothing changes before Save.
    expect(await topBarName(page).textContent()).toBe('Maija Manager');
    expect(await lang(page)).toBe('en');
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    // At once, in the same dialog: Finnish, the new name in the top bar and in the dialog.
    await page.getByText('Tietosi tallennettiin').first().waitFor();
    await expect.poll(() => topBarName(page).textContent()).toBe('Marja Manager');
    await expect.poll(() => lang(page)).toBe('fi');
    await dialog.getByRole('heading', { name: 'Omat tiedot' }).waitFor();
    await dialog.locator('.profile__name', { hasText: 'Marja Manager' }).waitFor();
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByText('Etusivu').waitFor();
    expect(await dialog.getByLabel('Etunimi', { exact: true }).inputValue()).toBe('Marja');
    await shot(page, 'profile-fi');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByText('Etusivu').waitFor();
    await expect.poll(() => topBarName(page).textContent()).toBe('Marja Manager');
    expect(await lang(page)).toBe('fi');
    // The server has them too, not only this browser.
    const token = await apiToken(server.url, MANAGER.email, MANAGER.password);
    const me = await api<{ user: { first_name: string; language: string } }>(
      server.url,
      'GET',
      '/auth/me',
      undefined,
      token,
    );
    expect(me.body.user).toMatchObject({ first_name: 'Marja', language: 'fi' });
  });

  it('changes the password with the current one: the other browser is signed out, this one stays', async () => {
    // A second browser signed in before the change (it opens in the saved language, Finnish).
    const other = await openSignedIn(browser, server.url, MANAGER);
    await expect.poll(() => topBarName(other.page).textContent()).toBe('Marja Manager');
    await expect.poll(() => lang(other.page)).toBe('fi');

    const dialog = await openProfile(page, { account: 'Käyttäjävalikko', profile: 'Profiili' });
    const current = dialog.getByLabel('Nykyinen salasana', { exact: true });
    await current.fill('Wrong-Password-1');
    await dialog.getByLabel('Uusi salasana', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Uusi salasana uudelleen', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Vaihda salasana' }).click();
    // The server's refusal, on the current-password field (in the console's language).
    const error = dialog.locator('#profile-current-password-error');
    await expect.poll(() => error.textContent()).toBe('Nykyinen salasana on väärä');
    expect(await current.getAttribute('aria-describedby')).toBe('profile-current-password-error');
    await shot(page, 'profile-wrong-password-fi');
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    // Nothing changed: the old password still signs in.
    expect(await apiToken(server.url, MANAGER.email, MANAGER.password)).toBeTruthy();

    await current.fill(MANAGER.password);
    await dialog.getByRole('button', { name: 'Vaihda salasana' }).click();
    await page.getByText('Salasanasi on vaihdettu').first().waitFor();
    await expect.poll(() => error.count()).toBe(0);
    // The form is emptied for the next time.
    expect(await current.inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The other browser's next request lands it on the sign-in page.
    await other.page.getByRole('navigation', { name: 'Päävalikko' }).getByText('Käyttäjät').click();
    await other.page.waitForURL('**/login**');
    await other.page.getByRole('button', { name: 'Kirjaudu', exact: true }).waitFor();
    await other.context.close();

    // This one stays signed in, across a request and a reload.
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByText('Käyttäjät').click();
    await page.getByRole('cell', { name: MANAGER.email }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: MANAGER.email }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
  });

  it('signs in with the new password only, in the saved language', async () => {
    const { context: fresh, page: login } = await newPage(browser);
    await login.goto(`${server.url}/login`);
    await login.getByLabel('Email').fill(MANAGER.email);
    await login.getByLabel('Password', { exact: true }).fill(MANAGER.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    // A refused sign-in checks the password hash first: under a loaded CI it takes over a second.
    await expect
      .poll(() => login.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('Invalid email or password');
    expect(new URL(login.url()).pathname).toBe('/login');

    await login.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.waitForURL((u) => !u.pathname.startsWith('/login'));
    await expect.poll(() => topBarName(login).textContent()).toBe('Marja Manager');
    await expect.poll(() => lang(login)).toBe('fi');
    await login.getByText('Tervetuloa takaisin').first().waitFor();
    await fresh.close();
  });
});
