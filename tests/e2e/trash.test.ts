/**
 * Trash and undo as an admin uses them: a position deleted from its list comes back with the
 * toast's Undo; deleted again, it is restored from the Trash screen, where its code, taken
 * meanwhile, is asked for anew in a small dialog (axe-clean open); and the Trash on a phone
 * (390x844) with Delete forever's confirmation open.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, cleanScreenshot } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  launchBrowser,
  newPage,
  openSignedIn,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

const BAY = { position_code: 'TRASH-101', position_name: 'North bay' };

const sideways = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

describe('trash and undo', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let bayId: number;

  const deleteFromList = async (page: Page) => {
    await page.getByRole('button', { name: `Delete ${BAY.position_code}` }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: 'Delete position' }))
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
  };
  const row = (page: Page) => page.getByRole('row', { name: new RegExp(BAY.position_code) });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    const res = await api<{ position: { id: number } }>(server.url, 'POST', '/positions', BAY, token);
    if (res.status !== 201) throw new Error(`position: ${res.status}`);
    bayId = res.body.position.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Undo in the toast brings a deleted position back; the Trash restores it under a new code', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, '/positions');
    await row(page).waitFor();
    await deleteFromList(page);
    await expect.poll(() => row(page).count()).toBe(0);
    expect(await axeProblems(page, '.p-toast')).toEqual([]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Restored', { exact: true }).waitFor();
    await row(page).waitFor();

    // Deleted again, and left in the trash.
    await deleteFromList(page);
    await expect.poll(() => row(page).count()).toBe(0);
    // Meanwhile another position takes its code.
    const other = await api(server.url, 'POST', '/positions', { ...BAY, position_name: 'Newcomer' }, token);
    expect(other.status).toBe(201);

    // The sidebar's own link (a toast or a page may name the Trash in a link too).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Trash', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    const item = page.getByRole('row', { name: new RegExp(`${BAY.position_code} · ${BAY.position_name}`) });
    await item.getByText('Admin User').waitFor();
    await item.getByText('Position', { exact: true }).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);

    await item.getByRole('button', { name: `Restore ${BAY.position_code} · ${BAY.position_name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore under a new value' });
    await dialog.getByText(/is now used by another record/).waitFor();
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await cleanScreenshot(page, 'trash-conflict-en');
    await dialog.getByLabel('New Position code').fill('TRASH-102');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${BAY.position_code} · ${BAY.position_name} restored`).waitFor();
    await page.getByText('The trash is empty').waitFor();

    // The same position (its id) is back, under its new code.
    const back = await api<{ positions: { id: number; position_code: string }[] }>(
      server.url,
      'GET',
      '/positions?search=TRASH-102',
      undefined,
      token,
    );
    expect(back.body.positions.map((p) => [p.id, p.position_code])).toEqual([[bayId, 'TRASH-102']]);
    await context.close();
  });

  it('fits a phone, filtered in the URL, axe-clean with Delete forever’s confirmation open', async () => {
    const made = await api<{ position: { id: number } }>(
      server.url,
      'POST',
      '/positions',
      { position_code: 'TRASH-201', position_name: 'South bay with a rather long name for a phone' },
      token,
    );
    const gone = await fetch(`${server.url}/api/v1/positions/${made.body.position.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(200);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/trash?entity_type=position`);
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    await page.getByText(/TRASH-201/).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await axeProblems(page, 'main')).toEqual([]);
    await cleanScreenshot(page, 'trash-phone-en');

    await page.getByRole('button', { name: /^Delete forever: TRASH-201/ }).click();
    const confirm = page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: 'Delete forever?' }))
      .first();
    await confirm.waitFor();
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await page.getByText('Deleted forever', { exact: true }).waitFor();
    await page.getByText('Nothing of this kind in the trash').waitFor();
    await context.close();
  });
});
