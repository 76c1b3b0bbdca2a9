/**
 * The field app's first and repeat visit of /t/{tag} until the task list shows, in Chromium with
 * the network of a weak mobile link (1.6 Mbps down, 750 kbps up, 150 ms round trip) and a 4×
 * slower CPU: first with an empty cache (signed in, so the token is in storage), then again with
 * the service worker's precache. Goals: at most 3 s and 1 s. Needs a build (`npm run build`):
 * `node bench/field-first-visit.ts [dist] [other-dist …]`: several builds are served side by side
 * (each its own server on a fresh embedded database) and take turns run by run, so a before/after
 * comparison on a shared machine sees the same load (RUNS, default 3).
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ADMIN, api, apiToken, CHROMIUM_ARGS, startServer } from '../tests/e2e/support.ts';

const dists = (
  process.argv.length > 2 ? process.argv.slice(2) : [path.join(import.meta.dirname, '..', 'dist')]
).map((d) => path.resolve(d));
const TAG = 'BENCH001';
const RUNS = Number(process.env.RUNS ?? 3);

/** A server on its own fresh database serving `dist`, with a position of five tasks at TAG. */
async function serve(dist: string) {
  process.env.E2E_DIST = dist;
  const server = await startServer({ STATIC_DIR: dist });
  const admin = await apiToken(server.url, ADMIN.email, ADMIN.password);
  const position = await api<{ position: { id: number } }>(
    server.url,
    'POST',
    '/positions',
    { position_code: 'BENCH-1', position_name: 'Bench position', nfc_tag_id: TAG },
    admin,
  );
  for (let i = 1; i <= 5; i++) {
    const task = await api<{ task: { id: number } }>(
      server.url,
      'POST',
      '/tasks',
      {
        task_code: `B${i}`,
        task_name: `Bench task ${i}`,
        category: 'installation',
        estimated_duration_minutes: 30,
      },
      admin,
    );
    await api(
      server.url,
      'POST',
      '/position-task-assignments',
      { position_id: position.body.position.id, task_id: task.body.task.id },
      admin,
    );
  }
  return server;
}

const servers = [];
for (const dist of dists) servers.push(await serve(dist));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const first: number[][] = dists.map(() => []);
const repeat: number[][] = dists.map(() => []);
try {
  // Builds take turns run by run, so a change in the machine's load falls on both alike.
  for (let run = 0; run < RUNS; run++)
    for (const [i, server] of servers.entries()) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      // Signed in once at full speed, then the cache (HTTP and service worker) is emptied.
      await page.goto(`${server.url}/login`);
      await page.locator('#login-email').fill(ADMIN.email);
      await page.locator('#login-password').fill(ADMIN.password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
        for (const key of await caches.keys()) await caches.delete(key);
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const visit = async () => {
        const start = Date.now();
        await page.goto(`${server.url}/t/${TAG}`);
        await page.getByText('Bench task 5').waitFor({ timeout: 60_000 });
        return Date.now() - start;
      };
      first[i].push(await visit());
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
        timeout: 60_000,
      });
      repeat[i].push(await visit());
      await context.close();
    }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [i, dist] of dists.entries()) {
  if (dists.length > 1) console.log(dist);
  console.log(
    `first visit of /t/{tag} to the task list: ${first[i].join(', ')} ms; median ${median(first[i])} ms (goal ≤ 3000)`,
  );
  console.log(
    `repeat visit with the service worker:    ${repeat[i].join(', ')} ms; median ${median(repeat[i])} ms (goal ≤ 1000)`,
  );
}
