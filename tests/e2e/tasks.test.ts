/**
 * Task management as a manager uses it: a template, tasks from it at three positions
 * (an inactive one is not offered), one completed with notes and found again only with
 * include-completed, and search with and without accents; in English and Swedish.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

const MANAGER = {
  first_name: 'Mikko',
  last_name: 'Manager',
  email: 'mikko@example.com',
  password: 'Manager1!',
  role: 'manager',
};
const ACTIVE = [
  { position_code: 'T7-101', position_name: 'North stair' },
  { position_code: 'T7-102', position_name: 'North lift' },
  { position_code: 'T7-103', position_name: 'Roof hatch' },
];
const INACTIVE = { position_code: 'T7-199', position_name: 'Old shaft' };
const label = (p: { position_code: string; position_name: string }) =>
  `${p.position_code} – ${p.position_name}`;
const TEMPLATE = 'Tarkastus Äänieristys';

/** A screenshot without toasts or tooltips in the way. */
async function shot(page: Page, name: string) {
  for (const close of await page.locator('.p-toast-icon-close').all()) await close.click().catch(() => {});
  await expect.poll(() => page.locator('.p-toast-message').count()).toBe(0);
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator('.p-tooltip').count()).toBe(0);
  await screenshot(page, name);
}

async function pickDropdown(page: Page, inputId: string, option: string, filter?: string) {
  const dropdown = page.locator(`#${inputId}`).locator('xpath=ancestor::div[contains(@class,"p-dropdown")]');
  const panel = page.locator('.p-dropdown-panel');
  // Right after a page load the options may still be loading and the click not open the panel.
  await expect
    .poll(async () => {
      if ((await panel.count()) === 0) await dropdown.click();
      return panel.isVisible();
    })
    .toBe(true);
  if (filter) await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(filter);
  await page.getByRole('option', { name: option }).click();
  await expect.poll(() => panel.count()).toBe(0);
}

/** The task names in the visible table body (the empty message has no such cell). */
async function taskNames(page: Page): Promise<string[]> {
  return page.locator('.task-tabs .p-datatable-tbody .task-name > span').allTextContents();
}

/**
 * PrimeReact's InputSwitch is left out of this screen's axe checks and reported to its owner: its
 * root and input are both interactive (nested-interactive, on every screen with one).
 */
const NOT_OURS = ['.p-inputswitch'];

describe('task management screen', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, token, MANAGER);
    // The positions' own API: this screen only reads them.
    for (const position of [...ACTIVE, INACTIVE]) {
      const res = await api<{ position: { id: number } }>(server.url, 'POST', '/positions', position, token);
      if (res.status !== 201) throw new Error(`position: ${res.status} ${JSON.stringify(res.body)}`);
      if (position === INACTIVE) {
        const off = await api(
          server.url,
          'PUT',
          `/positions/${res.body.position.id}`,
          { is_active: false },
          token,
        );
        if (off.status !== 200) throw new Error(`deactivate: ${off.status}`);
      }
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('template, tasks at three positions, completion with notes, accent-insensitive search', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/tasks`);
    await signIn(page, MANAGER.email, MANAGER.password);
    await page.getByRole('heading', { name: 'Task management' }).waitFor();

    // The template library: a new template.
    await page.getByRole('button', { name: 'Template library' }).click();
    await page.getByRole('button', { name: 'Add template' }).click();
    const add = page.getByRole('dialog', { name: 'Add template' });
    await add.getByLabel('Task name').fill(TEMPLATE);
    await pickDropdown(page, 'template-category', 'Quality');
    await add.getByLabel('Duration (minutes)').fill('45');
    await shot(page, 'tasks-template-add-en');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${TEMPLATE} saved`).first().waitFor();
    const templateRow = page.getByRole('row', { name: new RegExp(TEMPLATE) });
    await templateRow.getByText(/^TARKASTUS_AANIE_\d{6}$/).waitFor();

    // Tasks from it at the three active positions; the inactive one is not offered.
    await page.getByRole('button', { name: `Create tasks ${TEMPLATE}` }).click();
    const bulk = page.getByRole('dialog', { name: `Create tasks from ${TEMPLATE}` });
    await bulk.locator('.task-positions-picker').click();
    await page.getByRole('option', { name: label(ACTIVE[0]) }).waitFor();
    expect(await page.getByRole('option', { name: label(INACTIVE) }).count()).toBe(0);
    await bulk.locator('.task-positions-picker').click();
    await page.locator('.p-multiselect-panel').waitFor({ state: 'hidden' });
    await bulk.getByLabel('Select all active positions').check();
    await bulk.getByText('3 positions selected').first().waitFor();
    await bulk.getByRole('button', { name: 'Create tasks' }).click();
    await bulk.getByText('Created 3, skipped 0.').waitFor();
    await shot(page, 'tasks-from-template-en');
    // Done: Create waits for a new choice. Again: every position already has it open, so all are skipped.
    expect(await bulk.getByRole('button', { name: 'Create tasks' }).isDisabled()).toBe(true);
    await bulk.getByLabel('Select all active positions').check();
    await bulk.getByRole('button', { name: 'Create tasks' }).click();
    await bulk.getByText(/Created 0, skipped 3\. Skipped positions already have an open task/).waitFor();
    await bulk.getByRole('button', { name: 'Cancel' }).click();
    await shot(page, 'tasks-library-en');

    // Task instances at the first position: complete one with notes.
    await page.getByRole('button', { name: 'Task instances' }).click();
    await page.getByText('Choose a position to see its tasks.').waitFor();
    await pickDropdown(page, 'tasks-position', label(ACTIVE[0]), 'T7-101');
    await expect.poll(() => taskNames(page)).toEqual([TEMPLATE]);
    await page.getByText('0 of 1 done').waitFor();
    await page.getByRole('button', { name: `Complete ${TEMPLATE}` }).click();
    const complete = page.getByRole('dialog', { name: 'Complete task' });
    await complete.getByLabel('Notes (optional)').fill('Sealant checked on all floors');
    await complete.getByRole('button', { name: 'Mark as done' }).click();
    await page.getByText('Task marked as done').first().waitFor();
    await page.getByText('1 of 1 done').waitFor();
    // Done tasks leave the open list, and come back with include-completed.
    await page.getByText('No data available').waitFor();
    await page.getByText('Include completed').click();
    await page.getByText('Sealant checked on all floors').waitFor();
    await expect.poll(() => taskNames(page)).toEqual([TEMPLATE]);
    await shot(page, 'tasks-position-en');

    // Every instance: search with and without the accents, on the server.
    await page.getByRole('tab', { name: 'All instances' }).click();
    await expect.poll(() => taskNames(page)).toHaveLength(3);
    for (const term of ['aanieristys', 'ÄÄNIERISTYS', 'tarkastus äänieristys']) {
      await page.getByLabel('Search').fill(term);
      await expect.poll(() => page.url()).toContain('q=');
      await expect.poll(() => taskNames(page)).toHaveLength(3);
    }
    await page.getByText('Include completed').click();
    await expect.poll(() => taskNames(page)).toHaveLength(2);
    await page.getByLabel('Search').fill('no such task');
    await page.getByText('No data available').waitFor();
    await page.getByLabel('Search').fill('aanieristys');
    await expect.poll(() => taskNames(page)).toHaveLength(2);
    // A reload (or a shared link) shows the same view.
    await page.reload();
    await page.getByRole('tab', { name: 'All instances', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel('Search').inputValue()).toBe('aanieristys');
    await expect.poll(() => taskNames(page)).toHaveLength(2);
    await shot(page, 'tasks-all-en');
    expect(await axeProblems(page, ['.task-view-toggle', '.page .card'], NOT_OURS)).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the same in Swedish', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/position-tasks?lng=sv`);
    await page.getByLabel('E-post').fill(MANAGER.email);
    await page.getByLabel('Lösenord', { exact: true }).fill(MANAGER.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByRole('heading', { name: 'Uppgiftshantering' }).waitFor();
    await pickDropdown(page, 'tasks-position', label(ACTIVE[0]), 'T7-101');
    await page.getByText('Visa även klara').click();
    await page.getByText('1 av 1 klara').waitFor();
    await page.getByText('Sealant checked on all floors').waitFor();
    await shot(page, 'tasks-position-sv');
    await page.getByRole('tab', { name: 'Tillgängliga mallar' }).click();
    // The template's task is done here, so it may be added again.
    await page.getByRole('button', { name: `Lägg till här ${TEMPLATE}` }).waitFor();
    await shot(page, 'tasks-available-sv');
    await page.getByRole('button', { name: 'Mallbibliotek' }).click();
    await page.getByRole('row', { name: new RegExp(TEMPLATE) }).waitFor();
    await shot(page, 'tasks-library-sv');
    await page.getByRole('button', { name: `Skapa uppgifter ${TEMPLATE}` }).click();
    await page.getByRole('dialog', { name: `Skapa uppgifter av ${TEMPLATE}` }).waitFor();
    await shot(page, 'tasks-from-template-sv');
    await context.close();
  });
});
