/**
 * The field app in Chromium at 390×844: a tag's URL opened signed out leads through sign-in back to
 * the position, where the worker starts and completes a task (the entry is then on the server);
 * offline, three actions wait ("3 waiting to send") and are sent once each when the network is
 * back; a refused action stays on screen with its reason in words; a stand-in NDEFReader fires a
 * reading with a real NDEF URL record. Axe (with the 7:1 contrast rule) on each screen, 56 px
 * touch targets, no sideways scroll, and screenshots in English and Finnish.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, cleanScreenshot as shot } from './a11y.ts';
import {
  ADMIN,
  api,
  apiToken,
  createUser,
  launchBrowser,
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
const TAG = 'FLD0042A';
const HERE = { latitude: 60.1699, longitude: 24.9384 };
/** About 30 m north of the position. */
const NEARBY = { latitude: 60.17017, longitude: 24.9384 };

interface Entry {
  id: number;
  task_id: number;
  status: string;
  user_id: number;
}

async function phone(browser: Browser, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale,
    hasTouch: true,
    isMobile: true,
    geolocation: NEARBY,
    permissions: ['geolocation'],
  });
  return { context, page: await context.newPage() };
}

/** What must hold on every field screen: our axe findings (7:1 contrast included), targets, width. */
async function checkScreen(page: Page): Promise<void> {
  expect(await axeProblems(page, '.field-app')).toEqual([]);
  const enhanced = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(c: object, o: object): Promise<{ violations: { nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run({ include: ['.field-app'] }, { runOnly: ['color-contrast-enhanced'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  });
  expect(enhanced).toEqual([]);
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll(
        '.field-app button, .field-app a, .field-app input:not(.sr-only), .field-app select, .field-app textarea',
      ),
    ]
      .filter((el) => (el as HTMLElement).offsetParent !== null && !el.classList.contains('field-skip'))
      .map((el) => ({ el: el.outerHTML.slice(0, 80), ...el.getBoundingClientRect().toJSON() }))
      .filter((r) => r.height < 56 || r.width < 56),
  );
  expect(small).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < jpeg.length) {
    const marker = jpeg[i + 1];
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  return null;
}

/** A stand-in Web NFC reader: the test fires a reading with a real NDEF URL record; writes are kept. */
function standInNfc() {
  class StandInReader extends EventTarget {
    scan() {
      (window as unknown as { __nfc: StandInReader }).__nfc = this;
      return Promise.resolve();
    }
    write(message: unknown) {
      (window as unknown as { __written: unknown }).__written = message;
      return Promise.resolve();
    }
  }
  (window as unknown as { NDEFReader: unknown }).NDEFReader = StandInReader;
  (window as unknown as { __fireNfc: (url: string) => void }).__fireNfc = (url: string) => {
    const bytes = new TextEncoder().encode(url);
    const event = new Event('reading');
    Object.assign(event, {
      serialNumber: '04:a2:3b:1c:5d:6e:80',
      message: {
        records: [{ recordType: 'url', mediaType: null, encoding: null, data: new DataView(bytes.buffer) }],
      },
    });
    (window as unknown as { __nfc: EventTarget }).__nfc.dispatchEvent(event);
  };
}

describe('field app', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: string;
  let worker: string;
  let workerId: number;
  const tasks: Record<'prep' | 'paint' | 'inspect', number> = { prep: 0, paint: 0, inspect: 0 };

  const entries = async () =>
    (await api<{ work_entries: Entry[] }>(server.url, 'GET', '/work-entries?limit=100', undefined, admin))
      .body.work_entries;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
    await createUser(server.url, admin, WORKER);
    const login = await api<{ token: string; user: { id: number } }>(server.url, 'POST', '/auth/login', {
      email: WORKER.email,
      password: WORKER.password,
    });
    worker = login.body.token;
    workerId = login.body.user.id;
    const position = await api<{ position: { id: number } }>(
      server.url,
      'POST',
      '/positions',
      {
        position_code: 'B-12',
        position_name: 'North stairwell',
        nfc_tag_id: TAG,
        location_details: 'Level 2, east side',
        coordinates: HERE,
      },
      admin,
    );
    const positionId = position.body.position.id;
    const made = async (code: string, name: string) =>
      (
        await api<{ task: { id: number } }>(
          server.url,
          'POST',
          '/tasks',
          { task_code: code, task_name: name, category: 'installation', estimated_duration_minutes: 60 },
          admin,
        )
      ).body.task.id;
    tasks.prep = await made('PREP', 'Prepare surface');
    tasks.paint = await made('PAINT', 'Paint walls');
    tasks.inspect = await made('INSP', 'Safety inspection');
    for (const taskId of Object.values(tasks)) {
      const assigned = await api(
        server.url,
        'POST',
        '/position-task-assignments',
        { position_id: positionId, task_id: taskId },
        admin,
      );
      expect(assigned.status).toBe(201);
    }
    const dep = await api(
      server.url,
      'POST',
      '/task-dependencies',
      {
        position_id: positionId,
        task_id: tasks.paint,
        depends_on_task_id: tasks.prep,
        dependency_type: 'requires',
      },
      admin,
    );
    expect(dep.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a tag signed out, returns to it after sign-in, starts and completes a task', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/t/${TAG}`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/t/${TAG}`);
    await signIn(page, WORKER.email, WORKER.password);
    await page.waitForURL((u) => u.pathname === `/t/${TAG}`);
    await page.getByRole('heading', { name: 'North stairwell' }).waitFor();
    const prep = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Prepare surface' }) });
    const paint = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Paint walls' }) });
    await prep.getByText('Available').waitFor();
    await paint.getByText('Blocked').waitFor();
    await paint.getByText('Waits for: Prepare surface').waitFor();
    await page.getByText(/You are 3\d m from the position/).waitFor();
    await checkScreen(page);
    await shot(page, 'field-position-en');

    await prep.getByRole('button', { name: 'Start' }).click();
    await prep.getByText('In progress by you').waitFor();
    await page.getByText('Everything is sent').waitFor();
    await checkScreen(page);
    await shot(page, 'field-task-actions-en');

    // A 3,000-px photo from the "camera" is resized to 2,000 px in the phone before it is sent.
    await prep.getByLabel('Take a photo').setInputFiles({
      name: 'site.png',
      mimeType: 'image/png',
      buffer: await QRCode.toBuffer('site photo', { width: 3000, margin: 1 }),
    });
    await prep.getByText(/Photo saved on the phone/).waitFor();
    await page.getByText('Everything is sent').waitFor();
    await shot(page, 'field-photo-en');
    // Queued actions show at once, so wait for the server to hold the entry and its photo.
    let started: Entry | undefined;
    await expect
      .poll(async () => (started = (await entries()).find((e) => e.task_id === tasks.prep)), {
        timeout: 30_000,
      })
      .toBeDefined();
    if (!started) throw new Error('the start never reached the server');
    const startedId = started.id;
    const photosOf = () =>
      api<{ photos: { url: string; content_type: string }[] }>(
        server.url,
        'GET',
        `/work-entries/${startedId}`,
        undefined,
        admin,
      );
    await expect.poll(async () => (await photosOf()).body.photos.length, { timeout: 30_000 }).toBe(1);
    const detail = await photosOf();
    expect(detail.body.photos[0].content_type).toBe('image/jpeg');
    const jpeg = Buffer.from(
      await (await fetch(new URL(detail.body.photos[0].url, server.url))).arrayBuffer(),
    );
    expect(jpegSize(jpeg)).toEqual({ width: 2000, height: 2000 });
    // The task's actions and a photo in Finnish (the address's language wins and is kept).
    await page.goto(`${server.url}/t/${TAG}?lng=fi`);
    await prep.getByRole('button', { name: 'Valmis' }).waitFor();
    await checkScreen(page);
    await shot(page, 'field-task-actions-fi');
    await prep.getByLabel('Ota kuva').setInputFiles({
      name: 'site.png',
      mimeType: 'image/png',
      buffer: await QRCode.toBuffer('site photo fi', { width: 600, margin: 1 }),
    });
    await prep.getByText(/Kuva tallennettu puhelimeen/).waitFor();
    await page.getByText('Kaikki on lähetetty').waitFor();
    await checkScreen(page);
    await shot(page, 'field-photo-fi');
    await page.goto(`${server.url}/t/${TAG}?lng=en`);
    await prep.getByRole('button', { name: 'Complete' }).click();
    await prep.getByText('Done today').waitFor();
    await page.getByText('Everything is sent').waitFor();
    await paint.getByText('Available').waitFor();

    await expect
      .poll(async () => (await entries()).filter((e) => e.user_id === workerId), { timeout: 30_000 })
      .toEqual([expect.objectContaining({ task_id: tasks.prep, status: 'completed' })]);
    await context.close();
  });

  it('keeps three actions offline ("3 waiting to send") and sends each once when back online', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, WORKER.email, WORKER.password);
    // A worker lands on the field app.
    await page.waitForURL((u) => u.pathname === '/field');
    await page.getByRole('heading', { name: 'My work' }).waitFor();
    await page.getByText('Prepare surface').waitFor();
    await checkScreen(page);
    await shot(page, 'field-scan-en');
    await page.getByLabel('Or type the code on the tag').fill(TAG);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/t/${TAG}`);
    const paint = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Paint walls' }) });
    await paint.getByText('Available').waitFor();

    // The service worker has precached the app: from here the page reloads with no network.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    await context.setOffline(true);
    await paint.getByRole('button', { name: 'Start' }).click();
    await paint.getByText('In progress by you').waitFor();
    await paint.getByRole('button', { name: 'Pause' }).click();
    await paint.getByText('Paused by you').waitFor();
    await paint.getByRole('button', { name: 'Resume' }).click();
    await paint.getByText('In progress by you').waitFor();
    await page.getByText('3 waiting to send').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'North stairwell' }).waitFor();
    // In the site's date format (DD/MM/YYYY by default, 24-hour), not the browser's.
    await page
      .getByText(/Offline: tasks as saved on this phone at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
      .waitFor();
    await paint.getByText('In progress by you').waitFor();
    await page.getByText('3 waiting to send').waitFor();
    await page.getByText('Offline: your work is kept on this phone').waitFor();
    await page.getByRole('button', { name: 'Show' }).click();
    await checkScreen(page);
    await shot(page, 'field-outbox-en');
    // The same queue in Finnish, still offline (the service worker serves the page).
    await page.goto(`${server.url}/t/${TAG}?lng=fi`);
    await page.getByText('3 odottaa lähetystä').waitFor();
    await page.getByRole('button', { name: 'Näytä' }).click();
    await checkScreen(page);
    await shot(page, 'field-outbox-fi');
    await page.goto(`${server.url}/t/${TAG}?lng=en`);
    await page.getByText('3 waiting to send').waitFor();
    expect((await entries()).filter((e) => e.task_id === tasks.paint)).toEqual([]);

    await context.setOffline(false);
    await page.getByText('Everything is sent').waitFor({ timeout: 30_000 });
    const paints = (await entries()).filter((e) => e.task_id === tasks.paint);
    expect(paints).toEqual([expect.objectContaining({ status: 'in_progress', user_id: workerId })]);
    await context.close();
  });

  it('shows a refused action with what happened, in words, until the worker decides', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/t/${TAG}`);
    await signIn(page, WORKER.email, WORKER.password);
    const inspect = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Safety inspection' }) });
    await inspect.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Everything is sent').waitFor();
    await inspect.getByText('In progress by you').waitFor();
    // The screen shows the start as soon as it is queued ("Everything is sent" was there before the
    // tap): wait until the server has it.
    let entry: Entry | undefined;
    await expect
      .poll(async () => (entry = (await entries()).find((e) => e.task_id === tasks.inspect)), {
        timeout: 30_000,
      })
      .toBeDefined();
    if (!entry) throw new Error('the start never reached the server');

    // Meanwhile the same worker completes it on another phone; this one is offline and pauses it.
    await context.setOffline(true);
    const done = await api(server.url, 'PUT', `/work-entries/${entry.id}`, { status: 'completed' }, worker);
    expect(done.status).toBe(200);
    await inspect.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('1 waiting to send').waitFor();
    await context.setOffline(false);
    await page.getByText('1 not saved').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('Someone changed this work on another device first: it is now Completed.').waitFor();
    await checkScreen(page);
    await shot(page, 'field-conflict-en');
    await page.goto(`${server.url}/t/${TAG}?lng=fi`);
    await page.getByRole('button', { name: 'Näytä' }).click();
    await page.getByText('Joku muutti tätä työtä toisella laitteella ensin: sen tila on nyt').waitFor();
    await checkScreen(page);
    await shot(page, 'field-conflict-fi');
    await page.goto(`${server.url}/t/${TAG}?lng=en`);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByText('Everything is sent').waitFor();

    // The same screens in Finnish.
    await page.getByRole('link', { name: 'Tagger field' }).click();
    await page.getByLabel('Language').selectOption('fi');
    await page.getByRole('heading', { name: 'Omat työt' }).waitFor();
    await page.goBack();
    await page.getByText('Kaikki on lähetetty').waitFor();
    await inspect.getByText('Tehty tänään').waitFor();
    await checkScreen(page);
    await shot(page, 'field-position-fi');
    await context.close();
  });

  it('reads a tag through Web NFC (a stand-in NDEFReader firing a real NDEF URL record)', async () => {
    const { context, page } = await phone(browser, 'fi-FI');
    await context.addInitScript(standInNfc);
    await page.goto(`${server.url}/login?lng=fi`);
    await page.locator('#login-email').fill(WORKER.email);
    await page.locator('#login-password').fill(WORKER.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/field');
    await page.getByRole('button', { name: 'Lue tunniste' }).click();
    await page.getByText('Pidä puhelimen yläosaa tunnistetta vasten.').waitFor();
    await checkScreen(page);
    await shot(page, 'field-scan-fi');
    await page.evaluate(
      (url) => (window as unknown as { __fireNfc: (u: string) => void }).__fireNfc(url),
      `${server.url}/t/${TAG}`,
    );
    await page.waitForURL((u) => u.pathname === `/t/${TAG}`);
    await page.getByRole('heading', { name: 'North stairwell' }).waitFor();
    await page.getByText('Tehtävät').waitFor();

    // An unknown tag says so, in words.
    await page.goto(`${server.url}/t/NOSUCH99`);
    await page.getByText('Tätä tunnistetta ei tunneta tällä työmaalla.').waitFor();
    await checkScreen(page);
    await shot(page, 'field-unknown-tag-fi');
    await context.close();
  });

  it('goes from the console to the field app (its own page) and back, signed in all along', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Field app' }).first().click();
    await page.waitForURL((u) => u.pathname === '/field');
    await page.getByRole('heading', { name: 'Field work' }).waitFor();
    // The field page is its own entry: none of the console's scripts load for it.
    scripts.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: 'Field work' }).waitFor();
    expect(scripts.filter((s) => /\/assets\/(index|app-shell)-/.test(s))).toEqual([]);
    expect(await page.title()).toBe('Tagger field');
    await page.getByRole('link', { name: 'Console' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText('Welcome back').first().waitFor();
    await context.close();
  });

  it("writes a position's tag address with Web NFC from the Positions screen", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    await context.addInitScript(standInNfc);
    const page = await context.newPage();
    await page.goto(`${server.url}/positions`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Write the tag of B-12' }).click();
    await page.getByText('Tag written for B-12').waitFor();
    const written = await page.evaluate(() => (window as unknown as { __written: unknown }).__written);
    expect(written).toEqual({ records: [{ recordType: 'url', data: `${server.url}/t/${TAG}` }] });
    await context.close();
  });
});
