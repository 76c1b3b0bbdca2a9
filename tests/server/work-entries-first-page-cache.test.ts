/**
 * GET /work-entries' first pages are kept with the site's entry version: a repeated view costs one
 * statement that reads no table, and whatever a page shows or matches beyond the entries' own
 * columns moves the version too (migration 0010), so no change is ever answered stale: photos,
 * a task's name, a position's code, a worker's names, the site's time zone. Changes are made from
 * another connection (PostgreSQL) or straight in SQL (PGlite), past the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInEveryRole } from './support/actors.ts';
import { elsewhere as elsewhereIn, listEntries, statementsDuring } from './work-entries-cache-support.ts';
import {
  buildEntriesApp,
  insertEntry,
  makePosition,
  makeTask,
  setSiteSettings,
} from './work-entries-support.ts';

describe.each(DRIVERS)('work entry first pages kept per version (%s)', (driver) => {
  let t: TestApp;
  let roles: Awaited<ReturnType<typeof signInEveryRole>>;
  let position: Awaited<ReturnType<typeof makePosition>>;
  let task: Awaited<ReturnType<typeof makeTask>>;
  let entryId: number;
  const elsewhere = (text: string, values: unknown[] = []) => elsewhereIn(t, text, values);

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    roles = await signInEveryRole(t);
    position = await makePosition(t, { positionCode: 'KEEP-1', positionName: 'Keeper bay' });
    task = await makeTask(t, position.id, { taskCode: 'KEEP-T', taskName: 'Anchor check' });
    // 23:30 UTC on 10 January is 01:30 on the 11th in Helsinki.
    const late = new Date('2026-01-10T23:30:00Z');
    const entry = await insertEntry(t, {
      userId: roles.worker.id,
      positionId: position.id,
      taskId: task.id,
      taskName: task.taskName,
      status: 'completed',
      createdAt: late,
      startedAt: late,
    });
    entryId = entry.id;
    await insertEntry(t, { userId: roles.manager.id, positionId: position.id, status: 'failed' });
  });
  afterAll(async () => t?.close());

  const list = (who: Actor, query: string) => listEntries(t, who, query);
  const ids = (answer: { work_entries: { id: number }[] }) => answer.work_entries.map((e) => e.id);

  it('answers a repeated first page, filtered or not, from one statement that reads no entry', async () => {
    for (const query of ['limit=5', 'status=completed&sort=worker&order=asc', `search=anchor`]) {
      const first = await list(roles.admin, query);
      const seen = await statementsDuring(t, async () =>
        expect(await list(roles.admin, query)).toEqual(first),
      );
      expect(seen).toHaveLength(1);
      expect(seen[0]).not.toMatch(/"work_entries"/);
    }
  });

  it('keeps each caller’s scope apart: a worker’s own first page is never an admin’s, nor the reverse', async () => {
    const all = await list(roles.admin, 'limit=10');
    const own = await list(roles.worker, 'limit=10');
    expect(ids(all)).toHaveLength(2);
    expect(ids(own)).toEqual([entryId]);
    expect(ids(await list(roles.admin, 'limit=10'))).toEqual(ids(all));
    expect(ids(await list(roles.worker, 'limit=10'))).toEqual([entryId]);
  });

  it('shows a photo added or removed past the API at once', async () => {
    const query = 'status=completed';
    expect((await list(roles.admin, query)).work_entries[0].photo_urls).toEqual([]);
    await elsewhere(
      `insert into work_entry_photos (site_id, work_entry_id, url) values ('main', $1, 'x.png')`,
      [entryId],
    );
    expect((await list(roles.admin, query)).work_entries[0].photo_urls).toHaveLength(1);
    await elsewhere(`delete from work_entry_photos where work_entry_id = $1`, [entryId]);
    expect((await list(roles.admin, query)).work_entries[0].photo_urls).toEqual([]);
  });

  it('finds entries by a task’s new name and a position’s new code at once', async () => {
    expect(ids(await list(roles.admin, 'search=zinc'))).toEqual([]);
    await elsewhere(`update tasks set task_name = 'Zinc coat' where id = $1`, [task.id]);
    expect(ids(await list(roles.admin, 'search=zinc'))).toEqual([entryId]);

    expect(ids(await list(roles.admin, 'search=QX-9&status=completed'))).toEqual([]);
    await elsewhere(`update positions set position_code = 'QX-9' where id = $1`, [position.id]);
    expect(ids(await list(roles.admin, 'search=QX-9&status=completed'))).toEqual([entryId]);
  });

  it('shows a worker’s names as now stored, even when their full name reads the same', async () => {
    await elsewhere(`update users set first_name = 'Anna Maria', last_name = 'Lee' where id = $1`, [
      roles.worker.id,
    ]);
    const before = (await list(roles.admin, 'status=completed')).work_entries[0];
    expect([before.first_name, before.last_name]).toEqual(['Anna Maria', 'Lee']);
    await elsewhere(`update users set first_name = 'Anna', last_name = 'Maria Lee' where id = $1`, [
      roles.worker.id,
    ]);
    const after = (await list(roles.admin, 'status=completed')).work_entries[0];
    expect([after.first_name, after.last_name]).toEqual(['Anna', 'Maria Lee']);
  });

  it('reads a day filter in the site’s time zone as it is now', async () => {
    const day = 'from=2026-01-11&to=2026-01-11';
    await setSiteSettings(t, { timezone: 'UTC' });
    expect(ids(await list(roles.admin, day))).toEqual([]);
    await setSiteSettings(t, { timezone: 'Europe/Helsinki' });
    expect(ids(await list(roles.admin, day))).toEqual([entryId]);
  });

  it('counts a new entry on a kept first page at once', async () => {
    const before = await list(roles.admin, 'limit=1');
    await elsewhere(
      `insert into work_entries (site_id, user_id, position_id, status) values ('main', $1, $2, 'in_progress')`,
      [roles.worker.id, position.id],
    );
    const after = await list(roles.admin, 'limit=1');
    expect(after.total).toBe(before.total + 1);
    expect(after.work_entries[0].status).toBe('in_progress');
  });

  it('reads a stale view once for requests arriving together, and each sees the change made before it asked', async () => {
    const query = 'status=failed&limit=2';
    const before = await list(roles.admin, query);
    await elsewhere(
      `insert into work_entries (site_id, user_id, position_id, status) values ('main', $1, $2, 'failed')`,
      [roles.manager.id, position.id],
    );
    let answers: { total: number }[] = [];
    const seen = await statementsDuring(t, async () => {
      answers = await Promise.all([
        list(roles.admin, query),
        list(roles.admin, query),
        list(roles.admin, query),
      ]);
    });
    for (const answer of answers) expect(answer.total).toBe(before.total + 1);
    // Each request checks the version; the page (and its count) is read once, not three times.
    expect(seen.filter((text) => /from "work_entries"/.test(text)).length).toBeLessThanOrEqual(2);
    expect(seen.filter((text) => /from "work_entries"/.test(text)).length).toBeGreaterThan(0);
  });
});
