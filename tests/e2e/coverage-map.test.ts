/**
 * The coverage map and floor plans in the console, offline: with no base map set,
 * the Map view shows every position with coordinates on a plain grid, each with its state's shape
 * and a legend naming the states with their counts; choosing one shows its state, next deadline
 * and the drill-down. A floor plan is uploaded in the console, a position dragged onto it, and
 * after a reload it is still where it was dropped. At 1366 wide and on a phone (390×844),
 * axe-clean, with screenshots.
 */
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  launchBrowser,
  networkQuiet,
  newPage,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

const hhmm = (d: Date) => d.toISOString().slice(11, 16);

/** A 200×120 PNG with a light grid: a plan image made here, no fixture file. */
function planPng(): Buffer {
  const [w, h] = [200, 120];
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      rows.fill(
        x % 20 === 0 || y % 20 === 0 ? 200 : 245,
        y * (w * 3 + 1) + 1 + x * 3,
        y * (w * 3 + 1) + 4 + x * 3,
      );
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the coverage map and floor plans', () => {
  let server: RunningServer;
  let browser: Browser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer();
    const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
    const spots: [string, string, number | null, number | null][] = [
      ['MAP-1', 'North gate', 60.1712, 24.9402],
      ['MAP-2', 'Crane yard', 60.1695, 24.9361],
      ['MAP-3', 'Pump house', 60.1688, 24.9425],
      ['MAP-4', 'Basement store', null, null],
    ];
    for (const [code, name, latitude, longitude] of spots) {
      const res = await api<{ position: { id: number } }>(
        server.url,
        'POST',
        '/positions',
        {
          position_code: code,
          position_name: name,
          ...(latitude === null ? {} : { coordinates: { latitude, longitude } }),
        },
        token,
      );
      expect(res.status).toBe(201);
      ids[code] = res.body.position.id;
    }
    // A window later today: MAP-1 owes a visit (on time so far, with a next deadline).
    const now = Date.now();
    const schedule = await api(
      server.url,
      'POST',
      '/visit-schedules',
      {
        schedule_name: 'Gate rounds',
        position_id: ids['MAP-1'],
        days: [1, 2, 3, 4, 5, 6, 7],
        window_start: hhmm(new Date(now + 5 * 60_000)),
        window_end: hhmm(new Date(now + 50 * 60_000)),
        frequency_kind: 'times',
        frequency_value: 1,
        tolerance_minutes: 0,
      },
      token,
    );
    expect(schedule.status).toBe(201);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openMap = async (page: Page) => {
    await page.goto(`${server.url}/coverage?view=map`);
    await page.locator('.coverage-grid__svg').waitFor();
  };

  it('shows the positions on a plain grid with their states and a legend, and a chosen one’s details', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMap(page);
    await expect.poll(() => page.getByText('No base map is set for this site').count()).toBe(1);
    // Three positions with coordinates, far enough apart at this size to be drawn one by one.
    const marks = page.locator('.coverage-grid__mark');
    await expect.poll(() => marks.count()).toBe(3);
    expect(
      await page
        .locator(`.coverage-grid__mark[data-position-id="${ids['MAP-1']}"]`)
        .getAttribute('data-state'),
    ).toBe('on_time');
    expect(
      await page
        .locator(`.coverage-grid__mark[data-position-id="${ids['MAP-2']}"]`)
        .getAttribute('data-state'),
    ).toBe('no_schedule');
    const legend = page.getByRole('region', { name: 'Legend' });
    for (const text of ['On time: 1', 'Due soon: 0', 'Late: 0', 'Missed: 0', 'No schedule: 3']) {
      await expect.poll(() => legend.getByText(text, { exact: true }).count(), { message: text }).toBe(1);
    }
    expect(await page.getByText('1 position has no coordinates').count()).toBe(1);
    const label = await page.locator('.coverage-grid__svg').getAttribute('aria-label');
    expect(label).toContain('Map of 3 positions');
    // The view is in the URL; choosing a position puts it there too and shows its panel and windows.
    await page.locator(`.coverage-grid__mark[data-position-id="${ids['MAP-1']}"]`).click();
    await page.waitForURL((u) => u.searchParams.get('position') === String(ids['MAP-1']));
    const panel = page.getByRole('region', { name: 'Selected position' });
    await expect.poll(() => panel.getByText('MAP-1 – North gate').count()).toBe(1);
    await expect.poll(() => panel.getByText('On time').count()).toBe(1);
    // The drill-down below names the position, judged windows in the period or not.
    await expect
      .poll(() => page.getByRole('heading', { name: /MAP-1 – North gate/ }).count(), { timeout: 15_000 })
      .toBe(1);
    await networkQuiet(page);
    expect(await axeProblems(page, '.page')).toEqual([]);
    await screenshot(page, 'coverage-map-grid-1366');
    // Zooming in and out from the keyboard-reachable buttons keeps the marks.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect.poll(() => marks.count()).toBe(3);
    await context.close();
  });

  it('uploads a floor plan, places a position on it by dragging, and keeps it there after a reload', async () => {
    // Tall enough for the plan and the list of positions to be on screen together.
    const { context, page } = await newPage(browser, { width: 1366, height: 1300 });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/coverage?view=plans`);
    await page.getByRole('button', { name: 'Add floor plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New floor plan' });
    await dialog.getByLabel('Name').fill('Hall B ground floor');
    await dialog.getByLabel('Building').fill('Hall B');
    await dialog.getByLabel('Floor').fill('0');
    await dialog
      .getByLabel('Plan image (JPEG, PNG or WebP)')
      .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: planPng() });
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const surface = page.locator('.floor-plans__surface');
    await surface.locator('img').waitFor();
    await page.getByRole('button', { name: 'Arrange positions' }).click();
    const item = page.getByRole('button', { name: 'Place MAP-4 – Basement store on the plan' });
    await item.waitFor();
    await item.scrollIntoViewIfNeeded();
    const from = await item.boundingBox();
    await surface.locator('img').evaluate((img) => (img as HTMLImageElement).decode());
    const to = await surface.boundingBox();
    if (!from || !to) throw new Error('no boxes');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/placements') && r.request().method() === 'PUT',
    );
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width * 0.3, to.y + to.height * 0.6, { steps: 8 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    const marker = page.locator(`.floor-plans__marker[data-position-id="${ids['MAP-4']}"]`);
    await marker.waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    await page.reload();
    await marker.waitFor();
    const left = await marker.evaluate((el) => Number.parseFloat((el as HTMLElement).style.left));
    const top = await marker.evaluate((el) => Number.parseFloat((el as HTMLElement).style.top));
    expect(left).toBeGreaterThan(25);
    expect(left).toBeLessThan(35);
    expect(top).toBeGreaterThan(52);
    expect(top).toBeLessThan(68);
    expect(await marker.getAttribute('aria-label')).toBe('MAP-4 – Basement store: No schedule');
    await networkQuiet(page);
    expect(await axeProblems(page, '.page')).toEqual([]);
    await screenshot(page, 'coverage-floor-plan-1366');
    await context.close();
  });

  it('works on a phone (390×844): the grid, the legend and the plan, axe-clean', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMap(page);
    await expect.poll(() => page.locator('[data-position-id]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await networkQuiet(page);
    expect(await axeProblems(page, '.page')).toEqual([]);
    await screenshot(page, 'coverage-map-grid-390');
    await page.goto(`${server.url}/coverage?view=plans`);
    await page.locator(`.floor-plans__marker[data-position-id="${ids['MAP-4']}"]`).waitFor();
    await networkQuiet(page);
    expect(await axeProblems(page, '.page')).toEqual([]);
    await screenshot(page, 'coverage-floor-plan-390');
    await context.close();
  });
});
