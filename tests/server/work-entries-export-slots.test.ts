/**
 * Concurrent CSV exports are bounded per user and per site (live and archive exports together):
 * one over a bound answers 429 EXPORT_BUSY with Retry-After at once, a slot comes back when its
 * export ends, also when the client goes away mid-download, and other sites are not affected.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { makePosition } from './work-entries-support.ts';

/** Enough rows that a client which stops reading holds its export open (12 MB, far past what the sockets buffer). */
const ROWS = 6000;

describe.each(DRIVERS)('export slots (%s)', (driver) => {
  let t: TestApp;
  let base: string;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;
  let elsewhere: Actor;
  const open: http.ClientRequest[] = [];

  beforeAll(async () => {
    t = await buildTestApp(driver, { exportsPerUser: 1, exportsPerSite: 2 });
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    [alice, bob, carol] = [
      await signInAs(t, 'manager'),
      await signInAs(t, 'manager'),
      await signInAs(t, 'admin'),
    ];
    elsewhere = await signInAs(t, 'manager', 'other');
    const position = await makePosition(t);
    await t.app.database.db.execute(sql`
      insert into work_entries (site_id, user_id, position_id, status, task_name, notes)
      select 'main', ${alice.id}, ${position.id}, 'completed', 'Bolt check', repeat('x', 2000)
      from generate_series(1, ${ROWS}) g`);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const req of open) req.destroy();
    await t?.close();
  });

  /** An export whose client reads the headers and then stops reading: it stays running. */
  function heldExport(who: Actor, path = '/api/v1/work-entries/export') {
    return new Promise<{ status: number; stop: () => void }>((resolve, reject) => {
      const req = http.get(`${base}${path}`, { headers: who.headers }, (res) => {
        res.pause();
        resolve({ status: res.statusCode ?? 0, stop: () => req.destroy() });
      });
      req.on('error', () => {});
      req.on('timeout', () => reject(new Error('no answer')));
      open.push(req);
    });
  }

  const exportNow = (who: Actor, path = '/api/v1/work-entries/export?status=failed') =>
    t.app.inject({ method: 'GET', url: path, headers: who.headers });

  const expectBusy = (res: Awaited<ReturnType<typeof exportNow>>) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'EXPORT_BUSY' });
  };

  it('refuses a user’s second export while the first runs, live or archive, and frees the slot when the client goes away', async () => {
    const first = await heldExport(alice);
    expect(first.status).toBe(200);
    expectBusy(await exportNow(alice));
    expectBusy(await exportNow(alice, '/api/v1/work-entries/archive/export'));
    // Another user of the site still has room.
    expect((await exportNow(bob)).statusCode).toBe(200);
    first.stop();
    await expect
      .poll(async () => (await exportNow(alice)).statusCode, { timeout: 5000, interval: 50 })
      .toBe(200);
  });

  it('refuses a site’s export past its bound, and leaves other sites alone', async () => {
    const a = await heldExport(alice);
    const b = await heldExport(bob, '/api/v1/work-entries/export?order=asc');
    expect([a.status, b.status]).toEqual([200, 200]);
    expectBusy(await exportNow(carol));
    expectBusy(await exportNow(carol, '/api/v1/work-entries/archive/export'));
    expect((await exportNow(elsewhere)).statusCode).toBe(200);
    a.stop();
    b.stop();
    await expect
      .poll(async () => (await exportNow(carol)).statusCode, { timeout: 5000, interval: 50 })
      .toBe(200);
  });

  it('gives the slot back after an export that is refused for its input', async () => {
    const bad = await exportNow(alice, '/api/v1/work-entries/export?cursor=not-a-cursor');
    expect(bad.statusCode).toBeLessThan(500);
    expect((await exportNow(alice)).statusCode).toBe(200);
  });
});
