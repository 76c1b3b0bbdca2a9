/**
 * The status page while PostgreSQL is unreachable: the real server runs on
 * PostgreSQL through a TCP forwarder this test owns. Closing the forwarder (and every socket it
 * carries) makes the database unreachable without touching the shared PostgreSQL: the status page
 * shows the database unhealthy and the overall status with it, also after the signed-in session's
 * cached check has run out (the server keeps the last answer it saw while it cannot ask); with the
 * forwarder back, Refresh shows everything healthy again.
 */
import net from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_CACHE_MS } from '../../server/src/infra/live-sessions.ts';
import {
  ADMIN,
  freshPostgresDatabase,
  launchBrowser,
  newPage,
  type PostgresDatabase,
  type RunningServer,
  screenshot,
  signIn,
  startServer,
} from './support.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A TCP forwarder to PostgreSQL that can be cut (listener and live connections) and restored on its port. */
function forwarder(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listener = net.createServer((client) => {
        // A connection the listener took just before the cut is still handed over after it.
        if (server !== listener) {
          client.destroy();
          return;
        }
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listener;
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        port = (listener.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    get port() {
      return port;
    },
    open: listen,
    async cut() {
      const closing = server;
      server = undefined;
      const closed = new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closed;
    },
  };
}

describe.skipIf(!adminUrl)('system status while PostgreSQL is unreachable', () => {
  const name = `tagger_e2e_outage_${process.pid}`;
  const target = adminUrl ? new URL(adminUrl) : new URL('postgres://x@127.0.0.1:5432/x');
  const fwd = forwarder({ host: target.hostname, port: Number(target.port || 5432) });
  let database: PostgresDatabase;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    database = await freshPostgresDatabase(name);
    await fwd.open();
    // The same database, reached through the forwarder.
    const url = new URL(database.url);
    url.port = String(fwd.port);
    server = await startServer({ DATABASE_URL: url.toString() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fwd.cut();
    await database?.drop();
  });

  it('shows the database unhealthy while it is unreachable, and healthy again once it is back', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/system-status`);
    const table = page.getByRole('region', { name: 'Services' }).getByRole('table');
    const databaseRow = table.getByRole('row').filter({ hasText: 'Database' });
    await databaseRow.getByText('Healthy').waitFor();
    const overall = page.getByTestId('overall-status');
    const refresh = page.getByRole('button', { name: 'Refresh' });

    await fwd.cut();
    // Past the live-session cache (5 s), so the page is read as it is in a real outage: the
    // session cannot be looked up, and the last answer this server saw has to stand.
    await page.waitForTimeout(LIVE_SESSION_CACHE_MS + 1000);
    // Refreshed until the check sees the cut (a check already under way when it came may still
    // answer healthy; on a busy machine one check can take most of its 3-s connection timeout).
    await expect
      .poll(
        async () => {
          if (await refresh.isEnabled()) await refresh.click({ timeout: 5000 }).catch(() => undefined);
          // The page's address and alert go with the row, so a failure says where the page was.
          const alert = await page.locator('.page-alert').allInnerTexts();
          const row = await databaseRow.innerText({ timeout: 5000 }).catch(() => '(no database row)');
          return `${row} | ${new URL(page.url()).pathname} ${alert.join(' ')}`;
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toMatch(/Unhealthy/);
    await expect.poll(() => overall.innerText()).toMatch(/Unhealthy/);
    expect(await databaseRow.innerText()).toMatch(/unavailable|terminated|ECONNREFUSED|connect/i);
    await screenshot(page, 'system-status-database-down-en');

    await fwd.open();
    await expect.poll(() => refresh.isEnabled()).toBe(true);
    await expect
      .poll(
        async () => {
          if (await refresh.isEnabled()) await refresh.click({ timeout: 5000 }).catch(() => undefined);
          return databaseRow.innerText({ timeout: 5000 });
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(/Healthy/);
    await expect.poll(() => overall.innerText()).toMatch(/Healthy|Degraded/);
    await context.close();
  }, 150_000);
});
