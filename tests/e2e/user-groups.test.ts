/** The user groups screen as an admin, a manager and a worker would use it. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  launchBrowser,
  MANAGER,
  openSignedIn,
  type RunningServer,
  screenshot,
  startServer,
} from './support.ts';

const WORKER = {
  first_name: 'Ville',
  last_name: 'Worker',
  email: 'ville@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const WILMA = {
  first_name: 'Wilma',
  last_name: 'Welder',
  email: 'wilma@example.com',
  password: 'Welder1!',
  role: 'worker',
};

/** Opens a PrimeReact dropdown by its input's id and picks an option by its text. */
async function pick(page: Page, inputId: string, option: string, filter?: string) {
  await page.locator(`#${inputId}`).locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  if (filter) await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(filter);
  await page.getByRole('option', { name: option }).click();
}

/** Screenshots without the toasts of the steps before (they would cover the detail panel). */
async function shot(page: Page, name: string) {
  for (const close of await page.locator('.p-toast-icon-close').all()) await close.click().catch(() => {});
  await expect.poll(() => page.locator('.p-toast-message').count()).toBe(0);
  await expect.poll(() => page.locator('.p-dropdown-panel').count()).toBe(0);
  await screenshot(page, name);
}

/** The screen itself (the shell and the role chip are checked by a11y-sweep.test.ts too). */
const SCREEN = '.user-groups';

describe('user groups screen', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    for (const user of [MANAGER, WORKER, WILMA]) await createUser(server.url, token, user);
    // A position group to grant, with two positions (its own API; the screen under test only reads it).
    const ids: number[] = [];
    for (const code of ['NW-101', 'NW-102']) {
      const res = await api<{ position: { id: number } }>(
        server.url,
        'POST',
        '/positions',
        { position_code: code, position_name: `Stairwell ${code}` },
        token,
      );
      if (res.status !== 201) throw new Error(`position ${code}: ${res.status} ${JSON.stringify(res.body)}`);
      ids.push(res.body.position.id);
    }
    const group = await api(
      server.url,
      'POST',
      '/position-groups',
      { group_name: 'North wing', group_code: 'north_wing', description: 'Floors 1–3', position_ids: ids },
      token,
    );
    if (group.status !== 201)
      throw new Error(`position group: ${group.status} ${JSON.stringify(group.body)}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets an admin create a group with a manager, add a member and grant position access', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'User groups' })
      .click();
    await page.getByText('No user groups yet').waitFor();

    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user group' });
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('Työmaa Ääni Ö');
    // The code follows the name, read-only, as the server makes it.
    await expect.poll(() => dialog.getByLabel('Code').inputValue()).toBe('tyomaa_aani_o');
    expect(await dialog.getByLabel('Code').getAttribute('readonly')).not.toBeNull();
    await pick(page, 'user-group-group_type', 'Subcontractor');
    await pick(page, 'user-group-manager_user_id', 'Maija Manager (maija@example.com)', 'Maija');
    await shot(page, 'user-groups-create-en');
    await create.click();
    await page.getByText('Saved successfully').first().waitFor();
    await page.getByRole('heading', { name: 'Työmaa Ääni Ö' }).waitFor();
    await page.waitForURL(/group=\d+/);

    // The manager is a member, made in the same transaction as the group.
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByText('Maija Manager').waitFor();
    await members.locator('li', { hasText: 'Maija Manager' }).getByText('Group manager').waitFor();

    // Members are picked several at a time (a multi-select), then added with one button.
    await page
      .locator('.p-multiselect')
      .filter({ has: page.locator('#user-group-member-pick') })
      .click();
    await page
      .locator('.p-multiselect-panel')
      .getByRole('option', { name: 'Wilma Welder (wilma@example.com)' })
      .click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add member' }).click();
    await members.getByText('Wilma Welder').waitFor();
    await page.getByRole('list', { name: 'User groups' }).getByText('2 active members').waitFor();
    await shot(page, 'user-groups-members-en');
    expect(await axeProblems(page, SCREEN)).toEqual([]);

    await page.getByRole('tab', { name: 'Position access' }).click();
    await page.waitForURL(/tab=access/);
    await page.getByText('No position access').waitFor();
    await pick(page, 'user-group-access-pick', 'North wing (north_wing)');
    await page.getByRole('button', { name: 'Grant access' }).click();
    const grants = page.getByRole('list', { name: 'Position access' });
    await grants.getByText('North wing').waitFor();
    await grants.getByText(/2 active positions · Granted .* by Admin User/).waitFor();
    await shot(page, 'user-groups-access-en');
    expect(await axeProblems(page, SCREEN)).toEqual([]);

    // A reload keeps the group and the tab (URL search params), here in Finnish.
    await page.goto(`${page.url()}&lng=fi`);
    await page.getByRole('heading', { name: 'Käyttäjäryhmät' }).waitFor();
    await page.getByRole('tab', { name: 'Kohteiden käyttöoikeudet', selected: true }).waitFor();
    await page.getByText(/2 aktiivista kohdetta/).waitFor();
    await shot(page, 'user-groups-access-fi');
    await page.getByRole('tab', { name: /Jäsenet/ }).click();
    await page.getByRole('list', { name: 'Jäsenet' }).getByText('Wilma Welder').waitFor();
    await shot(page, 'user-groups-members-fi');
    await page.getByRole('button', { name: 'Uusi ryhmä' }).click();
    await page.getByRole('dialog', { name: 'Uusi käyttäjäryhmä' }).getByLabel('Nimi').fill('Sähkö Åström');
    await expect.poll(() => page.getByRole('dialog').getByLabel('Tunnus').inputValue()).toBe('sahko_astrom');
    await shot(page, 'user-groups-create-fi');
    await context.close();
  });

  it('lets a manager manage members but not create or delete groups', async () => {
    const { context, page } = await openSignedIn(browser, server.url, MANAGER);
    await page.goto(`${server.url}/user-groups`);
    await page.getByRole('list', { name: 'User groups' }).getByText('Työmaa Ääni Ö').click();
    await page.getByRole('button', { name: 'Add member' }).waitFor();
    expect(await page.getByRole('button', { name: 'New group' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete group/ }).count()).toBe(0);
    await context.close();
  });

  it('shows a worker no User groups entry and refuses them /user-groups', async () => {
    // Signed in at / (from /login a worker lands on the field app).
    const { context, page } = await openSignedIn(browser, server.url, WORKER, '/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Dashboard').waitFor();
    expect(await nav.getByText('User groups').count()).toBe(0);
    await page.goto(`${server.url}/user-groups`);
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
