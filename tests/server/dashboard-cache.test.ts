/**
 * The dashboard summary remembers its recent five and chart per site and view with the site's
 * entry version (routes/work-entries/versioned-cache.ts): one statement when nothing changed, and
 * never a stale answer after a commit, whichever connection (process) made it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInEveryRole } from './support/actors.ts';
import { elsewhere as elsewhereIn, statementsDuring } from './work-entries-cache-support.ts';
import { buildEntriesApp, insertEntry, makePosition, setSiteSettings } from './work-entries-support.ts';

describe.each(DRIVERS)('dashboard summary cache (%s)', (driver) => {
  let t: TestApp;
  let roles: Awaited<ReturnType<typeof signInEveryRole>>;
  let positionId: number;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    roles = await signInEveryRole(t);
    positionId = (await makePosition(t, { positionName: 'Gate B' })).id;
    for (let i = 0; i < 3; i++)
      await insertEntry(t, { userId: roles.worker.id, positionId, status: 'completed' });
  });
  afterAll(async () => t?.close());

  const summary = async (who: Actor) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const elsewhere = (text: string, values: unknown[] = []) => elsewhereIn(t, text, values);

  it('answers from one statement when no entry changed', async () => {
    const first = await summary(roles.admin);
    const seen = await statementsDuring(t, async () => {
      expect(await summary(roles.admin)).toEqual(first);
    });
    expect(seen).toHaveLength(1);
  });

  it('sees an entry another connection inserted, and its status change', async () => {
    const before = await summary(roles.admin);
    await elsewhere(
      `insert into work_entries (site_id, user_id, position_id, status, task_name) values ('main', $1, $2, 'in_progress', 'From elsewhere')`,
      [roles.worker.id, positionId],
    );
    const after = await summary(roles.admin);
    expect(after.counts.work_entries).toBe(before.counts.work_entries + 1);
    expect(after.recent[0]).toMatchObject({ task_name: 'From elsewhere', status: 'in_progress' });
    expect(after.per_day.at(-1).in_progress).toBe(before.per_day.at(-1).in_progress + 1);

    await elsewhere(`update work_entries set status = 'paused' where task_name = 'From elsewhere'`);
    const paused = await summary(roles.admin);
    expect(paused.counts.work_entries).toBe(after.counts.work_entries);
    expect(paused.recent[0]).toMatchObject({ task_name: 'From elsewhere', status: 'paused' });
    expect(paused.per_day.at(-1).in_progress).toBe(before.per_day.at(-1).in_progress);
    expect(paused.per_day.at(-1).paused).toBe(before.per_day.at(-1).paused + 1);

    await elsewhere(`delete from work_entries where task_name = 'From elsewhere'`);
    expect(await summary(roles.admin)).toEqual(before);
  });

  it('shows a renamed worker’s new name in the recent entries', async () => {
    await summary(roles.admin);
    await elsewhere(`update users set first_name = 'Renamed' where id = $1`, [roles.worker.id]);
    try {
      const s = await summary(roles.admin);
      expect(s.recent[0].first_name).toBe('Renamed');
    } finally {
      await t.app.database.db.update(users).set({ firstName: 'Test' }).where(eq(users.id, roles.worker.id));
    }
  });

  it('keeps each view apart: a worker never gets the site’s cached answer, nor the site a worker’s', async () => {
    await insertEntry(t, { userId: roles.manager.id, positionId, status: 'failed' });
    const site = await summary(roles.admin);
    const own = await summary(roles.worker);
    expect(own.counts.work_entries).toBe(3);
    expect(own.recent.every((r: { status: string }) => r.status === 'completed')).toBe(true);
    expect(site.counts.work_entries).toBe(4);
    expect(await summary(roles.admin)).toEqual(site);
    expect(await summary(roles.worker)).toEqual(own);
  });

  it('follows a change of the site’s time zone and of the small tables’ counts', async () => {
    const before = await summary(roles.admin);
    await makePosition(t);
    await setSiteSettings(t, { timezone: 'Pacific/Kiritimati' });
    try {
      const s = await summary(roles.admin);
      expect(s.time_zone).toBe('Pacific/Kiritimati');
      expect(s.counts.positions).toBe(before.counts.positions + 1);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      expect(s.per_day.at(-1).date).toBe(today);
    } finally {
      await setSiteSettings(t, { timezone: 'UTC' });
    }
  });
});
