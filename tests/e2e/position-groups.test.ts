/** The position groups screen as an admin and a manager would use it, in English and Finnish. */
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

const STAIR = { position_code: 'E2-101', position_name: 'East stair' };
const LIFT = { position_code: 'E2-102', position_name: 'East lift' };
const option = (p: { position_code: string; position_name: string }) =>
  `${p.position_code} – ${p.position_name}`;

/** A screenshot without toasts or tooltips in the way. */
async function shot(page: Page, name: string) {
  for (const close of await page.locator('.p-toast-icon-close').all()) await close.click().catch(() => {});
  await expect.poll(() => page.locator('.p-toast-message').count()).toBe(0);
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator('.p-tooltip').count()).toBe(0);
  await screenshot(page, name);
}

describe('position groups screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const positionIds: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, MANAGER);
    // The positions' own API; the screen under test only reads them.
    for (const position of [STAIR, LIFT]) {
      const res = await api<{ position: { id: number } }>(server.url, 'POST', '/positions', position, token);
      if (res.status !== 201) throw new Error(`position: ${res.status} ${JSON.stringify(res.body)}`);
      positionIds.push(res.body.position.id);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets an admin build a group, keep a deactivated position in it, edit and delete it', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, '/position-groups');
    await page.getByRole('heading', { name: 'Position groups' }).waitFor();
    await page.getByText('No data available').waitFor();

    await page.getByRole('button', { name: 'Add position group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add position group' });
    await dialog.getByLabel('Group name').fill('Floor 2 – East');
    await dialog.getByRole('button', { name: 'Generate code from the name' }).click();
    await expect.poll(() => dialog.getByLabel('Group code').inputValue()).toBe('floor_2_east');
    await dialog.getByLabel('Description').fill('Stairs and lifts of the east wing');
    await dialog.locator('.position-picker').click();
    for (const position of [STAIR, LIFT]) await page.getByRole('option', { name: option(position) }).click();
    await dialog.locator('.p-dialog-title').click();
    await expect.poll(() => page.locator('.position-picker__menu').count()).toBe(0);
    await shot(page, 'position-groups-add-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Floor 2 – East saved').first().waitFor();
    const row = page.getByRole('row', { name: /Floor 2 – East/ });
    await row.getByText('2 (2 active)').waitFor();
    await row.getByText('floor_2_east').waitFor();

    // The lift is taken out of use: it stays in the group and is counted apart.
    const off = await api(server.url, 'PUT', `/positions/${positionIds[1]}`, { is_active: false }, token);
    expect(off.status).toBe(200);
    await page.reload();
    await row.getByText('2 (1 active)').waitFor();
    await shot(page, 'position-groups-en');
    // The table itself; the page header and the paginator are the kit's (see the report).
    expect(await axeProblems(page, '.p-datatable-table')).toEqual([]);

    await page.getByRole('button', { name: 'Edit Floor 2 – East' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit position group' });
    await edit
      .getByText(
        'This group also contains 1 inactive position. It is not shown in the list above, but it stays in the group.',
      )
      .waitFor();
    await edit.locator('.position-picker').click();
    await page.getByRole('option', { name: option(STAIR) }).waitFor();
    expect(await page.getByRole('option', { name: option(LIFT) }).count()).toBe(0);
    await shot(page, 'position-groups-edit-picker-en');
    expect(await axeProblems(page, '.position-picker__menu')).toEqual([]);
    await edit.locator('.p-dialog-title').click();
    await expect.poll(() => page.locator('.position-picker__menu').count()).toBe(0);
    await shot(page, 'position-groups-edit-en');
    // The form's fields; the footer buttons and the status switch are the dialog kit's (see the report).
    expect(await axeProblems(page, '.p-dialog form', ['.form-switch'])).toEqual([]);
    await edit.getByLabel('Group name').fill('Floor 2 – East wing');
    await edit.getByRole('button', { name: 'Save' }).click();
    // Saved with the hidden, inactive lift still in it.
    const renamed = page.getByRole('row', { name: /Floor 2 – East wing/ });
    await renamed.getByText('2 (1 active)').waitFor();

    // In Finnish, after a reload.
    await page.goto(`${server.url}/position-groups?lng=fi`);
    await page.getByRole('heading', { name: 'Kohderyhmät' }).waitFor();
    await renamed.getByText('2 (1 aktiivista)').waitFor();
    await shot(page, 'position-groups-fi');
    await page.getByRole('button', { name: 'Muokkaa Floor 2 – East wing' }).click();
    await page
      .getByRole('dialog', { name: 'Muokkaa kohderyhmää' })
      .getByText(/Ryhmässä on lisäksi 1 käytöstä poistettu kohde/)
      .waitFor();
    await shot(page, 'position-groups-edit-fi');
    await page
      .getByRole('dialog', { name: 'Muokkaa kohderyhmää' })
      .getByRole('button', { name: 'Peruuta' })
      .click();

    await page.getByRole('button', { name: 'Poista Floor 2 – East wing' }).click();
    const confirm = page.getByRole('dialog', { name: 'Poista kohderyhmä' });
    await confirm.getByText(/Itse kohteita ei poisteta\. Se säilyy Roskakorissa 30 päivää\./).waitFor();
    await shot(page, 'position-groups-delete-fi');
    await confirm.getByRole('button', { name: 'Poista', exact: true }).click();
    await page.getByText('Ei tietoja', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Floor 2/ }).count()).toBe(0);

    // The positions themselves are still there.
    const left = await api<{ positions: { id: number }[] }>(
      server.url,
      'GET',
      '/positions?include_inactive=true',
      undefined,
      token,
    );
    expect(left.body.positions.map((p) => p.id).sort()).toEqual([...positionIds].sort());
    await context.close();
  });

  it('lets a manager read the groups but change nothing', async () => {
    const created = await api(
      server.url,
      'POST',
      '/position-groups',
      { group_name: 'Roof', group_code: 'roof', position_ids: positionIds },
      token,
    );
    expect(created.status).toBe(201);
    const { context, page } = await openSignedIn(browser, server.url, MANAGER, '/position-groups');
    await page.getByRole('heading', { name: 'Position groups' }).waitFor();
    await shot(page, 'position-groups-manager-en');
    await page.getByRole('row', { name: /Roof/ }).getByText('2 (1 active)').waitFor();
    expect(await page.getByRole('button', { name: 'Add position group' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    await context.close();
  });
});
