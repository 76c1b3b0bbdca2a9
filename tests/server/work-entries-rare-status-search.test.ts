/**
 * GET /work-entries: a search within a rare status past the count's cap chooses on each page
 * between walking the sort's index and sorting its matches (repositories/work-entries-list.ts,
 * walkOrSort). Either way every page continues exactly where the last ended: the same rows, in the
 * promised order, as the plain query, whether the matches open the walk (walked) or sit behind
 * 1,500 other entries of the status (sorted), and across pages that change plan.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { everyEntryPage } from './work-entries-cache-support.ts';
import { buildEntriesApp, makePosition } from './work-entries-support.ts';

describe.each(DRIVERS)('a search within a rare status (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let found: number;
  let other: number;

  const rows = async (query: string) => {
    const result = await t.app.database.db.execute(sql.raw(query));
    return (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
      id: number;
    }[];
  };

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    found = (await signInAs(t, 'worker')).id;
    other = (await signInAs(t, 'worker')).id;
    await rows(`update users set first_name = 'Zed', last_name = 'Virtanen' where id = ${found}`);
    await rows(`update users set first_name = 'Aaa', last_name = 'Other' where id = ${other}`);
    const position = (await makePosition(t, { positionName: 'North bay' })).id;
    /** `created`: the SQL of each entry's creation time, of g (1…n, in id order). */
    const add = (user: number, status: string, n: number, created = 'now()') =>
      rows(`insert into work_entries (site_id, user_id, position_id, status, created_at, completed_at, duration_minutes)
        select 'main', ${user}, ${position}, '${status}', ${created}, now(), g % 50 from generate_series(1, ${n}) as g`);
    // Failed: 8 % of the entries. The other worker's 1,500 come first by worker name (ascending)
    // and by creation (ascending); the found worker's 1,100 are past the cap, created in the
    // reverse of their ids' order (so a page sorted by creation is not one sorted by id).
    await add(other, 'completed', 30_000);
    await add(other, 'failed', 1_500);
    await add(found, 'failed', 1_100, `now() + interval '1 hour' - g * interval '1 second'`);
    await add(found, 'completed', 500);
  }, 120_000);
  afterAll(async () => t?.close());

  it.each([
    ['worker', 'asc', 'worker_name asc, id asc'],
    ['worker', 'desc', 'worker_name desc, id desc'],
    ['created', 'asc', 'created_at asc, id asc'],
    ['created', 'desc', 'created_at desc, id desc'],
    ['duration', 'desc', 'coalesce(duration_minutes, -1) desc, id desc'],
  ])('sort=%s&order=%s: every page in order, walked or sorted', async (sort, order, by) => {
    const query = `status=failed&search=Virtanen&sort=${sort}&order=${order}&limit=100`;
    const { first, ids: seen } = await everyEntryPage(t, admin, query);
    expect(first.total).toBe(1000);
    expect(first.total_capped).toBe(true);
    const expected = await rows(
      `select id from work_entries where status = 'failed' and user_id = ${found} order by ${by}`,
    );
    expect(seen).toEqual(expected.map((r) => Number(r.id)));
  });
});
