/**
 * GET /dashboard/summary: counts by permission, the five newest entries the caller may see, and
 * 14 days of entries by status in the site's time zone, kept right through status changes and
 * deletions by the counting triggers.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, taskTemplates, workEntries } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs, signInEveryRole } from './support/actors.ts';
import {
  buildEntriesApp,
  insertEntry,
  makePosition,
  makeTask,
  setSiteSettings,
} from './work-entries-support.ts';

const DAY = 86_400_000;

describe.each(DRIVERS)('dashboard summary (%s)', (driver) => {
  let t: TestApp;
  let roles: Awaited<ReturnType<typeof signInEveryRole>>;
  let otherWorker: Actor;
  let positionId: number;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    roles = await signInEveryRole(t);
    otherWorker = await signInAs(t, 'worker');
    positionId = (await makePosition(t, { positionName: 'Gate A' })).id;
    await makeTask(t, positionId);
    // The Tasks card counts the template library it opens: one template here, one catalogue task above.
    await t.app.database.db
      .insert(taskTemplates)
      .values({ siteId: 'main', taskCode: 'CHECK', taskName: 'Check' });
    const now = Date.now();
    // Today 3 completed and 1 in progress (the worker's), 3 days ago 2 failed, 20 days ago 5 completed (off the chart).
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    for (const [userId, status, daysAgo, n] of [
      [roles.worker.id, 'completed', 0, 3],
      [roles.worker.id, 'in_progress', 0, 1],
      [otherWorker.id, 'failed', 3, 2],
      [otherWorker.id, 'completed', 20, 5],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await insertEntry(t, { userId, positionId, status, createdAt: at(daysAgo), taskName: 'Check' });
      }
    }
    // Another site's entries count nowhere here.
    await t.app.database.db.insert(sites).values({ id: 'elsewhere', name: 'Elsewhere' });
    await t.app.database.db
      .insert(taskTemplates)
      .values({ siteId: 'elsewhere', taskCode: 'CHECK', taskName: 'Not here' });
    const foreignUser = await signInAs(t, 'worker', 'elsewhere');
    const foreignPosition = await makePosition(t, { siteId: 'elsewhere' });
    await insertEntry(t, { siteId: 'elsewhere', userId: foreignUser.id, positionId: foreignPosition.id });
  });
  afterAll(async () => t?.close());

  const summary = async (who: Actor) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const total = (days: { [k: string]: number | string }[], status: string) =>
    days.reduce((n, d) => n + (d[status] as number), 0);

  it('a manager sees the site’s counts, the newest five and the 14-day chart', async () => {
    const s = await summary(roles.manager);
    expect(s.counts).toMatchObject({ positions: 1, tasks: 1, work_entries: 11, work_entries_capped: false });
    // The admin created on first start, one per role, and the other worker.
    expect(s.counts.users).toBe(6);
    expect(s.recent).toHaveLength(5);
    const created = s.recent.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(s.recent[0]).toMatchObject({ position_name: 'Gate A', task_name: 'Check' });
    expect(s.per_day).toHaveLength(14);
    expect(s.per_day.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(s.per_day.at(-1)).toMatchObject({ completed: 3, in_progress: 1 });
    expect(total(s.per_day, 'failed')).toBe(2);
    expect(total(s.per_day, 'completed')).toBe(3);
  });

  it('a worker sees only their own entries, and no users count (no users.read)', async () => {
    const s = await summary(roles.worker);
    expect(s.counts).toMatchObject({ users: null, positions: 1, tasks: 1, work_entries: 4 });
    expect(s.recent).toHaveLength(4);
    expect(total(s.per_day, 'failed')).toBe(0);
    expect(s.per_day.at(-1)).toMatchObject({ completed: 3, in_progress: 1 });
  });

  it('follows status changes and deletions (the counting triggers)', async () => {
    const entry = await insertEntry(t, { userId: roles.worker.id, positionId, status: 'in_progress' });
    const before = await summary(roles.admin);
    await t.app.database.db
      .update(workEntries)
      .set({ status: 'completed' })
      .where(eq(workEntries.id, entry.id));
    const after = await summary(roles.admin);
    expect(after.per_day.at(-1).completed).toBe(before.per_day.at(-1).completed + 1);
    expect(after.per_day.at(-1).in_progress).toBe(before.per_day.at(-1).in_progress - 1);
    await t.app.database.db.delete(workEntries).where(eq(workEntries.id, entry.id));
    const gone = await summary(roles.admin);
    expect(gone.counts.work_entries).toBe(before.counts.work_entries - 1);
    expect(gone.per_day.at(-1).completed).toBe(before.per_day.at(-1).completed);
  });

  it('keeps the totals equal to a real count after bulk writes', async () => {
    await t.app.database.db.execute(sql`
      insert into work_entries (site_id, user_id, position_id, status, created_at)
      select 'main', ${otherWorker.id}, ${positionId}, 'failed', now() - g * interval '1 hour' from generate_series(1, 300) g`);
    await t.app.database.db.execute(
      sql`update work_entries set status = 'cancelled' where status = 'failed' and site_id = 'main'`,
    );
    const s = await summary(roles.owner);
    const [real] = await t.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workEntries)
      .where(eq(workEntries.siteId, 'main'));
    expect(s.counts.work_entries).toBe(real.n);
    expect(total(s.per_day, 'failed')).toBe(0);
    expect(total(s.per_day, 'cancelled')).toBe(302);
  });

  it('counts days in the site’s time zone', async () => {
    await setSiteSettings(t, { timezone: 'Pacific/Kiritimati' });
    try {
      const s = await summary(roles.admin);
      expect(s.time_zone).toBe('Pacific/Kiritimati');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      expect(s.per_day.at(-1).date).toBe(today);
    } finally {
      await setSiteSettings(t, { timezone: 'UTC' });
    }
  });
});
