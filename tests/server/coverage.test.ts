/**
 * Coverage: the close job's verdicts (on time, late, missed) stored once with their
 * rule, a manager's excuse, the report's totals, days, positions worst first and workers, the CSV
 * (formulas defused), the windows list, permissions and another site's isolation.
 */
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageWindows, sites, visitSchedules } from '../../server/src/db/schema/index.ts';
import { runCoverageClose } from '../../server/src/jobs/coverage-close.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { insertEntry, makePosition, setSiteSettings } from './work-entries-support.ts';

// Thursday 15 January 2026 in Helsinki (UTC+2): 06–12 every 2 hours is 04–06, 06–08, 08–10 UTC.
const NOW = new Date('2026-01-16T00:00:00Z');
const PERIOD = 'from=2026-01-15&to=2026-01-15';

describe.each(DRIVERS)('coverage (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let worker: Actor;
  let other: Actor;
  let a: { id: number; positionCode: string };
  let b: { id: number; positionCode: string };
  let scheduleId: number;
  const bodies: string[] = [];

  const call = async (actor: Actor, opts: Omit<InjectOptions, 'headers'>) => {
    const res = await t.app.inject({ ...opts, headers: actor.headers } as InjectOptions);
    bodies.push(res.body);
    return res;
  };
  const report = async (query = '') =>
    (await call(manager, { method: 'GET', url: `/api/v1/coverage/report?${PERIOD}${query}` })).json();

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    other = await signInAs(t, 'admin', 'other');
    await setSiteSettings(t, { timezone: 'Europe/Helsinki' });
    a = await makePosition(t, { positionCode: 'A-GATE' });
    b = await makePosition(t, { positionCode: 'B-YARD' });
    const group = await call(admin, {
      method: 'POST',
      url: '/api/v1/position-groups',
      payload: { group_name: 'Perimeter', group_code: 'PERIM', position_ids: [a.id, b.id] },
    });
    const created = await call(manager, {
      method: 'POST',
      url: '/api/v1/visit-schedules',
      payload: {
        schedule_name: '=Rounds',
        position_group_id: group.json().position_group.id,
        days: [1, 2, 3, 4, 5, 6, 7],
        window_start: '06:00',
        window_end: '12:00',
        frequency_kind: 'every',
        frequency_value: 2,
        tolerance_minutes: 15,
      },
    });
    expect(created.statusCode).toBe(201);
    scheduleId = created.json().visit_schedule.id;
    // The schedule has been in force since the start of the day judged.
    await t.app.database.db
      .update(visitSchedules)
      .set({ ruleFrom: new Date('2026-01-15T00:00:00Z') })
      .where(eq(visitSchedules.id, scheduleId));
    // A: on time in the first slot; 08:10 is late for the second (ends 08:00) and on time for the third.
    await insertEntry(t, {
      userId: worker.id,
      positionId: a.id,
      startedAt: new Date('2026-01-15T05:00:00Z'),
    });
    await insertEntry(t, {
      userId: worker.id,
      positionId: a.id,
      startedAt: new Date('2026-01-15T08:10:00Z'),
    });
    // An entry at B after every tolerance: still missed.
    await insertEntry(t, {
      userId: worker.id,
      positionId: b.id,
      startedAt: new Date('2026-01-15T10:30:00Z'),
    });
  });
  afterAll(async () => {
    expect(bodies.filter((x) => x.includes('"statusCode":500'))).toEqual([]);
    await t?.close();
  });

  it('judges each window once, with the rule it was judged by', async () => {
    const first = await runCoverageClose(t.app.database.db, { now: NOW });
    expect(first).toEqual([{ siteId: 'main', stored: 6 }]);
    const again = await runCoverageClose(t.app.database.db, { now: NOW });
    expect(again).toEqual([{ siteId: 'main', stored: 0 }]);
    const rows = await t.app.database.db
      .select()
      .from(coverageWindows)
      .orderBy(coverageWindows.positionId, coverageWindows.windowStart);
    expect(rows.map((r) => [r.positionId, r.windowStart.toISOString(), r.verdict])).toEqual([
      [a.id, '2026-01-15T04:00:00.000Z', 'on_time'],
      [a.id, '2026-01-15T06:00:00.000Z', 'late'],
      [a.id, '2026-01-15T08:00:00.000Z', 'on_time'],
      [b.id, '2026-01-15T04:00:00.000Z', 'missed'],
      [b.id, '2026-01-15T06:00:00.000Z', 'missed'],
      [b.id, '2026-01-15T08:00:00.000Z', 'missed'],
    ]);
    expect(rows[0].rule).toMatchObject({ frequency_value: 2, time_zone: 'Europe/Helsinki' });
    expect(rows.every((r) => r.day === '2026-01-15')).toBe(true);
  });

  it('a later change of the schedule leaves the judged windows as they were', async () => {
    const res = await call(manager, {
      method: 'PUT',
      url: `/api/v1/visit-schedules/${scheduleId}`,
      payload: { frequency_value: 3, tolerance_minutes: 0 },
    });
    expect(res.statusCode).toBe(200);
    await runCoverageClose(t.app.database.db, { now: NOW });
    const rows = await t.app.database.db.select().from(coverageWindows);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.rule.frequency_value === 2 && r.rule.tolerance_minutes === 15)).toBe(true);
  });

  it('reports totals, days, positions worst first and workers', async () => {
    const body = await report();
    expect(body.time_zone).toBe('Europe/Helsinki');
    expect(body.totals).toEqual({
      windows: 6,
      on_time: 2,
      late: 1,
      missed: 3,
      excused: 0,
      on_time_percent: 33.3,
    });
    expect(body.days).toEqual([{ day: '2026-01-15', counts: body.totals }]);
    expect(body.positions.map((p: { position_code: string }) => p.position_code)).toEqual([
      'B-YARD',
      'A-GATE',
    ]);
    expect(body.workers).toEqual([
      {
        user_id: worker.id,
        worker_name: 'Test worker',
        counts: { windows: 3, on_time: 2, late: 1, missed: 0, excused: 0, on_time_percent: 66.7 },
      },
    ]);
    expect((await report(`&position_id=${a.id}`)).totals.windows).toBe(3);
    expect((await report(`&user_id=${worker.id}`)).totals.missed).toBe(0);
    const bad = await call(manager, {
      method: 'GET',
      url: '/api/v1/coverage/report?from=2026-01-16&to=2026-01-15',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('to');
  });

  it('lists windows with their entries, filtered and paged', async () => {
    const res = await call(manager, {
      method: 'GET',
      url: `/api/v1/coverage/windows?${PERIOD}&position_id=${a.id}&page_size=2`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(body.windows[0]).toMatchObject({
      verdict: 'on_time',
      position_code: 'A-GATE',
      tolerance_minutes: 15,
    });
    expect(body.windows[0].entries).toEqual([
      expect.objectContaining({
        user_id: worker.id,
        worker_name: 'Test worker',
        started_at: '2026-01-15T08:10:00.000Z',
      }),
    ]);
    const missed = await call(manager, {
      method: 'GET',
      url: `/api/v1/coverage/windows?${PERIOD}&verdict=missed`,
    });
    expect(missed.json().total).toBe(3);
  });

  it('a manager excuses a miss with a reason; an on-time window cannot be excused', async () => {
    const list = await call(manager, {
      method: 'GET',
      url: `/api/v1/coverage/windows?${PERIOD}&verdict=missed`,
    });
    const missedId = list.json().windows[0].id;
    const short = await call(manager, {
      method: 'POST',
      url: `/api/v1/coverage/windows/${missedId}/excuse`,
      payload: { reason: '  a ' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].field).toBe('reason');
    const byWorker = await call(worker, {
      method: 'POST',
      url: `/api/v1/coverage/windows/${missedId}/excuse`,
      payload: { reason: 'Gate locked' },
    });
    expect(byWorker.statusCode).toBe(403);
    const res = await call(manager, {
      method: 'POST',
      url: `/api/v1/coverage/windows/${missedId}/excuse`,
      payload: { reason: ' Gate locked by the client ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().window).toMatchObject({
      verdict: 'excused',
      judged_verdict: 'missed',
      excuse_reason: 'Gate locked by the client',
      excused_by_name: 'Test manager',
    });
    const twice = await call(manager, {
      method: 'POST',
      url: `/api/v1/coverage/windows/${missedId}/excuse`,
      payload: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await report()).totals).toMatchObject({ missed: 2, excused: 1, on_time_percent: 50 });
    const [event] = (
      (await t.app.database.db.execute(
        sql`select action from audit_events where entity_type = 'coverage_window' and entity_id = ${String(missedId)}`,
      )) as unknown as { rows: { action: string }[] }
    ).rows;
    expect(event?.action).toBe('coverage_window.excuse');
  });

  it('exports every window as CSV with formulas defused', async () => {
    const res = await call(manager, { method: 'GET', url: `/api/v1/coverage/report?${PERIOD}&format=csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'day,position_code,position_name,schedule_name,window_start,window_end,verdict,judged_verdict,entry_ids,workers,excuse_reason,excused_by,worker_reason',
    );
    expect(lines).toHaveLength(7);
    expect(lines.slice(1).every((l) => l.includes(",'=Rounds,"))).toBe(true);
    expect(lines.filter((l) => l.includes(',excused,missed,'))).toHaveLength(1);
  });

  it('workers are refused; another site sees none of it', async () => {
    for (const url of [`/api/v1/coverage/report?${PERIOD}`, `/api/v1/coverage/windows?${PERIOD}`]) {
      expect((await call(worker, { method: 'GET', url })).statusCode).toBe(403);
    }
    const theirs = await call(other, { method: 'GET', url: `/api/v1/coverage/report?${PERIOD}` });
    expect(theirs.json().totals.windows).toBe(0);
    const [row] = await t.app.database.db.select().from(coverageWindows).limit(1);
    const excuse = await call(other, {
      method: 'POST',
      url: `/api/v1/coverage/windows/${row.id}/excuse`,
      payload: { reason: 'Not mine' },
    });
    expect(excuse.statusCode).toBe(404);
  });
});
