/**
 * Custom roles in Chromium: an admin creates a role with three permissions and gives it
 * to a new user, who can then do exactly those things; an owner cannot select the admin card.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  apiToken,
  chooseDropdownOption,
  createUser,
  launchBrowser,
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
const INSPECTOR = { email: 'iida@example.com', password: 'Inspect1!' };

const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Role Overview' }).locator('li').filter({ hasText: name });

const chooseRole = (page: Page, label: string) => chooseDropdownOption(page, 'user-role', label);

describe('roles and custom roles', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, OWNER);
    const res = await api(
      server.url,
      'POST',
      '/positions',
      { position_code: 'IN-301', position_name: 'Inspection pit' },
      token,
    );
    if (res.status !== 201) throw new Error(`position: ${res.status} ${JSON.stringify(res.body)}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a custom role, gives it to a new user, and that user can do exactly what it grants', async () => {
    const admin = await openSignedIn(browser, server.url, ADMIN, '/roles');
    const page = admin.page;
    await card(page, 'Owner').waitFor();
    await page.getByRole('button', { name: 'Create Custom Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Custom Role' });
    const create = dialog.getByRole('button', { name: 'Create Role' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Role Name').fill('Inspector');
    for (const id of ['positions-read', 'positions-update', 'tasks-read'])
      await dialog.locator(`#create-role-${id}`).check();
    await create.click();
    await dialog.waitFor({ state: 'hidden' });
    const inspectorCard = card(page, 'Inspector');
    await inspectorCard.getByText('3 permissions').waitFor();
    await screenshot(page, 'roles-created-en');

    // The users dialog offers the new role, and the table names it.
    await page.goto(`${server.url}/users`);
    await page.getByRole('button', { name: 'Add user' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Add user' });
    await userDialog.getByLabel('First name').fill('Iida');
    await userDialog.getByLabel('Last name').fill('Inspector');
    await userDialog.getByLabel('Email').fill(INSPECTOR.email);
    await userDialog.getByLabel('Password', { exact: true }).fill(INSPECTOR.password);
    await chooseRole(page, 'Inspector');
    await userDialog.getByRole('button', { name: 'Save' }).click();
    await userDialog.waitFor({ state: 'hidden' });
    const iida = page.getByRole('row').filter({ hasText: 'Iida Inspector' });
    await iida.getByText('Inspector', { exact: true }).waitFor();

    // The holder, in a browser of their own.
    const holder = await openSignedIn(browser, server.url, INSPECTOR, '/');
    const nav = holder.page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Positions').waitFor();
    expect(await nav.getByText('Users', { exact: true }).count()).toBe(0);
    await nav.getByText('Positions').click();
    await holder.page.waitForURL('**/positions');
    const pit = holder.page.getByRole('row').filter({ hasText: 'IN-301' });
    await pit.waitFor();
    expect(await holder.page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await holder.page.getByRole('button', { name: 'Edit IN-301' }).click();
    const edit = holder.page.getByRole('dialog', { name: 'Edit position' });
    await edit.getByLabel('Name', { exact: true }).fill('Inspection pit, east');
    await edit.getByRole('button', { name: 'Save' }).click();
    await pit.getByText('Inspection pit, east').waitFor();
    await screenshot(holder.page, 'roles-holder-positions-en');

    // The server refuses what the role does not grant.
    const token = await apiToken(server.url, INSPECTOR.email, INSPECTOR.password);
    expect((await api(server.url, 'GET', '/users', undefined, token)).status).toBe(403);
    expect((await api(server.url, 'GET', '/positions', undefined, token)).status).toBe(200);
    await holder.context.close();
    await admin.context.close();
  });

  it('does not let an owner select the admin card', async () => {
    const { context, page } = await openSignedIn(browser, server.url, OWNER, '/roles');
    await card(page, 'Admin').waitFor();
    expect(await card(page, 'Admin').getByRole('button').count()).toBe(0);
    expect(await card(page, 'Owner').getByRole('button').count()).toBe(0);
    const manager = card(page, 'Manager').getByRole('button');
    await manager.click();
    expect(await manager.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('screenshots the administration screens in English and Swedish', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, '/roles');
    for (const lng of ['en', 'sv']) {
      await page.goto(`${server.url}/roles?lng=${lng}`);
      await page.getByRole('table').first().waitFor();
      await screenshot(page, `roles-${lng}`);
      await page.goto(`${server.url}/site-settings?lng=${lng}`);
      await page.locator('#settings-site-name').waitFor();
      await screenshot(page, `admin-site-settings-${lng}`);
      await page.goto(`${server.url}/system-status?lng=${lng}`);
      await page.locator('table').first().waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, `admin-system-status-${lng}`);
    }
    await context.close();
  });
});
