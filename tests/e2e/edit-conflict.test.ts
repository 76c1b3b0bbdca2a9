/**
 * Two people edit the same position. The first saves; the second's open dialog says at
 * once that someone else changed the record, and their save is refused: the field the first
 * changed shows its new value, and the dialog offers their version or a save that keeps one's own
 * values. Both ways end saved, without anything overwritten unseen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  launchBrowser,
  MANAGER,
  networkQuiet,
  openSignedIn,
  type RunningServer,
  screenshot,
  startServer,
} from './support.ts';

interface Position {
  id: number;
  position_name: string;
  description: string | null;
  updated_at: string;
}

describe('editing a record someone else changes', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: string;
  let position: Position;

  const open = async (who: { email: string; password: string }): Promise<Page> => {
    const { context, page } = await openSignedIn(browser, server.url, who, '/positions');
    contexts.push(context);
    await page.getByRole('heading', { name: 'Positions' }).waitFor();
    return page;
  };
  const editDialog = async (page: Page) => {
    await page.getByRole('button', { name: 'Edit EC-1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit position' });
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    return dialog;
  };
  const current = async () =>
    (
      await api<{ positions: Position[] }>(server.url, 'GET', '/positions', undefined, admin)
    ).body.positions.find((p) => p.id === position.id);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, admin, MANAGER);
    const made = await api<{ position: Position }>(
      server.url,
      'POST',
      '/positions',
      { position_code: 'EC-1', position_name: 'Stair core', description: 'North side' },
      admin,
    );
    expect(made.status).toBe(201);
    position = made.body.position;
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the change live, refuses the stale save, and loads their version or keeps one’s own', async () => {
    const first = await open(ADMIN);
    const second = await open(MANAGER);
    await Promise.all([networkQuiet(first), networkQuiet(second)]);
    const mine = await editDialog(second);
    await mine.getByRole('textbox', { name: 'Description' }).fill('South side');

    const theirs = await editDialog(first);
    await theirs.getByRole('textbox', { name: 'Name' }).fill('Stair core A');
    await theirs.getByRole('button', { name: 'Save' }).click();
    await theirs.waitFor({ state: 'hidden' });

    // The open dialog hears of it before saving.
    await mine
      .getByText('Someone else changed this record while you were editing it.')
      .waitFor({ timeout: 10_000 });
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.getByText('Changed by someone else to: Stair core A').waitFor();
    await mine
      .getByRole('alert')
      .getByText(/Someone else saved this record after you opened it/)
      .waitFor();
    await screenshot(second, 'edit-conflict');
    expect(await axeProblems(second, '.p-dialog')).toEqual([]);
    // On a phone the alert's two ways on fit the screen.
    await second.setViewportSize({ width: 390, height: 844 });
    await mine.getByRole('button', { name: 'Keep my values and save' }).scrollIntoViewIfNeeded();
    await screenshot(second, 'edit-conflict-phone');
    expect((await current())?.description).toBe('North side');

    // Their version: their name, and the description typed here stays to be saved.
    await mine.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => mine.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Stair core A');
    await mine.getByRole('textbox', { name: 'Description' }).fill('South side');
    await mine.getByRole('button', { name: 'Save' }).click();
    await mine.waitFor({ state: 'hidden' });
    expect(await current()).toMatchObject({ position_name: 'Stair core A', description: 'South side' });

    // Again, and this time keep one's own values over theirs.
    const again = await editDialog(second);
    await again.getByRole('textbox', { name: 'Name' }).fill('Stair core B');
    const loaded = await current();
    const other = await api(
      server.url,
      'PUT',
      `/positions/${position.id}`,
      { position_name: 'Stair core C' },
      admin,
    );
    expect(other.status).toBe(200);
    expect(loaded?.position_name).toBe('Stair core A');
    await again
      .getByText('Someone else changed this record while you were editing it.')
      .waitFor({ timeout: 10_000 });
    await again.getByRole('button', { name: 'Save' }).click();
    await again.getByText('Changed by someone else to: Stair core C').waitFor();
    await again.getByRole('button', { name: 'Keep my values and save' }).click();
    await again.waitFor({ state: 'hidden' });
    expect(await current()).toMatchObject({ position_name: 'Stair core B', description: 'South side' });
  }, 180_000);
});
