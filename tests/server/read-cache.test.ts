/**
 * The one read cache (server/src/lib/read-cache.ts): an answer is served only at the version it was
 * computed at (the database snapshot moves with any commit, anywhere; a counter with its trigger),
 * memory is bounded, requests that miss at the same version share one load, a failed load or one
 * dropped while it ran is not kept, and nothing is cached inside a transaction. The uses' own
 * invalidation paths are tested beside them (positions-list-cache, users-list-cache,
 * dashboard-cache, work-entries-count-cache, roles-enforcement, scale-out).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client.ts';
import { positions } from '../../server/src/db/schema/index.ts';
import { ReadCache, readSnapshot, underSnapshot } from '../../server/src/lib/read-cache.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';

describe('read cache, any version', () => {
  const db = {};

  it('loads again when the version moves, and not while it holds', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    let loads = 0;
    const get = (version: number) => cache.get(db, 'k', version, async () => `${version}:${++loads}`);
    expect(await get(1)).toBe('1:1');
    expect(await get(1)).toBe('1:1');
    expect(await get(2)).toBe('2:2');
    expect(await get(1)).toBe('1:3');
    expect(await cache.get(db, 'k', null, async () => 'uncached')).toBe('uncached');
    expect(cache.peek(db, 'k')).toEqual(expect.objectContaining({ version: 1, value: '1:3' }));
  });

  it('keeps at most maxEntries answers and maxWeight characters, least recently used out', async () => {
    const cache = new ReadCache<string>({ maxEntries: 3, maxWeight: 40 });
    const calls: string[] = [];
    const get = (key: string, value = key) =>
      cache.get(db, key, 1, async () => {
        calls.push(key);
        return value;
      });
    await get('a');
    await get('b');
    await get('c');
    await get('a'); // a is now the most recent
    await get('d'); // b goes
    expect(cache.size(db)).toBe(3);
    await get('a');
    await get('b');
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'b']);
    await get('big', 'x'.repeat(11)); // over a quarter of maxWeight: answered, not kept
    expect(cache.size(db)).toBe(3);
    await get('e', 'y'.repeat(10));
    await get('f', 'z'.repeat(10));
    await get('g', 'w'.repeat(10));
    expect(cache.size(db)).toBe(3);
  });

  it('lets requests that miss at the same version share one load; a failure is not kept', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    let loads = 0;
    const slow = (version: number) =>
      cache.get(db, 'shared', version, async () => {
        loads++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return `answer ${version}`;
      });
    expect(await Promise.all([slow(1), slow(1), slow(1)])).toEqual(['answer 1', 'answer 1', 'answer 1']);
    expect(loads).toBe(1);
    // A later version does not wait for an earlier one's load.
    expect(await Promise.all([slow(2), slow(3)])).toEqual(['answer 2', 'answer 3']);
    expect(loads).toBe(3);
    await expect(
      cache.get(db, 'fails', 1, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await cache.get(db, 'fails', 1, async () => 'recovered')).toBe('recovered');
  });

  it('does not keep a load that was dropped while it ran, nor serve an entry past maxAgeMs', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10, maxAgeMs: 30 });
    let release = () => {};
    const running = cache.get(
      db,
      'site',
      'v',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('before the change');
        }),
    );
    cache.delete(db, 'site');
    release();
    expect(await running).toBe('before the change');
    expect(await cache.get(db, 'site', 'v', async () => 'after the change')).toBe('after the change');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.get(db, 'site', 'v', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps each database handle apart', async () => {
    const cache = new ReadCache<string>({ maxEntries: 10 });
    const other = {};
    await cache.get(db, 'k', 1, async () => 'mine');
    expect(await cache.get(other, 'k', 1, async () => 'theirs')).toBe('theirs');
    expect(await cache.get(db, 'k', 1, async () => 'again')).toBe('mine');
  });
});

describe.each(DRIVERS)('read cache under the database snapshot (%s)', (driver) => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    db = t.app.database.db;
  });
  afterAll(async () => t?.close());

  it('loads again after any commit, and not while nothing commits', async () => {
    const cache = new ReadCache<string>({ ...underSnapshot, maxEntries: 10 });
    let loads = 0;
    // Each snapshot is read once and passed on: on PostgreSQL it is the whole server's, so other
    // test files' commits move it too, and a second read could differ for a reason of theirs.
    const get = (at: Awaited<ReturnType<typeof readSnapshot>>) =>
      cache.get(db, 'k', at, async () => String(++loads));
    const at = await readSnapshot(db);
    expect(await get(at)).toBe('1');
    expect(await get(at)).toBe('1');
    // A committed transaction that writes no table of interest still counts (xid assigned).
    await db.execute(sql`select txid_current()`);
    const after = await readSnapshot(db);
    expect(after).not.toEqual(at);
    expect(await get(after)).toBe('2');
    expect(await get(after)).toBe('2');
  });

  it('drops every answer once a commit moves the snapshot past them', async () => {
    const cache = new ReadCache<string>({ ...underSnapshot, maxEntries: 10 });
    const at = await readSnapshot(db);
    await cache.get(db, 'a', at, async () => 'a');
    await cache.get(db, 'b', at, async () => 'b');
    expect(cache.size(db)).toBe(2);
    await db.execute(sql`select txid_current()`);
    await cache.get(db, 'c', await readSnapshot(db), async () => 'c');
    expect(cache.size(db)).toBe(1);
    // An answer read at the older snapshot is already dead: not kept.
    await cache.get(db, 'a', at, async () => 'late');
    expect(cache.size(db)).toBe(1);
  });

  it('loads every time inside a transaction, where the snapshot does not show its own writes', async () => {
    const cache = new ReadCache<number>({ ...underSnapshot, maxEntries: 10 });
    const count = async (tx: Db) =>
      cache.get(tx, 'count', await readSnapshot(tx), async () => {
        const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(positions);
        return row.n;
      });
    await db
      .transaction(async (tx) => {
        const before = await count(tx as unknown as Db);
        await tx
          .insert(positions)
          .values({ siteId: 'main', positionCode: 'TX-1', positionName: 'In a transaction' });
        expect(await count(tx as unknown as Db)).toBe(before + 1);
        tx.rollback();
      })
      .catch((err) => {
        if (!String(err).includes('Rollback')) throw err;
      });
  });
});
