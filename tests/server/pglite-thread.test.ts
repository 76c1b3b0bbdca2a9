/**
 * PGlite on its own thread (server/src/db/pglite-thread.ts) answers as PGlite on the server's
 * thread does: the same rows and types, the same errors (code and constraint, which become the
 * 409s and field messages), the same transactions. And it is the point of it that the server's
 * event loop keeps turning while a long statement runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import type { PgliteThread } from '../../server/src/db/pglite-thread.ts';
import { uniqueViolation } from '../../server/src/lib/db-errors.ts';
import { pgliteTemplateBlob } from './support/template-db.ts';

type Client = Pick<PgliteThread, 'query' | 'exec' | 'transaction'>;
const clientOf = (database: Database) => (database.db as unknown as { $client: Client }).$client;

let threaded: Database;
let inline: Database;

beforeAll(async () => {
  [threaded, inline] = await Promise.all([
    openDatabase({ dataDir: 'memory://', pgliteTemplate: pgliteTemplateBlob(), pgliteThread: true }),
    openDatabase({ dataDir: 'memory://', pgliteTemplate: pgliteTemplateBlob(), pgliteThread: false }),
  ]);
  for (const database of [threaded, inline])
    await clientOf(database).exec(
      'create table probe (id int primary key, code text unique, at timestamptz, n numeric, big int8, ' +
        'flags bool[], doc jsonb, raw bytea, deferred_ref int references probe (id) deferrable initially deferred)',
    );
}, 120_000);

afterAll(async () => {
  await Promise.all([threaded?.close(), inline?.close()]);
});

describe('PGlite on its own thread', () => {
  it('answers every type as PGlite on the server’s thread does, in both row modes, with Drizzle’s text dates', async () => {
    const insert =
      'insert into probe (id, code, at, n, big, flags, doc, raw) values ' +
      "(1, 'Ä-1 “quoted”', '2026-11-29 10:00:00.123+02', 12.50, 9007199254740993, '{true,false,null}', $1, $2), " +
      '(2, null, null, null, null, null, null, null)';
    const params = [JSON.stringify({ a: [1, 'two', null], ö: true }), new Uint8Array([0, 1, 254, 255])];
    const select = 'select * from probe where id = any($1) order by id';
    // Drizzle's driver asks for timestamps, dates and numerics as text (parsers that keep the text).
    const drizzleLike = {
      rowMode: 'array' as const,
      parsers: { 1184: (v: string) => v, 1700: (v: string) => v },
    };
    const answers = [];
    for (const database of [threaded, inline]) {
      const client = clientOf(database);
      await client.query(insert, params);
      answers.push([
        await client.query(select, [[1, 2]]),
        await client.query(select, [[1, 2]], drizzleLike),
        await client.exec('select count(*) from probe; select 1 as one'),
      ]);
      await client.exec('delete from probe');
    }
    expect(answers[0]).toEqual(answers[1]);
    const [objects, arrays] = answers[0] as unknown as [
      { rows: Record<string, unknown>[] },
      { rows: unknown[][] },
    ];
    expect(objects.rows[0]).toMatchObject({
      code: 'Ä-1 “quoted”',
      flags: [true, false, null],
      big: 9007199254740993n,
    });
    expect(objects.rows[0].raw).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect(arrays.rows[0][2]).toBe('2026-11-29 08:00:00.123+00');
    expect(arrays.rows[0][3]).toBe('12.50');
  });

  it('rejects with the database’s code and constraint, which become the form’s field message', async () => {
    const client = clientOf(threaded);
    await client.query("insert into probe (id, code) values (10, 'X')");
    const err = await client.query("insert into probe (id, code) values (11, 'X')").catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'probe_code_key' });
    expect(err.message).toContain('duplicate key value violates unique constraint');
    // Through Drizzle (which wraps the driver's error), as the routes see it.
    const wrapped = await threaded.db
      .execute(sql`insert into probe (id, code) values (12, 'X')`)
      .catch((e) => e);
    expect(uniqueViolation(wrapped)).toEqual({ field: 'id', message: 'This record already exists' });
    await client.exec('delete from probe');
  });

  it('runs a transaction alone: outside statements wait for it and never see what it rolls back', async () => {
    const client = clientOf(threaded);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const tx = client.transaction(async (t) => {
      await t.query("insert into probe (id, code) values (20, 'in-tx')");
      await held;
      order.push('tx done');
      throw new Error('changed my mind');
    });
    // Sent while the transaction holds the database: answered after it ended, and without its row.
    const outside = client.query('select count(*)::int as n from probe').then((r) => {
      order.push('outside answered');
      return r.rows[0];
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(tx).rejects.toThrow('changed my mind');
    expect(await outside).toEqual({ n: 0 });
    expect(order).toEqual(['tx done', 'outside answered']);

    // Committed work stays; a COMMIT the database refuses (a deferred foreign key) keeps nothing.
    await client.transaction(async (t) => {
      await t.query("insert into probe (id, code) values (21, 'kept')");
    });
    const refused = client.transaction(async (t) => {
      await t.query("insert into probe (id, code, deferred_ref) values (22, 'dangling', 999)");
    });
    await expect(refused).rejects.toMatchObject({ code: '23503' });
    expect((await client.query('select id from probe order by id')).rows).toEqual([{ id: 21 }]);
    // rollback() from inside, as PGlite's Transaction has it.
    await client.transaction(async (t) => {
      await t.query("insert into probe (id, code) values (23, 'gone')");
      await t.rollback();
      expect(t.closed).toBe(true);
    });
    expect((await client.query('select id from probe order by id')).rows).toEqual([{ id: 21 }]);
    await client.exec('delete from probe');
  });

  it('leaves the server’s event loop free while a long statement runs (on the server’s thread it stops)', async () => {
    const longest = async (database: Database) => {
      let last = performance.now();
      let gap = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        gap = Math.max(gap, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      await clientOf(database).query('select count(*) from generate_series(1, 1500000) g where g % 7 = 3');
      const took = performance.now() - started;
      clearInterval(timer);
      gap = Math.max(gap, performance.now() - last);
      return { took, gap };
    };
    const onThread = await longest(threaded);
    const onCaller = await longest(inline);
    // The statement takes hundreds of ms either way; only on the caller's thread does it block.
    expect(onCaller.gap).toBeGreaterThan(onCaller.took * 0.8);
    expect(onThread.gap).toBeLessThan(onThread.took / 2);
  });
});
