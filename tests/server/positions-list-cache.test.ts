/**
 * GET /positions is cached under the database snapshot (server/src/lib/read-cache.ts,
 * repositories/positions.ts): a committed change by anyone — another area's code, a direct SQL
 * write, another connection or another process on PostgreSQL — shows in the very next list, the
 * totals included, and one site's cached answer is never another site's.
 */
import { execFileSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client.ts';
import { positions, sites } from '../../server/src/db/schema/index.ts';
import { allPositions, listApiPositions, toApiPosition } from '../../server/src/repositories/positions.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

interface Listed {
  id: number;
  position_code: string;
  position_name: string;
  is_active: boolean;
}

describe.each(DRIVERS)('positions list freshness (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let otherAdmin: Actor;
  let db: Db;

  const list = async (query: string, who: Actor = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/positions?${query}`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json() as { positions: Listed[]; total: number };
    return { ...body, codes: body.positions.map((p) => p.position_code), raw: res.body };
  };
  const idOf = async (code: string) =>
    (await db.select({ id: positions.id }).from(positions).where(eq(positions.positionCode, code)))[0].id;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    db = t.app.database.db;
    await db.insert(sites).values({ id: 'other', name: 'Other site' });
    admin = await signInAs(t, 'admin');
    otherAdmin = await signInAs(t, 'admin', 'other');
    await db.insert(positions).values(
      Array.from({ length: 12 }, (_, i) => ({
        siteId: 'main',
        positionCode: `F-${String(i).padStart(2, '0')}`,
        positionName: `Fresh ${i}`,
      })),
    );
    await db.insert(positions).values(
      Array.from({ length: 3 }, (_, i) => ({
        siteId: 'other',
        positionCode: `F-${i}`,
        positionName: `Theirs ${i}`,
      })),
    );
  });
  afterAll(async () => t?.close());

  it('answers the same body while nothing commits', async () => {
    const first = await list('limit=5');
    const again = await list('limit=5');
    expect(again.raw).toBe(first.raw);
    expect(first.total).toBe(12);
    expect(first.codes).toEqual(['F-00', 'F-01', 'F-02', 'F-03', 'F-04']);
  });

  it('never answers one site with another site’s cached list, for the same query', async () => {
    const mine = await list('limit=5');
    const theirs = await list('limit=5', otherAdmin);
    expect(theirs.codes).toEqual(['F-0', 'F-1', 'F-2']);
    expect(theirs.total).toBe(3);
    expect(theirs.positions.every((p) => p.position_name.startsWith('Theirs'))).toBe(true);
    expect((await list('limit=5')).raw).toBe(mine.raw);
  });

  it('shows a row changed directly in the database at once, in every page and total', async () => {
    await list('limit=5');
    await list('limit=5&offset=5');
    await list('');
    await db
      .update(positions)
      .set({ isActive: false })
      .where(eq(positions.id, await idOf('F-01')));
    expect((await list('limit=5')).codes).toEqual(['F-00', 'F-02', 'F-03', 'F-04', 'F-05']);
    expect((await list('limit=5')).total).toBe(11);
    expect((await list('limit=5&offset=5')).codes).toEqual(['F-06', 'F-07', 'F-08', 'F-09', 'F-10']);
    expect((await list('')).total).toBe(11);
    expect((await list('include_inactive=true&limit=5')).total).toBe(12);
  });

  it('counts a full page again after an insert (the total is not kept across commits)', async () => {
    expect((await list('limit=2&offset=2')).total).toBe(11);
    await db.insert(positions).values({ siteId: 'main', positionCode: 'F-99', positionName: 'Fresh 99' });
    expect((await list('limit=2&offset=2')).total).toBe(12);
    // A page past the end still knows the total.
    expect(await list('limit=5&offset=100')).toMatchObject({ positions: [], total: 12 });
  });

  it('shows changes made through the API at once', async () => {
    await list('search=F-0&limit=50');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/positions',
      headers: admin.headers,
      payload: { position_code: 'F-0X', position_name: 'Through the API' },
    });
    expect(created.statusCode).toBe(201);
    expect((await list('search=F-0&limit=50')).codes).toContain('F-0X');
    const id = created.json().position.id as number;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/positions/${id}`,
      headers: admin.headers,
      payload: { position_name: 'Renamed through the API' },
    });
    expect(put.statusCode).toBe(200);
    const found = (await list('search=F-0X')).positions;
    expect(found.map((p) => p.position_name)).toEqual(['Renamed through the API']);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/positions/${id}`, headers: admin.headers });
    expect((await list('search=F-0X')).positions).toEqual([]);
  });

  it('shows a commit of another connection (on PostgreSQL also another process) on the next request', async () => {
    expect((await list('search=F-00')).positions[0].position_name).toBe('Fresh 0');
    if (driver === 'postgres') {
      const other = new pg.Client({ connectionString: t.url });
      await other.connect();
      try {
        await other.query(
          `update positions set position_name = 'Other connection' where position_code = 'F-00'`,
        );
      } finally {
        await other.end();
      }
      expect((await list('search=F-00')).positions[0].position_name).toBe('Other connection');
      // A separate Node process with its own connection.
      execFileSync(
        process.execPath,
        [
          '-e',
          `const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
           c.connect().then(() => c.query("update positions set position_name = 'Other process' where position_code = 'F-00'")).then(() => c.end());`,
          t.url as string,
        ],
        { cwd: process.cwd() },
      );
      expect((await list('search=F-00')).positions[0].position_name).toBe('Other process');
    } else {
      // PGlite has one connection per data folder (a lock keeps other processes out): a raw
      // statement of the driver, outside Drizzle, stands for any other writer.
      await t.database.query(
        `update positions set position_name = 'Raw statement' where position_code = 'F-00'`,
      );
      expect((await list('search=F-00')).positions[0].position_name).toBe('Raw statement');
    }
  });
});

describe.each(DRIVERS)('positions packed in PostgreSQL (%s)', (driver) => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    db = t.app.database.db;
  });
  afterAll(async () => t?.close());

  it('packs rows in PostgreSQL exactly as toApiPosition writes them (times, awkward numbers, text)', async () => {
    const awkward = [
      0.000001,
      -0.00005,
      60.170002000000004,
      -89.999999,
      179.123456,
      1e-6 * 3,
      24.940005000000003,
    ];
    await db.insert(sites).values({ id: 'packed', name: 'Packed' });
    await db.insert(positions).values(
      awkward.map((x, i) => ({
        siteId: 'packed',
        positionCode: `PK-${i}`,
        positionName: i === 0 ? 'Ääkkönen "quoted" \\ 漢字 😀' : `Packed ${i}`,
        description: i === 1 ? 'tab\there\nnewline \u0001 \u2028' : null,
        nfcTagId: i % 2 ? `NFC-PK-${i}` : null,
        latitude: Math.max(-90, Math.min(90, x)),
        longitude: i === 2 ? null : -x,
        isActive: i % 3 !== 0,
        // Microseconds that must be cut, not rounded, to milliseconds.
        createdAt: sql`timestamptz '2026-01-02 03:04:05.999999+00' + ${`${i * 37} seconds`}::interval`,
      })),
    );
    const expected = (await allPositions(db, 'packed'))
      .map(toApiPosition)
      .sort((a, b) => a.position_code.localeCompare(b.position_code) || a.id - b.id);
    const packed = await listApiPositions(db, 'packed', {
      includeInactive: true,
      sort: 'position_code',
      order: 'asc',
      offset: 0,
    });
    expect(JSON.stringify(packed)).toBe(JSON.stringify(expected));
    expect(packed[0].created_at).toBe('2026-01-02T03:04:05.999Z');
  });
});
