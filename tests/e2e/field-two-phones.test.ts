/**
 * One worker on two phones at once, both offline: each queues its own work on the same task (and
 * the first phone has the app open in a second tab, whose outbox sends the same queue beside the
 * first's). Back online, the server holds exactly what each phone did, once: two entries, one
 * paused and one completed, and neither phone has anything refused.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  launchBrowser,
  type RunningServer,
  startServer,
} from './support.ts';

const WORKER = {
  first_name: 'Tuula',
  last_name: 'Two',
  email: 'tuula@example.com',
  password: 'Worker1!',
  role: 'worker',
};
const TAG = 'TWO00001';

describe('one worker, two phones, offline at once', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: string;
  let taskId = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, admin, WORKER);
    const position = await api<{ position: { id: number } }>(
      server.url,
      'POST',
      '/positions',
      { position_code: 'TW-1', position_name: 'Roof hatch', nfc_tag_id: TAG },
      admin,
    );
    const task = await api<{ task: { id: number } }>(
      server.url,
      'POST',
      '/tasks',
      {
        task_code: 'SEAL',
        task_name: 'Seal the hatch',
        category: 'installation',
        estimated_duration_minutes: 30,
      },
      admin,
    );
    taskId = task.body.task.id;
    await api(
      server.url,
      'POST',
      '/position-task-assignments',
      { position_id: position.body.position.id, task_id: taskId },
      admin,
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function phone(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent(`/t/${TAG}`)}`);
    await page.locator('#login-email').fill(WORKER.email);
    await page.locator('#login-password').fill(WORKER.password);
    await page.locator('button[type="submit"]').click();
    await page.getByRole('heading', { name: 'Roof hatch' }).waitFor();
    return { context, page };
  }

  const seal = (page: Page) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Seal the hatch' }) });

  it('sends what each phone queued, once, when both are back online', async () => {
    const [a, b] = await Promise.all([phone(), phone()]);
    // A second tab of the first phone: the same queue in IndexedDB, a second outbox sending it.
    const tab = await a.context.newPage();
    await tab.goto(`${server.url}/field`);
    await tab.getByRole('heading', { name: 'My work' }).waitFor();
    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);

    await Promise.all([
      (async () => {
        await seal(a.page).getByRole('button', { name: 'Start' }).click();
        await seal(a.page).getByRole('button', { name: 'Pause' }).click();
        await a.page.getByText('2 waiting to send').waitFor();
      })(),
      (async () => {
        await seal(b.page).getByRole('button', { name: 'Start' }).click();
        await seal(b.page).getByRole('button', { name: 'Complete' }).click();
        await b.page.getByText('2 waiting to send').waitFor();
      })(),
    ]);
    await tab.getByText('2 waiting to send').waitFor();

    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    for (const page of [a.page, b.page, tab])
      await page.getByText('Everything is sent').waitFor({ timeout: 30_000 });

    const { body } = await api<{ work_entries: { task_id: number; status: string }[] }>(
      server.url,
      'GET',
      '/work-entries?limit=100',
      undefined,
      admin,
    );
    expect(
      body.work_entries
        .filter((e) => e.task_id === taskId)
        .map((e) => e.status)
        .sort(),
    ).toEqual(['completed', 'paused']);
    await seal(a.page).getByText('Paused by you').waitFor();
    await Promise.all([a.context.close(), b.context.close()]);
  }, 90_000);
});
