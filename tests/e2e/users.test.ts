/** The users screen as admin, manager and worker would use it. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiToken,
  chooseDropdownOption,
  createUser,
  launchBrowser,
  MANAGER,
  openSignedIn,
  type RunningServer,
  screenshot,
  startServer,
} from './support.ts';

const OWNER = {
  first_name: 'Olli',
  last_name: 'Owner',
  email: 'olli@example.com',
  password: 'Owner1!!',
  role: 'owner',
};
const WORKER = {
  first_name: 'Ville',
  last_name: 'Worker',
  email: 'ville@example.com',
  password: 'Worker1!',
  role: 'worker',
};

const chooseRole = (page: Page, label: string) => chooseDropdownOption(page, 'user-role', label);

describe('users screen', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, MANAGER);
    await createUser(server.url, token, WORKER);
    await createUser(server.url, token, OWNER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets an admin create, edit and delete a user', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, '/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The form's own rules, with the spec's messages, before anything is sent.
    await dialog.getByText('This field is required').first().waitFor();

    await dialog.getByLabel('First name').fill('Aino');
    await dialog.getByLabel('Last name').fill('Asentaja');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('secret1');
    await chooseRole(page, 'Worker');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Email').fill('aino@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Aino Asentaja saved').first().waitFor();
    await page.getByRole('cell', { name: 'aino@example.com' }).waitFor();

    await page.getByRole('button', { name: 'Edit Aino Asentaja' }).click();
    await page.getByRole('dialog').getByLabel('Last name').fill('Työnjohtaja');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Aino Työnjohtaja', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete Aino Työnjohtaja' }).click();
    await page
      .getByRole('dialog', { name: 'Delete user' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('Deleted successfully').first().waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'aino@example.com' }).count()).toBe(0);
    await context.close();
  });

  it('shows a worker no Users entry and refuses them /users', async () => {
    // Signed in at / (from /login a worker lands on the field app).
    const { context, page } = await openSignedIn(browser, server.url, WORKER, '/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Dashboard').waitFor();
    expect(await nav.getByText('Users').count()).toBe(0);
    await page.goto(`${server.url}/users`);
    await page.waitForURL('**/dashboard');
    await screenshot(page, 'worker-dashboard-en');
    await context.close();
  });

  it('lets a manager see users but not edit or delete an admin', async () => {
    const { context, page } = await openSignedIn(browser, server.url, MANAGER, '/users');
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add user' }).count()).toBe(0);
    await context.close();
  });

  it('lets an owner edit a manager but not the admin', async () => {
    const { context, page } = await openSignedIn(browser, server.url, OWNER, '/users');
    await page.getByRole('button', { name: 'Edit Maija Manager' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Admin User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Admin User' }).count()).toBe(0);
    // Nobody is offered a role above their own.
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.locator('#user-role').locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
    await page.getByRole('option', { name: 'Owner', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'Admin', exact: true }).count()).toBe(0);
    await context.close();
  });
});
