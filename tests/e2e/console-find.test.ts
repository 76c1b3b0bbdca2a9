/**
 * Finding things in Chromium on the demo seed: the users search in the URL, a user group edited and
 * several members added at once, a new user shown on its page, and one task picture (the
 * dashboard's Tasks card lands on the tasks it counts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseDropdownOption,
  launchBrowser,
  openSignedIn,
  type RunningServer,
  screenshot,
  startServer,
} from './support.ts';

const SEED_ADMIN = { email: 'seed.admin@example.com', password: 'Seed-Pass-1' };

describe('finding things, and one task picture', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({}, { seed: ['--work-entries', '50', '--photos', '0'] });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the users search and role filter in the URL, through a reload', async () => {
    const { context, page } = await openSignedIn(browser, server.url, SEED_ADMIN, '/users');
    await page.getByLabel('Search', { exact: true }).fill('worker1');
    await page.waitForURL(/q=worker1/);
    // worker1, worker10 … worker19: eleven, all on the server's answer.
    await page.getByText('worker10@example.com').waitFor();
    await chooseDropdownOption(page, 'users-role', 'Worker');
    await page.waitForURL(/role=worker/);
    await page.reload();
    await page.getByText('worker19@example.com').waitFor();
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('worker1');
    expect(await page.getByText('manager@example.com').count()).toBe(0);
    await screenshot(page, 'users-search-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /Filters/ }).waitFor();
    await screenshot(page, 'users-search-390');
    await context.close();
  });

  it('shows a new user on their page, marked', async () => {
    const { context, page } = await openSignedIn(browser, server.url, SEED_ADMIN, '/users');
    await page.getByText('owner@example.com').waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Zyta');
    await dialog.getByLabel('Last name').fill('Zimmer');
    await dialog.getByLabel('Email').fill('zyta@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('Zyta-Pass-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Sorted by first name, Zyta is on the last page of 45: the table turns there and marks her.
    const row = page.locator('tr.row--created', { hasText: 'zyta@example.com' });
    await row.waitFor();
    expect(await row.isVisible()).toBe(true);
    await context.close();
  });

  it('edits a user group and adds several members at once', async () => {
    const { context, page } = await openSignedIn(browser, server.url, SEED_ADMIN, '/user-groups');
    await page.getByRole('button', { name: /^Concrete crew/ }).click();
    await page.getByRole('button', { name: 'Edit group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Concrete crew north');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Concrete crew north' }).waitFor();

    const picker = page.locator('.p-multiselect').filter({ has: page.locator('#user-group-member-pick') });
    await picker.click();
    const options = page.locator('.p-multiselect-panel .p-multiselect-item');
    await options.nth(0).click();
    await options.nth(1).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add member (2)' }).click();
    await page.getByText('2 members were added to the group').waitFor();
    await screenshot(page, 'user-group-edited-1366');
    await context.close();
  });

  it('leads from the dashboard’s Tasks card to the tasks it counts, and shows each position’s', async () => {
    const { context, page } = await openSignedIn(browser, server.url, SEED_ADMIN, '/');
    const card = page.getByRole('link', { name: /Tasks/ }).first();
    await card.getByText('15').waitFor();
    await card.click();
    await page.waitForURL(/\/position-tasks\?view=templates/);
    await page.getByText('Formwork').first().waitFor();
    await page.getByText('The task catalogue as templates', { exact: false }).waitFor();
    await screenshot(page, 'tasks-templates-1366');
    // A position of building A: its instances, some done, the same tasks as its assignments.
    await page.goto(`${server.url}/position-tasks`);
    await chooseDropdownOption(page, 'tasks-position', 'A-101 – Stairwell, building A, floor 1');
    await page
      .getByText(/of \d+ done/)
      .first()
      .waitFor();
    expect(await page.getByText(/0 of 0 done/).count()).toBe(0);
    await screenshot(page, 'tasks-instances-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tasks-instances-390');
    await context.close();
  });
});
