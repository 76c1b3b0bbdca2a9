/**
 * Console defects a newcomer met, each at the viewport where it happens: the drawer's mask left
 * after navigating, negative coordinates, Escape inside a dialog's dropdown, unsaved changes, the
 * position picker by keyboard, custom roles and the tabs a viewer may not use.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  dialogOpened,
  launchBrowser,
  newPage,
  openSignedIn,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

const WORKER = {
  first_name: 'Ville',
  last_name: 'Worker',
  email: 'ville@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const READER = {
  first_name: 'Rea',
  last_name: 'Reader',
  email: 'rea@example.com',
  password: 'Reader1!',
  role: 'worker',
};

describe('console defects', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, WORKER);
    const role = await api<{ role: { id: number } }>(
      server.url,
      'POST',
      '/roles',
      { name: 'Position reader', level: 1, permissions: ['positions.read'] },
      token,
    );
    expect(role.status).toBe(201);
    const reader = await api(
      server.url,
      'POST',
      '/users',
      { ...READER, custom_role_id: role.body.role.id },
      token,
    );
    expect(reader.status).toBe(201);
    for (const [code, name] of [
      ['A-101', 'Stair A'],
      ['A-102', 'Stair B'],
      ['A-103', 'Lift shaft'],
    ])
      expect(
        (await api(server.url, 'POST', '/positions', { position_code: code, position_name: name }, token))
          .status,
      ).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = async (
    who: { email: string; password: string },
    path: string,
    width = 1366,
    height = 850,
  ) => {
    const { context, page } = await newPage(browser, { width, height });
    await page.goto(`${server.url}${path}`);
    await signIn(page, who.email, who.password);
    return { context, page };
  };

  it('leaves no drawer mask over the page after navigating below the large breakpoint', async () => {
    const { context, page } = await signedIn(ADMIN, '/dashboard', 800, 800);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    for (const [link, heading] of [
      ['Users', 'Users'],
      ['Position groups', 'Position groups'],
    ]) {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.locator('.shell__drawer').getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expect.poll(() => page.locator('.p-sidebar-mask').count()).toBe(0);
    }
    // The page takes clicks again.
    await page.getByRole('button', { name: 'Add position group' }).click();
    await page.getByRole('dialog', { name: 'Add position group' }).waitFor();
    await context.close();
  });

  it('keeps the sign of a negative coordinate typed into an empty field', async () => {
    const { context, page } = await signedIn(ADMIN, '/positions');
    await page.getByRole('button', { name: 'Add position' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add position' });
    await dialog.getByLabel('Position code').fill('SY-1');
    await dialog.getByLabel('Name', { exact: true }).fill('Sydney yard');
    await dialog.getByLabel('Latitude').pressSequentially('-33.8688', { delay: 20 });
    await dialog.getByLabel('Longitude').pressSequentially('-70.5', { delay: 20 });
    await expect.poll(() => dialog.getByLabel('Latitude').inputValue()).toBe('-33.8688');
    await expect.poll(() => dialog.getByLabel('Longitude').inputValue()).toBe('-70.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const list = await api<{ positions: { position_code: string; coordinates: unknown }[] }>(
      server.url,
      'GET',
      '/positions',
      undefined,
      token,
    );
    expect(list.body.positions.find((p) => p.position_code === 'SY-1')?.coordinates).toEqual({
      latitude: -33.8688,
      longitude: -70.5,
    });
    await context.close();
  });

  it('closes only the open dropdown on Escape, and asks before unsaved changes are discarded', async () => {
    const { context, page } = await signedIn(ADMIN, '/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('First name').fill('Erkki');
    await dialog
      .locator('.p-dropdown')
      .filter({ has: page.locator('#user-role') })
      .click();
    await page.locator('.p-dropdown-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Erkki');

    // Escape, the close icon and Cancel ask first; keeping the changes keeps the form.
    for (const close of [
      () => page.keyboard.press('Escape'),
      () => dialog.getByRole('button', { name: 'Close' }).click(),
      () => dialog.getByRole('button', { name: 'Cancel' }).click(),
    ]) {
      await dialog.getByLabel('First name').focus();
      await close();
      const ask = page.getByRole('dialog', { name: 'Discard changes?' });
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await dialog.getByLabel('First name').inputValue()).toBe('Erkki');
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // An untouched dialog closes at once.
    await page.getByRole('button', { name: 'Add user' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The position-group picker: Escape closes its menu only.
    await page.goto(`${server.url}/position-groups`);
    await page.getByRole('button', { name: 'Add position group' }).click();
    const group = page.getByRole('dialog', { name: 'Add position group' });
    await dialogOpened(group);
    await group.locator('#position-group-positions').focus();
    await page.keyboard.press('Enter');
    // As a user does: Escape once the menu has finished opening with the focus in the picker
    // (under load a key pressed mid-transition could reach neither).
    await page.locator('.p-multiselect-panel.p-connected-overlay-enter-done').waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => Boolean(document.activeElement?.closest('.p-multiselect, .p-multiselect-panel'))),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.p-multiselect-panel').waitFor({ state: 'hidden' });
    await expect.poll(() => group.isVisible()).toBe(true);
    await context.close();
  });

  it('adds a position to a group with the keyboard alone', async () => {
    const { context, page } = await signedIn(ADMIN, '/position-groups');
    await page.getByRole('button', { name: 'Add position group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add position group' });
    await dialogOpened(dialog);
    await dialog.getByLabel('Group name').fill('Stairs');
    await dialog.locator('#position-group-positions').focus();
    await page.keyboard.press('ArrowDown');
    const panel = page.locator('.p-multiselect-panel');
    await panel.waitFor();
    // The filter has focus; Down moves to the first option, which shows it.
    await page.keyboard.press('ArrowDown');
    const focused = panel.locator('.p-multiselect-item.p-focus');
    await expect.poll(() => focused.count()).toBe(1);
    const outline = await focused.evaluate((el) => {
      const s = getComputedStyle(el);
      return { outline: s.outlineStyle, shadow: s.boxShadow };
    });
    expect(outline.outline !== 'none' || outline.shadow !== 'none').toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.locator('.p-multiselect-item[aria-selected="true"]').count()).toBe(1);
    // Tab leaves the picker for the next control rather than looping inside it.
    await page.keyboard.press('Tab');
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.locator('.p-multiselect-token').count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.p-multiselect') === null))
      .toBe(true);
    await context.close();
  });

  it('follows a custom role’s permissions in the sidebar, routes and buttons', async () => {
    const { context, page } = await signedIn(READER, '/login');
    await page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // positions.read also reads the positions' visit schedules.
    await expect.poll(() => nav.getByRole('link').allInnerTexts()).toEqual(['Positions', 'Visit schedules']);
    expect(await page.getByRole('button', { name: 'Add position' }).count()).toBe(0);
    expect(await page.getByText('Error loading data').count()).toBe(0);
    // A route it may not open sends it back to one it may, saying why, once.
    await page.goto(`${server.url}/position-task-assignments`);
    await page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();
    const denied = page.getByText('Access denied. You do not have permission to view this page.');
    await denied.waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();
    expect(await denied.count()).toBe(0);
    await context.close();
  });

  it('shows a worker no bulk-assignment tab', async () => {
    const { context, page } = await openSignedIn(browser, server.url, WORKER, '/position-task-assignments');
    await page.getByRole('tab', { name: 'Assignments' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Bulk assignment' }).count()).toBe(0);
    await page.goto(`${server.url}/position-task-assignments?tab=bulk`);
    await page.getByRole('tab', { name: 'Assignments' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Bulk assignment' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('shows skeleton rows while a list loads, and the empty state only once the answer says empty', async () => {
    const { context, page } = await signedIn(ADMIN, '/login');
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/position-groups*', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`${server.url}/position-groups`);
    await page.locator('.table-skeleton').waitFor();
    expect(await page.getByText('No data available').count()).toBe(0);
    release();
    await page.getByText('No data available').waitFor();
    expect(await page.locator('.table-skeleton').count()).toBe(0);
    await context.close();
  });

  it('moves focus to the new page’s heading after navigating', async () => {
    const { context, page } = await signedIn(ADMIN, '/dashboard');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      )
      .toBe('H1 Users');
    await context.close();
  });
});
