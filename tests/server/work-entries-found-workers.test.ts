/**
 * GET /work-entries: a search that finds workers, sorted by worker, past the count's cap reads the
 * found workers' ranges of the worker index beside the rest of the search (the found positions'
 * entries and the notes' matches of other workers), sorted or walked as the rest's count says
 * (repositories/work-entries-found-workers.ts). Every page continues exactly where the last ended:
 * the same rows, in the promised order, as the plain query, with two found workers of one name
 * (their entries interleave by id), a worker ordered before and one after the found ones, no
 * status, a common one and a rare one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { everyEntryPage } from './work-entries-cache-support.ts';
import { buildEntriesApp, makePosition } from './work-entries-support.ts';

describe.each(DRIVERS)('a worker sort of a search that finds workers (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let found: number[];
  let yard: number;

  const rows = async (query: string) => {
    const result = await t.app.database.db.execute(sql.raw(query));
    return (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
      id: number;
    }[];
  };

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    const worker = async (first: string, last: string) => {
      const id = (await signInAs(t, 'worker')).id;
      await rows(`update users set first_name = '${first}', last_name = '${last}' where id = ${id}`);
      return id;
    };
    const [zed, zedToo, bob] = [
      await worker('Zed', 'Virtanen'),
      await worker('Zed', 'Virtanen'),
      await worker('Bob', 'Virtanen'),
    ];
    const before = await worker('Aaa', 'Other');
    const after = await worker('Zzz', 'Other');
    found = [zed, zedToo, bob];
    const north = (await makePosition(t, { positionName: 'North bay' })).id;
    yard = (await makePosition(t, { positionName: 'Virtanen yard' })).id;
    const add = (user: string, position: number, status: string, n: number, notes = 'null') =>
      rows(`insert into work_entries (site_id, user_id, position_id, status, completed_at, duration_minutes, notes)
        select 'main', ${user}, ${position}, '${status}', now(), g % 50, ${notes} from generate_series(1, ${n}) as g`);
    // Failed: 8 % of the entries (a rare status). The other workers' entries sit before (ascending)
    // and after (descending) the found ones; some of theirs match by notes or by the position.
    await add(`${before}`, north, 'completed', 20_000);
    await add(`${before}`, north, 'failed', 500, `case when g % 12 = 0 then 'met Virtanen' end`);
    await add(`${after}`, north, 'completed', 1_200, `'virtanen check'`);
    await add(`${after}`, north, 'failed', 300);
    await add(`${after}`, yard, 'failed', 30);
    await add(`${after}`, yard, 'completed', 50);
    // The two of one name interleave by id; some of the found workers' entries match by notes too.
    const zeds = `case when g % 3 = 0 then ${zedToo} else ${zed} end`;
    await add(zeds, north, 'completed', 1_900, `case when g % 10 = 0 then 'virtanen' end`);
    await add(zeds, north, 'failed', 1_000);
    await add(`${bob}`, north, 'completed', 300);
    await add(`${bob}`, north, 'failed', 200);
  }, 120_000);
  afterAll(async () => t?.close());

  it.each([
    ['asc', ''],
    ['desc', ''],
    ['asc', 'completed'],
    ['desc', 'completed'],
    ['asc', 'failed'],
    ['desc', 'failed'],
  ])('order=%s&status=%s: every page in order', async (order, status) => {
    const query = `search=Virtanen&sort=worker&order=${order}${status ? `&status=${status}` : ''}&limit=100`;
    const { first, ids: seen } = await everyEntryPage(t, admin, query);
    expect(first.total).toBe(1000);
    expect(first.total_capped).toBe(true);
    const expected = await rows(
      `select id from work_entries where (user_id in (${found.join(', ')}) or position_id = ${yard}
        or (notes is not null and to_tsvector('simple', notes) @@ to_tsquery('simple', 'virtanen:*')))
        ${status ? `and status = '${status}'` : ''} order by worker_name ${order}, id ${order}`,
    );
    expect(expected.length).toBeGreaterThan(1_000);
    expect(seen).toEqual(expected.map((r) => Number(r.id)));
  });
});
