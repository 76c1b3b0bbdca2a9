/**
 * Live updates in the browser: a manager keeps the dashboard open in one browser context and the
 * work-entries list in another; a worker checks in through the API. Without a reload the
 * dashboard's recent activity and count show the new entry, and the list, which stays still,
 * offers "1 new entry", which loads it when clicked.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  startServer,
} from './support.ts';

const WORKER = {
  first_name: 'Liisa',
  last_name: 'Live',
  email: 'liisa@example.com',
  password: 'Worker1!',
  role: 'worker',
};

describe('live updates', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let workerToken: string;
  let positionId: number;
  let taskId: number;

  const checkIn = async () => {
    const res = await api<{ work_entry: { id: number } }>(
      server.url,
      'POST',
      '/work-entries',
      { position_id: positionId, task_id: taskId },
      workerToken,
    );
    expect(res.status).toBe(201);
    return res.body.work_entry.id;
  };

  const open = async (path: string): Promise<Page> => {
    const { context, page } = await openSignedIn(browser, server.url, MANAGER, path);
    contexts.push(context);
    await page.locator('main h1').first().waitFor();
    return page;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, admin, MANAGER);
    await createUser(server.url, admin, WORKER);
    const position = await api<{ position: { id: number } }>(
      server.url,
      'POST',
      '/positions',
      { position_code: 'L-1', position_name: 'Lift shaft', nfc_tag_id: 'NFCLIVE1' },
      admin,
    );
    const task = await api<{ task: { id: number } }>(
      server.url,
      'POST',
      '/tasks',
      {
        task_code: 'WELD',
        task_name: 'Weld brackets',
        category: 'installation',
        estimated_duration_minutes: 60,
      },
      admin,
    );
    expect(position.status, JSON.stringify(position.body)).toBe(201);
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    positionId = position.body.position.id;
    taskId = task.body.task.id;
    const assigned = await api(
      server.url,
      'POST',
      '/position-task-assignments',
      { position_id: positionId, task_id: taskId },
      admin,
    );
    expect(assigned.status).toBe(201);
    workerToken = await apiToken(server.url, WORKER.email, WORKER.password);
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it('updates the dashboard and offers new entries on the list without a reload', async () => {
    const dashboard = await open('/');
    const list = await open('/work-entries');
    const recent = dashboard.locator('.recent-list');
    await dashboard.getByText('No recent work entries').or(recent).first().waitFor();
    await expect.poll(() => recent.getByText('Weld brackets').count()).toBe(0);
    await list.getByText('No work entries').first().waitFor();
    // Both pages hold their stream open; the rest of their loading is done.
    await Promise.all([networkQuiet(dashboard), networkQuiet(list)]);

    await checkIn();

    await recent
      .getByText(/Weld brackets/)
      .first()
      .waitFor({ timeout: 10_000 });
    const fresh = list.getByRole('button', { name: '1 new entry' });
    await fresh.waitFor({ timeout: 10_000 });
    // The list itself has not moved.
    expect(await list.locator('main table tbody').getByText('Weld brackets').count()).toBe(0);

    await checkIn();
    const two = list.getByRole('button', { name: '2 new entries' });
    await two.waitFor({ timeout: 10_000 });
    await two.click();
    await expect
      .poll(() => list.locator('main table tbody').getByText('Weld brackets').count(), { timeout: 10_000 })
      .toBe(2);
    await expect.poll(() => list.getByRole('button', { name: /new entr/ }).count()).toBe(0);
    await expect
      .poll(() =>
        dashboard
          .locator('.recent-list')
          .getByText(/Weld brackets/)
          .count(),
      )
      .toBe(2);
  }, 120_000);
});
