/**
 * Position-task assignments in Chromium: an admin runs the bulk wizard both ways (existing tasks
 * and from a template) for 3 positions × 2 tasks, sees the server's preview, runs it, sees the
 * result with the wizard back at step 0; then builds A → B → C in the dependency tree and is
 * refused C → A with the cycle named. Screenshots of every wizard step in English and Finnish.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

const POSITIONS = [
  { position_code: 'AS-101', position_name: 'North stair' },
  { position_code: 'AS-102', position_name: 'South stair' },
  { position_code: 'AS-103', position_name: 'Roof deck' },
];
const TASKS = [
  { task_code: 'WELD', task_name: 'Weld railings', estimated_duration_minutes: 60 },
  { task_code: 'PAINT', task_name: 'Paint railings', estimated_duration_minutes: 45 },
  { task_code: 'INSPECT', task_name: 'Inspect railings', estimated_duration_minutes: 20 },
];
const label = (p: { position_code: string; position_name: string }) =>
  `${p.position_code} – ${p.position_name}`;

async function pickDropdown(page: Page, inputId: string, option: string) {
  await page.locator(`#${inputId}`).locator('xpath=ancestor::div[contains(@class,"p-dropdown")]').click();
  await page.getByRole('option', { name: option }).click();
  await expect.poll(() => page.locator('.p-dropdown-panel').count()).toBe(0);
}

async function pickMany(page: Page, inputId: string, options: string[]) {
  // The PrimeReact root by its class token (the app's wrapper's class, app-multiselect, contains it too).
  await page
    .locator(`#${inputId}`)
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " p-multiselect ")]')
    .click();
  for (const option of options)
    await page.locator('.p-multiselect-panel').getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.p-multiselect-panel').count()).toBe(0);
}

async function shot(page: Page, name: string) {
  for (const close of await page.locator('.p-toast-icon-close').all()) await close.click().catch(() => {});
  await expect.poll(() => page.locator('.p-toast-message').count()).toBe(0);
  await screenshot(page, name);
}

/** The whole card, the table kit's rows-per-page select included (it has a name). */
const CARD = '.assignments-card';

describe('position-task assignments screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const ids = { positions: [] as number[], tasks: [] as number[] };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    for (const p of POSITIONS) {
      const res = await api<{ position: { id: number } }>(server.url, 'POST', '/positions', p, token);
      ids.positions.push(res.body.position.id);
    }
    for (const task of TASKS) {
      const res = await api<{ task: { id: number } }>(server.url, 'POST', '/tasks', task, token);
      ids.tasks.push(res.body.task.id);
    }
    const tpl = await api(
      server.url,
      'POST',
      '/unified-tasks/templates',
      { task_name: 'Fire check', category: 'safety' },
      token,
    );
    expect(tpl.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string) {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}${path}`);
    return { context, page };
  }

  it('runs the wizard with existing tasks and from a template, previewing each run', async () => {
    const { context, page } = await open('/position-task-assignments');
    await page.getByText('No position-task assignments').waitFor();
    await page.getByRole('tab', { name: 'Bulk assignment' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('bulk');
    await page.getByText('How do you want to assign?').waitFor();
    await shot(page, 'assignments-wizard-step0-en');

    // Existing tasks: 3 positions × task ids typed comma-separated.
    await page.getByRole('button', { name: 'Next' }).click();
    await pickMany(page, 'wizard-positions', POSITIONS.map(label));
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Give at least one task id.').waitFor();
    // A typed id is checked at once against the site's tasks, before any Add.
    const typed = page.getByLabel('Or type task ids (comma-separated)');
    await typed.fill(`${ids.tasks[0]}, 99999`);
    await page.getByText('No active task of this site has the id 99999.').waitFor();
    expect(await typed.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Some of the typed ids are not active tasks of this site.').waitFor();
    await typed.fill('');
    // The tasks are picked from the site's list, by name.
    await pickMany(page, 'wizard-task-pick', [
      `WELD – Weld railings (#${ids.tasks[0]})`,
      `PAINT – Paint railings (#${ids.tasks[1]})`,
    ]);
    expect(await typed.inputValue()).toBe(`${ids.tasks[0]}, ${ids.tasks[1]}`);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('2 tasks at 3 positions').waitFor();
    await shot(page, 'assignments-wizard-step1-en');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('assignments-created').textContent()).toBe('6');
    expect(await page.getByTestId('assignments-skipped').textContent()).toBe('0');
    expect(await axeProblems(page, CARD)).toEqual([]);
    await shot(page, 'assignments-wizard-step2-en');

    // Run is the wizard's way forward, in the footer where Next was.
    await page.locator('.bulk-wizard__footer').getByRole('button', { name: 'Run' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('Done: 6 created').waitFor();
    await page.getByText('How do you want to assign?').waitFor();
    expect(await page.getByTestId('assignments-created').textContent()).toBe('6');
    await shot(page, 'assignments-wizard-result-en');

    // From a template: the same 3 positions get the template's task.
    await page.getByLabel('Create from a template').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await pickMany(page, 'wizard-positions', POSITIONS.map(label));
    await pickDropdown(page, 'wizard-template', /Fire check/.source);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText(/Template FIRE_CHECK_\d+ × 3 positions/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('instances-created').textContent()).toBe('3');
    await shot(page, 'assignments-wizard-template-preview-en');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByRole('region', { name: 'Result' }).waitFor();
    expect(await page.getByTestId('instances-created').textContent()).toBe('3');
    await page.getByLabel('Assign existing tasks').waitFor();

    // The assignments tab lists what the wizard made.
    await page.getByRole('tab', { name: 'Assignments' }).click();
    await page
      .getByRole('cell', { name: /AS-103 Roof deck/ })
      .first()
      .waitFor();
    expect(await page.getByRole('row').count()).toBe(7);
    const instances = await api<{ total: number }>(
      server.url,
      'GET',
      '/unified-tasks/instances?limit=50',
      undefined,
      token,
    );
    expect(instances.body.total).toBe(3);
    await context.close();
  });

  it('shows every wizard step in Finnish, the preview skipping what exists', async () => {
    const { context, page } = await open('/position-task-assignments?tab=bulk&lng=fi');
    await page.getByText('Miten tehtävät liitetään?').waitFor();
    await shot(page, 'assignments-wizard-step0-fi');
    await page.getByRole('button', { name: 'Seuraava' }).click();
    await pickMany(page, 'wizard-positions', POSITIONS.map(label));
    await page
      .getByLabel('Tai kirjoita tehtävien tunnukset (pilkuilla erotettuina)')
      .fill(`${ids.tasks[0]}, ${ids.tasks[1]}`);
    await page.getByRole('button', { name: 'Lisää sääntö' }).click();
    await page.getByText('2 tehtävää × 3 kohdetta').waitFor();
    await shot(page, 'assignments-wizard-step1-fi');
    await page.getByRole('button', { name: 'Seuraava' }).click();
    await expect.poll(() => page.getByTestId('assignments-skipped').textContent()).toBe('6');
    expect(await page.getByTestId('assignments-created').textContent()).toBe('0');
    await shot(page, 'assignments-wizard-step2-fi');
    // Nothing would be created: the wizard says so and offers no run.
    await page.getByText('Esikatselun mukaan mitään ei luotaisi, joten ajettavaa ei ole.').waitFor();
    expect(await page.getByRole('button', { name: 'Suorita' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Peruuta' }).click();
    await page.getByText('Miten tehtävät liitetään?').waitFor();
    // Cancel from step 1 clears the rules and returns to step 0.
    await page.getByRole('button', { name: 'Seuraava' }).click();
    await pickMany(page, 'wizard-positions', [label(POSITIONS[0])]);
    await page
      .getByLabel('Tai kirjoita tehtävien tunnukset (pilkuilla erotettuina)')
      .fill(String(ids.tasks[2]));
    await page.getByRole('button', { name: 'Lisää sääntö' }).click();
    await page.getByRole('button', { name: 'Peruuta' }).click();
    await page.getByText('Miten tehtävät liitetään?').waitFor();
    await page.getByRole('button', { name: 'Seuraava' }).click();
    await page.getByText('Sääntöjä ei vielä ole. Lisää vähintään yksi jatkaaksesi.').waitFor();
    await context.close();
  });

  it('edits an assignment with position and task locked, and deletes one after confirming', async () => {
    const { context, page } = await open(`/position-task-assignments?position=${ids.positions[1]}`);
    const rows = page.locator('.p-datatable-tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('button', { name: 'Edit AS-102 WELD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit assignment' });
    expect(await dialog.getByLabel('Position', { exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Task', { exact: true }).inputValue()).toBe('WELD – Weld railings');
    await dialog.getByLabel('Primary task at this position').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rows.filter({ hasText: 'WELD' }).locator('.p-tag', { hasText: 'Primary' }).waitFor();
    await shot(page, 'assignments-list-en');
    expect(await axeProblems(page, CARD)).toEqual([]);

    await page.getByRole('button', { name: 'Delete AS-102 PAINT' }).click();
    await page.getByText('Remove PAINT from AS-102?', { exact: false }).waitFor();
    await page
      .getByRole('dialog', { name: 'Delete assignment' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page.getByText('Deleted successfully').first().waitFor();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    const left = await api<{ total: number }>(
      server.url,
      'GET',
      `/position-task-assignments?position_id=${ids.positions[1]}`,
      undefined,
      token,
    );
    expect(left.body.total).toBe(1);
    await context.close();
  });

  it('builds A → B → C and refuses C → A, naming the cycle', async () => {
    const [p1] = ids.positions;
    const c = await api(
      server.url,
      'POST',
      '/position-task-assignments',
      { position_id: p1, task_id: ids.tasks[2] },
      token,
    );
    expect(c.status).toBe(201);
    const { context, page } = await open(`/position-task-assignments?tab=dependencies`);
    await pickDropdown(page, 'dependencies-position', label(POSITIONS[0]));
    await page.getByText('No dependencies at this position.').waitFor();
    const add = async (from: string, to: string) => {
      await page.getByRole('button', { name: 'Add dependency' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add dependency' });
      await pickDropdown(page, 'dependency-task', from);
      // The depends-on list leaves out the task chosen above.
      await page
        .locator('#dependency-depends-on')
        .locator('xpath=ancestor::div[contains(@class,"p-dropdown")]')
        .click();
      expect(await page.locator('.p-dropdown-panel').getByRole('option', { name: from }).count()).toBe(0);
      await page.locator('.p-dropdown-panel').getByRole('option', { name: to }).click();
      await dialog.getByRole('button', { name: 'Add' }).click();
      return dialog;
    };
    const [weld, paint, inspect] = [
      'WELD – Weld railings',
      'PAINT – Paint railings',
      'INSPECT – Inspect railings',
    ];
    await (await add(weld, paint)).waitFor({ state: 'hidden' });
    await (await add(paint, inspect)).waitFor({ state: 'hidden' });
    const tree = page.locator('.dependency-tree');
    await tree.getByRole('treeitem', { name: /^waits for INSPECT/ }).waitFor();
    // Nothing is completed yet: WELD and PAINT wait, so both are blocked.
    await expect.poll(() => tree.getByText('Blocked').count()).toBe(2);
    await shot(page, 'assignments-dependencies-en');

    const dialog = await add(inspect, weld);
    await dialog
      .getByText('This dependency would create a cycle: INSPECT → WELD → PAINT → INSPECT')
      .waitFor();
    await shot(page, 'assignments-dependency-cycle-en');
    expect(await axeProblems(page, CARD)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const list = await api<{ dependencies: unknown[] }>(
      server.url,
      'GET',
      `/task-dependencies?position_id=${p1}`,
      undefined,
      token,
    );
    expect(list.body.dependencies).toHaveLength(2);
    await context.close();
  });
});
