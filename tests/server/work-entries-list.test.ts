/**
 * GET /work-entries: keyset pages through every sort in both orders (each page continuing exactly
 * where the last ended, no row twice or missed), the filters, the search, the capped count, the
 * caller's scope, and cursors that are not the list's own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workEntries } from '../../server/src/db/schema/index.ts';
import { filterCondition, pageAfter } from '../../server/src/repositories/work-entries.ts';
import { WORK_ENTRY_SORTS, WORK_ENTRY_STATUSES } from '../../src/domain/work-entries.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { type EntriesPage, listEntries } from './work-entries-cache-support.ts';
import { buildEntriesApp, makePosition, makeTask, setSiteSettings } from './work-entries-support.ts';

interface Entry {
  id: number;
  status: string;
  first_name: string;
  last_name: string;
  position_name: string;
  task_name: string | null;
  duration_minutes: number | null;
  created_at: string;
  completed_at: string | null;
  notes: string | null;
  user_id: number;
  position_id: number;
  task_id: number | null;
}

const ENTRIES = 60;

describe.each(DRIVERS)('work entry list (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let workers: Actor[];
  let positionIds: number[];
  let taskIds: number[];

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
    workers = [await signInAs(t, 'worker'), await signInAs(t, 'worker'), await signInAs(t, 'worker')];
    positionIds = [
      (await makePosition(t, { positionName: 'North bay' })).id,
      (await makePosition(t, { positionName: 'South bay' })).id,
    ];
    taskIds = [
      (await makeTask(t, undefined, { taskName: 'Formwork' })).id,
      (await makeTask(t, undefined, { taskName: 'Rebar' })).id,
    ];
    const base = Date.parse('2025-03-01T12:00:00Z');
    const rows = Array.from({ length: ENTRIES }, (_, i) => {
      const status = WORK_ENTRY_STATUSES[i % 5];
      const closed = status === 'completed' || status === 'failed' || status === 'cancelled';
      // Some share a created_at, so ties are broken by id.
      const created = new Date(base + Math.floor(i / 2) * 3_600_000);
      return {
        siteId: 'main',
        userId: workers[i % 3].id,
        positionId: positionIds[i % 2],
        taskId: i % 7 === 0 ? null : taskIds[i % 2],
        taskName: i % 7 === 0 ? null : i % 2 ? 'Rebar' : 'Formwork',
        status,
        createdAt: created,
        startedAt: created,
        completedAt: closed ? new Date(created.getTime() + (i % 4) * 600_000) : null,
        durationMinutes: closed ? (i % 4) * 10 : null,
        notes: i % 10 === 0 ? `Concrete pour number ${i}` : i % 10 === 1 ? 'Waiting for cranes' : null,
      } as const;
    });
    await t.app.database.db.insert(workEntries).values(rows as never);
    // Microseconds JavaScript dates cannot hold: a cursor must carry them exactly.
    await t.app.database.db.execute(
      sql`update work_entries set created_at = created_at + interval '7 microseconds' where id % 3 = 0`,
    );
  });
  afterAll(async () => t?.close());

  const list = async (query: string, who: Actor = admin) =>
    (await listEntries(t, who, query)) as Omit<EntriesPage, 'work_entries'> & { work_entries: Entry[] };

  /** Every page of a query, following next_cursor. */
  const all = async (query: string, who: Actor = admin, limit = 7) => {
    const seen: Entry[] = [];
    let page = await list(`${query}&limit=${limit}`, who);
    const total = page.total;
    seen.push(...page.work_entries);
    while (page.next_cursor) {
      page = await list(`${query}&limit=${limit}&cursor=${encodeURIComponent(page.next_cursor)}`, who);
      expect(page.total).toBeNull();
      seen.push(...page.work_entries);
    }
    return { seen, total };
  };

  /** The order each sort promises, written independently as plain SQL over the joined names. */
  const ORACLE: Record<string, string> = {
    created: 'w.created_at {d}, w.id {d}',
    completed: 'w.completed_at {d} nulls {n}, w.id {d}',
    status: 'w.status {d}, w.created_at {d}, w.id {d}',
    worker: "(u.first_name || ' ' || u.last_name) {d}, w.id {d}",
    position: 'p.position_name {d}, w.id {d}',
    task: "coalesce(w.task_name, '') {d}, w.id {d}",
    duration: 'coalesce(w.duration_minutes, -1) {d}, w.id {d}',
  };

  const expectedIds = async (sort: string, order: 'asc' | 'desc') => {
    const by = ORACLE[sort].replaceAll('{d}', order).replaceAll('{n}', order === 'asc' ? 'last' : 'first');
    const result = await t.app.database.db.execute(
      sql.raw(
        `select w.id from work_entries w join users u on u.id = w.user_id join positions p on p.id = w.position_id order by ${by}`,
      ),
    );
    const rows = (
      Array.isArray(result) ? result : (result as unknown as { rows: { id: number }[] }).rows
    ) as { id: number }[];
    return rows.map((r) => r.id);
  };

  it.each(WORK_ENTRY_SORTS)(
    'pages by %s in both orders: each row once, in the promised order',
    async (sort) => {
      for (const order of ['asc', 'desc'] as const) {
        const { seen, total } = await all(`sort=${sort}&order=${order}`);
        expect(total).toBe(ENTRIES);
        expect(seen.map((e) => e.id)).toEqual(await expectedIds(sort, order));
      }
    },
  );

  it.each(WORK_ENTRY_SORTS)(
    'walks the %s index (many matches) in the same order as it sorts few',
    async (sort) => {
      for (const order of ['asc', 'desc'] as const) {
        const condition = await filterCondition(t.app.database.db, 'main', { timeZone: 'UTC' });
        const seen: number[] = [];
        let cursor: string | undefined;
        do {
          const page = await pageAfter(t.app.database.db, condition, { sort, order, few: false }, 9, cursor);
          seen.push(...page.rows.map((r) => r.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen).toEqual(await expectedIds(sort, order));
      }
    },
  );

  it('pages a status sort within one status from where the cursor is, whichever status the cursor is at', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const completed = new Set((await list('status=completed&limit=100')).work_entries.map((e) => e.id));
      const whole = await expectedIds('status', order);
      const expected = whole.filter((id) => completed.has(id));
      const { seen } = await all(`sort=status&order=${order}&status=completed`, admin, 4);
      expect(seen.map((e) => e.id)).toEqual(expected);
      // A cursor at a row of another status (here from the unfiltered list), given with the filter:
      // the rows after it in the whole order, of the filter's status.
      const unfiltered = await list(`sort=status&order=${order}&limit=3`);
      const at = unfiltered.work_entries.at(-1) as Entry;
      expect(at.status).not.toBe('completed');
      const after = await list(
        `sort=status&order=${order}&status=completed&limit=100&cursor=${encodeURIComponent(unfiltered.next_cursor as string)}`,
      );
      expect(after.work_entries.map((e) => e.id)).toEqual(
        whole.slice(whole.indexOf(at.id) + 1).filter((id) => completed.has(id)),
      );
    }
  });

  it('filters by status, worker, position and task, together', async () => {
    const { seen } = await all(
      `status=completed&user_id=${workers[0].id}&position_id=${positionIds[1]}&task_id=${taskIds[1]}`,
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const e of seen) {
      expect(e).toMatchObject({
        status: 'completed',
        user_id: workers[0].id,
        position_id: positionIds[1],
        task_id: taskIds[1],
      });
    }
  });

  it('filters by days in the site’s time zone, both ends included', async () => {
    await setSiteSettings(t, { timezone: 'Europe/Helsinki' });
    // 2025-03-01 12:00Z + 11 h is 23:00Z, which is already 2 March in Helsinki (UTC+2).
    const { seen } = await all('from=2025-03-02&to=2025-03-02&sort=created&order=asc');
    expect(seen.length).toBeGreaterThan(0);
    for (const e of seen) {
      const local = new Date(Date.parse(e.created_at) + 2 * 3_600_000).toISOString().slice(0, 10);
      expect(local).toBe('2025-03-02');
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/work-entries?from=2025-03-03&to=2025-03-02',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('to');
    await setSiteSettings(t, { timezone: 'UTC' });
  });

  it('searches the worker’s, position’s and task’s names and the words of the notes', async () => {
    const notes = await all('search=concr');
    expect(notes.seen.length).toBe(6);
    expect(notes.seen.every((e) => e.notes?.startsWith('Concrete'))).toBe(true);
    const position = await all('search=south');
    expect(position.seen.length).toBe(ENTRIES / 2);
    const task = await all('search=rebar');
    expect(task.seen.every((e) => e.task_name === 'Rebar')).toBe(true);
    const none = await list('search=%25_nothing');
    expect(none).toMatchObject({ work_entries: [], total: 0, next_cursor: null });
  });

  it('shows a worker only their own entries; a manager (view_all) the site’s', async () => {
    const own = await all('sort=created', workers[1]);
    expect(own.seen.length).toBe(ENTRIES / 3);
    expect(own.seen.every((e) => e.user_id === workers[1].id)).toBe(true);
    // A worker filtering by another worker still sees nothing of theirs.
    expect((await list(`user_id=${workers[0].id}`, workers[1])).work_entries).toEqual([]);
    expect((await all('sort=created', manager)).total).toBe(ENTRIES);
  });

  it('counts up to the cap and says there are more', async () => {
    const page = await list('limit=1');
    expect(page).toMatchObject({ total: ENTRIES, total_capped: false });
    expect(page.work_entries).toHaveLength(1);
  });

  it('answers 400 on cursor for a cursor of another sort, order, or not one at all', async () => {
    const first = await list('sort=worker&order=asc&limit=2');
    const cursor = encodeURIComponent(first.next_cursor as string);
    const forged = Buffer.from(JSON.stringify(['created', 'desc', 'not a time', 5])).toString('base64url');
    // The shape of a time but no time: PostgreSQL would refuse the cast (a 500 before).
    const noTime = (v: string) =>
      Buffer.from(JSON.stringify(['created', 'desc', 0, v, 5])).toString('base64url');
    for (const q of [
      `cursor=${noTime('9999-99-99 99:99:99+00')}`,
      `cursor=${noTime('2026-02-30 10:00:00+00')}`,
      `cursor=${noTime('2026-02-28 10:00:00+99')}`,
      `sort=task&order=asc&cursor=${cursor}`,
      `sort=worker&order=desc&cursor=${cursor}`,
      'cursor=abc',
      `cursor=${forged}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/work-entries?${q}`,
        headers: admin.headers,
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().details[0].field).toBe('cursor');
    }
  });

  it('rejects bad filters with the field', async () => {
    for (const [q, field] of [
      ['status=done', 'status'],
      ['sort=name', 'sort'],
      ['limit=101', 'limit'],
      ['from=2025-13-01', 'from'],
      ['user_id=abc', 'user_id'],
      ['colour=red', 'colour'],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/work-entries?${q}`,
        headers: admin.headers,
      });
      expect(res.statusCode, q).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        q,
      ).toContain(field);
    }
  });
});
