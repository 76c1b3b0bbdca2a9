/**
 * GET /work-entries' first page: the unfiltered total comes in the page's own statement, and a
 * filtered count is remembered with the site's entry version, so a repeated first page is one
 * statement, and any commit on the site's entries (from any connection) makes it count again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInEveryRole } from './support/actors.ts';
import {
  elsewhere as elsewhereIn,
  everyEntryPage,
  listEntries,
  statementsDuring,
} from './work-entries-cache-support.ts';
import { buildEntriesApp, insertEntry, makePosition, makeTask } from './work-entries-support.ts';

describe.each(DRIVERS)('work entry list counts (%s)', (driver) => {
  let t: TestApp;
  let roles: Awaited<ReturnType<typeof signInEveryRole>>;
  let positionId: number;
  const elsewhere = (text: string, values: unknown[] = []) => elsewhereIn(t, text, values);

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    roles = await signInEveryRole(t);
    positionId = (await makePosition(t)).id;
    for (let i = 0; i < 6; i++) {
      await insertEntry(t, { userId: roles.worker.id, positionId, status: i < 4 ? 'failed' : 'completed' });
    }
  });
  afterAll(async () => t?.close());

  const list = (who: Actor, query: string) => listEntries(t, who, query);
  /** n entries of the worker's at the position, a second apart, inserted from another connection. */
  const addEntries = (n: number, status = 'failed') =>
    elsewhere(
      `insert into work_entries (site_id, user_id, position_id, status, created_at)
       select 'main', $1, $2, '${status}', now() - g * interval '1 second' from generate_series(1, ${n}) g`,
      [roles.worker.id, positionId],
    );
  const addFailed = (n: number) => addEntries(n);

  it('reads the unfiltered total in the page’s own statement, fresh after another connection’s insert', async () => {
    const first = await list(roles.admin, 'limit=2');
    expect(first).toMatchObject({ total: 6, total_capped: false });
    const seen = await statementsDuring(t, async () =>
      expect(await list(roles.admin, 'limit=2')).toEqual(first),
    );
    expect(seen).toHaveLength(1);
    await addFailed(1);
    expect((await list(roles.admin, 'limit=2')).total).toBe(7);
    await elsewhere(`delete from work_entries where id = (select max(id) from work_entries)`);
    expect((await list(roles.admin, 'limit=2')).total).toBe(6);
  });

  it('answers a repeated filtered first page from one statement, and counts again after a change', async () => {
    const first = await list(roles.admin, 'status=failed&limit=2');
    expect(first).toMatchObject({ total: 4, total_capped: false });
    const seen = await statementsDuring(t, async () =>
      expect(await list(roles.admin, 'status=failed&limit=2')).toEqual(first),
    );
    expect(seen).toHaveLength(1);
    await addFailed(2);
    expect((await list(roles.admin, 'status=failed&limit=2')).total).toBe(6);
    await elsewhere(`update work_entries set status = 'cancelled' where status = 'failed'`);
    const none = await list(roles.admin, 'status=failed&limit=2');
    expect(none).toMatchObject({ work_entries: [], total: 0, next_cursor: null });
  });

  it('checks a remembered "no match" against the version before answering it again', async () => {
    const query = 'status=paused&limit=5';
    expect((await list(roles.admin, query)).total).toBe(0);
    const seen = await statementsDuring(t, async () =>
      expect((await list(roles.admin, query)).total).toBe(0),
    );
    expect(seen).toHaveLength(1);
    await elsewhere(
      `insert into work_entries (site_id, user_id, position_id, status) values ('main', $1, $2, 'paused')`,
      [roles.worker.id, positionId],
    );
    const after = await list(roles.admin, query);
    expect(after.total).toBe(1);
    expect(after.work_entries).toHaveLength(1);
  });

  it('keeps each caller’s scope apart: a worker’s count is never the site’s', async () => {
    await insertEntry(t, { userId: roles.manager.id, positionId, status: 'cancelled' });
    const site = await list(roles.admin, 'status=cancelled&limit=50');
    const own = await list(roles.worker, 'status=cancelled&limit=50');
    expect(site.total).toBe(own.total + 1);
    expect(own.work_entries.every((e: { user_id: number }) => e.user_id === roles.worker.id)).toBe(true);
    expect((await list(roles.worker, 'status=cancelled&limit=50')).total).toBe(own.total);
  });

  it('keeps a count past the cap while entries are only added, and counts again after an update or delete', async () => {
    const addInProgress = (n: number) => addEntries(n, 'in_progress');
    const query = 'status=in_progress&limit=5';
    // The count is in the page's statement: kept while it holds (a case the statement decides on).
    const counted = (statements: string[]) => statements.filter((s) => /count\(\*\)/.test(s)).length;
    await addInProgress(1001);
    expect(await list(roles.admin, query)).toMatchObject({ total: 1000, total_capped: true });

    // A worker checks in: the page shows the new entry first, the count is not read again.
    await elsewhere(
      `insert into work_entries (site_id, user_id, position_id, status, notes) values ('main', $1, $2, 'in_progress', 'just now')`,
      [roles.worker.id, positionId],
    );
    let page: { total: number; total_capped: boolean; work_entries: { notes: string | null }[] } | undefined;
    const afterInsert = await statementsDuring(t, async () => {
      page = await list(roles.admin, query);
    });
    expect(page).toMatchObject({ total: 1000, total_capped: true });
    expect(page?.work_entries[0]?.notes).toBe('just now');
    // The kept first page's version checked, then the page, its count inside it.
    expect(afterInsert).toHaveLength(2);
    expect(counted(afterInsert)).toBe(1);

    // An update can take matches away: counted again, exactly, below the cap now.
    await elsewhere(
      `update work_entries set status = 'cancelled' where id in (select id from work_entries where status = 'in_progress' order by id limit 102)`,
    );
    const afterUpdate = await statementsDuring(t, async () =>
      expect(await list(roles.admin, query)).toMatchObject({ total: 900, total_capped: false }),
    );
    expect(afterUpdate).toHaveLength(2);

    // Below the cap, an insert is counted: the total is exact.
    await addInProgress(1);
    expect(await list(roles.admin, query)).toMatchObject({ total: 901, total_capped: false });

    // Past the cap again, then a delete: counted again.
    await addInProgress(200);
    expect(await list(roles.admin, query)).toMatchObject({ total: 1000, total_capped: true });
    await elsewhere(
      `delete from work_entries where id in (select id from work_entries where status = 'in_progress' order by id limit 200)`,
    );
    expect(await list(roles.admin, query)).toMatchObject({ total: 901, total_capped: false });
    await elsewhere(`update work_entries set status = 'completed' where status = 'in_progress'`);
  });

  it('keeps a count past the cap while fewer entries changed than it counted past the cap, from where it was counted', async () => {
    const query = 'status=in_progress&limit=5';
    const changeSome = (n: number) =>
      elsewhere(
        `update work_entries set status = 'completed' where id in (select id from work_entries where status = 'in_progress' order by id limit ${n})`,
      );
    await addEntries(1100, 'in_progress');
    // 1,100 counted: 99 past the cap, so up to 99 changed entries cannot bring it under.
    expect(await list(roles.admin, query)).toMatchObject({ total: 1000, total_capped: true });
    await changeSome(60);
    expect(await list(roles.admin, query)).toMatchObject({ total: 1000, total_capped: true });
    // 120 changed since it was counted (the read after the first 60 did not start the margin
    // again): 980 left, counted exactly.
    await changeSome(60);
    expect(await list(roles.admin, query)).toMatchObject({ total: 980, total_capped: false });
    await changeSome(980);
    expect(await list(roles.admin, query)).toMatchObject({ total: 0 });
  });

  it('counts a search again after the task it matched by name is renamed', async () => {
    const task = await makeTask(t, undefined, { taskName: 'Rebar inspection', taskCode: 'REBAR' });
    await elsewhere(
      `insert into work_entries (site_id, user_id, position_id, task_id, status, notes)
       select 'main', $1, $2, case when g <= 1001 then $3::int end, 'completed', case when g > 1001 then 'rebar offcut' end
       from generate_series(1, 1006) g`,
      [roles.worker.id, positionId, task.id],
    );
    expect(await list(roles.admin, 'search=rebar&limit=5')).toMatchObject({
      total: 1000,
      total_capped: true,
    });
    await elsewhere(`update tasks set task_name = 'Formwork check', task_code = 'FORM' where id = $1`, [
      task.id,
    ]);
    // Only the five entries whose notes name it are left.
    expect(await list(roles.admin, 'search=rebar&limit=5')).toMatchObject({ total: 5, total_capped: false });
  });

  it('pages each row once when the count grows past the few-matches line between two first pages', async () => {
    await elsewhere(`update work_entries set status = 'completed' where status = 'failed'`);
    await addFailed(3);
    expect((await list(roles.admin, 'status=failed&limit=2')).total).toBe(3);
    await addFailed(1100);
    const { first, ids } = await everyEntryPage(t, roles.admin, 'status=failed&limit=100');
    expect(first).toMatchObject({ total: 1000, total_capped: true });
    expect(ids).toHaveLength(1103);
    expect(new Set(ids).size).toBe(1103);
  });
});
