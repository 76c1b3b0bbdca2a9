/**
 * Work entries end to end: a worker checks in by NFC tag through the API, uploads a
 * photo and completes; the admin finds the entry by filter in the console, opens it, sees the
 * photo open in a new tab without a bearer token, and exports the filtered CSV. Screenshots of
 * the dashboard and the work entries screen in English and Finnish.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePhoto } from '../../scripts/seed-photos.ts';
import { axeProblems, cleanScreenshot as shot } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  launchBrowser,
  newPage,
  type RunningServer,
  signIn,
  startServer,
} from './support.ts';

const WORKER = {
  first_name: 'Ville',
  last_name: 'Virtanen',
  email: 'ville@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const OTHER = {
  first_name: 'Saara',
  last_name: 'Salo',
  email: 'saara@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const TAG = 'NFC0042A';

/** Findings of the shared theme and table kit: none (tests/e2e/a11y-sweep.test.ts checks every screen). */
const NOT_OURS: RegExp[] = [];

async function ourProblems(page: Page, include: string) {
  return (await axeProblems(page, include)).filter((p) => !NOT_OURS.some((re) => re.test(p)));
}

async function uploadPhoto(base: string, token: string, entryId: number, png: Buffer) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'site.png');
  const res = await fetch(`${base}/api/v1/work-entries/${entryId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

describe('work entries', () => {
  let server: RunningServer;
  let browser: Browser;
  let entryId: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, admin, WORKER);
    await createUser(server.url, admin, OTHER);
    const position = await api<{ position: { id: number } }>(
      server.url,
      'POST',
      '/positions',
      {
        position_code: 'B-12',
        position_name: 'North stairwell',
        nfc_tag_id: TAG,
        coordinates: { latitude: 60.1699, longitude: 24.9384 },
      },
      admin,
    );
    const other = await api<{ position: { id: number } }>(
      server.url,
      'POST',
      '/positions',
      { position_code: 'C-03', position_name: 'Loading bay', nfc_tag_id: 'NFC0077B' },
      admin,
    );
    const task = await api<{ task: { id: number } }>(
      server.url,
      'POST',
      '/tasks',
      {
        task_code: 'RAIL',
        task_name: 'Install handrails',
        category: 'installation',
        estimated_duration_minutes: 90,
      },
      admin,
    );
    const check = await api<{ task: { id: number } }>(
      server.url,
      'POST',
      '/tasks',
      {
        task_code: 'INSP',
        task_name: 'Safety inspection',
        category: 'safety',
        estimated_duration_minutes: 30,
      },
      admin,
    );
    for (const [p, t] of [
      [position.body.position.id, task.body.task.id],
      [other.body.position.id, check.body.task.id],
      [position.body.position.id, check.body.task.id],
    ]) {
      const assigned = await api(
        server.url,
        'POST',
        '/position-task-assignments',
        { position_id: p, task_id: t },
        admin,
      );
      expect(assigned.status).toBe(201);
    }

    // The worker's phone: check in by the tag, a photo, then completed with a note.
    const worker = await apiToken(server.url, WORKER.email, WORKER.password);
    const started = await api<{ work_entry: { id: number; distance_meters: number } }>(
      server.url,
      'POST',
      '/work-entries',
      { nfc_tag_id: TAG, task_id: task.body.task.id, latitude: 60.17, longitude: 24.9385 },
      worker,
    );
    expect(started.status).toBe(201);
    entryId = started.body.work_entry.id;
    expect(started.body.work_entry.distance_meters).toBeLessThan(20);
    await uploadPhoto(server.url, worker, entryId, sitePhoto(7, 320, 240));
    const done = await api(
      server.url,
      'PUT',
      `/work-entries/${entryId}`,
      { status: 'completed', notes: 'Handrails on floors 1–3' },
      worker,
    );
    expect(done.status).toBe(200);

    // Some other work, so the lists and the chart are not alone.
    const saara = await apiToken(server.url, OTHER.email, OTHER.password);
    for (const [who, status] of [
      [saara, 'failed'],
      [saara, 'in_progress'],
      [worker, 'paused'],
    ] as const) {
      const e = await api<{ work_entry: { id: number } }>(
        server.url,
        'POST',
        '/work-entries',
        { nfc_tag_id: 'NFC0077B', task_id: check.body.task.id },
        who,
      );
      if (status !== 'in_progress')
        await api(server.url, 'PUT', `/work-entries/${e.body.work_entry.id}`, { status }, who);
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the admin finds the entry by filter, opens it, the photo opens in a new tab, and exports the filtered CSV', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/work-entries`);
    await signIn(page, ADMIN.email, ADMIN.password);
    const table = page.locator('.work-entries-table');
    await table.getByText('Install handrails').waitFor({ state: 'visible' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);

    // Filter: completed only, by the status picker; the filter lands in the URL.
    await page.locator('.filter-field', { hasText: 'Status' }).locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await page.waitForURL(/status=completed/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Search').fill('handrails');
    await page.waitForURL(/q=handrails/);
    const row = table.getByRole('row', { name: /Ville Virtanen/ });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('Completed');
    await page.reload();
    await row.waitFor({ state: 'visible' });
    expect(await page.getByLabel('Search').inputValue()).toBe('handrails');

    // The detail dialog, and the photo in a new tab (no bearer token there: the link is signed).
    await page.getByRole('button', { name: 'View the work entry of Ville Virtanen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Handrails on floors 1–3').waitFor({ state: 'visible' });
    for (const text of ['North stairwell', 'Install handrails', 'Completed']) {
      expect(await dialog.textContent()).toContain(text);
    }
    const photo = dialog.getByRole('link', { name: 'Open photo 1 in a new tab' });
    await photo.locator('img').waitFor({ state: 'visible' });
    await expect
      .poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);
    await shot(page, 'work-entries-detail-en');
    const [tab] = await Promise.all([context.waitForEvent('page'), photo.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/api\/v1\/work-entries\/photos\/\d+\?exp=\d+&sig=/);
    expect(await tab.evaluate(() => document.contentType)).toBe('image/png');
    await tab.close();
    await dialog.locator('.dialog-footer').getByRole('button', { name: 'Close' }).click();

    // Export the filtered list: one row, with the worker, position, task and note.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^work-entries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].startsWith('id,first_name,last_name,position_name,task_name,status')).toBe(true);
    expect(lines[1]).toContain('Ville,Virtanen,North stairwell,Install handrails,completed');
    await page.getByText('Exported 1 rows').waitFor({ state: 'visible' });

    expect(await ourProblems(page, '.page')).toEqual([]);
    await context.close();
  });

  it('a worker sees only their own entries and no export', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/work-entries`);
    await signIn(page, OTHER.email, OTHER.password);
    const table = page.locator('.work-entries-table');
    await table.getByText('Safety inspection').first().waitFor({ state: 'visible' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await table.getByText('Ville Virtanen').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await context.close();
  });

  it('the dashboard and the work entries screen in English and Finnish', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/`);
    await signIn(page, ADMIN.email, ADMIN.password);
    const cards = page.locator('.stat-grid');
    await cards.getByText('Work entries').waitFor({ state: 'visible' });
    await page.locator('.recent-list__item').first().waitFor({ state: 'visible' });
    await page.locator('.activity-chart canvas').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('.recent-list__item').count()).toBe(4);
    expect(await ourProblems(page, '.page')).toEqual([]);
    await shot(page, 'dashboard-en');
    await cards.getByRole('link', { name: /Work entries/ }).click();
    await page.waitForURL(/\/work-entries$/);
    await page.locator('.work-entries-table tbody tr').nth(3).waitFor({ state: 'visible' });
    await shot(page, 'work-entries-en');

    await page.goto(`${server.url}/?lng=fi`);
    await page.getByText('Viimeisimmät tapahtumat').waitFor({ state: 'visible' });
    await page.locator('.activity-chart canvas').waitFor({ state: 'visible' });
    await shot(page, 'dashboard-fi');
    await page.goto(`${server.url}/work-entries?lng=fi`);
    await page
      .getByText('Asenna kaiteet')
      .or(page.getByText('Install handrails'))
      .first()
      .waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Vie CSV-tiedostoon' }).count()).toBe(1);
    await shot(page, 'work-entries-fi');
    await context.close();
  });
});
