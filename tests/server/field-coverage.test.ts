/**
 * A worker's coverage windows in the field app: today's and tomorrow's at the
 * positions of their area and those they visited, judged ones with their verdict and the rest
 * due; a reason for a missed or late one of their own, kept apart from a manager's excuse.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coverageWindows,
  userGroupPositionAccess,
  visitSchedules,
} from '../../server/src/db/schema/index.ts';
import { localDay } from '../../src/domain/coverage.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { insertGroup, insertPositionGroup } from './support/user-groups.ts';
import { makePosition } from './work-entries-support.ts';

describe.each(DRIVERS)('field coverage windows (%s)', (driver) => {
  let t: TestApp;
  let me: Actor;
  let colleague: Actor;
  let manager: Actor;
  const ids: Record<string, number> = {};
  let areaPositionId: number;
  const bodies: string[] = [];

  const call = async (actor: Actor, opts: Omit<InjectOptions, 'headers'>) => {
    const res = await t.app.inject({ ...opts, headers: actor.headers } as InjectOptions);
    bodies.push(res.body);
    return res;
  };
  const mine = (actor: Actor) => call(actor, { method: 'GET', url: '/api/v1/field/coverage-windows' });
  const reason = (actor: Actor, id: number, text: string) =>
    call(actor, {
      method: 'POST',
      url: `/api/v1/field/coverage-windows/${id}/reason`,
      payload: { reason: text },
    });

  beforeAll(async () => {
    t = await buildTestApp(driver);
    me = await signInAs(t, 'worker');
    colleague = await signInAs(t, 'worker');
    manager = await signInAs(t, 'manager');
    const db = t.app.database.db;
    const crew = await insertGroup(t, { memberIds: [me.id] });
    const area = await insertPositionGroup(t, { positionsActive: [true] });
    await db
      .insert(userGroupPositionAccess)
      .values({ siteId: 'main', userGroupId: crew.id, positionGroupId: area.id });
    const [{ positionId }] = (await db
      .execute(`select position_id as "positionId" from position_group_positions where group_id = ${area.id}`)
      .then((r) => (r as unknown as { rows: { positionId: number }[] }).rows)) as { positionId: number }[];
    areaPositionId = positionId;
    const outside = await makePosition(t, { positionCode: 'OUT-1' });
    // A schedule at the area's position: tomorrow's windows are due.
    await db.insert(visitSchedules).values({
      siteId: 'main',
      scheduleName: 'Night rounds',
      positionId: areaPositionId,
      days: [1, 2, 3, 4, 5, 6, 7],
      windowStart: '00:00',
      windowEnd: '00:00',
      frequencyKind: 'times',
      frequencyValue: 4,
    });
    await db.insert(visitSchedules).values({
      siteId: 'main',
      scheduleName: 'Elsewhere',
      positionId: outside.id,
      days: [1, 2, 3, 4, 5, 6, 7],
      windowStart: '00:00',
      windowEnd: '00:00',
      frequencyKind: 'times',
      frequencyValue: 4,
    });
    const today = localDay(new Date(), 'UTC');
    const at = (h: number) => new Date(`${today}T${String(h).padStart(2, '0')}:00:00Z`);
    const rule = {
      days: [1, 2, 3, 4, 5, 6, 7],
      window_start: '00:00',
      window_end: '00:00',
      frequency_kind: 'times' as const,
      frequency_value: 4,
      due_time: null,
      tolerance_minutes: 10,
      task_ids: null,
      time_zone: 'UTC',
    };
    const row = (
      name: string,
      positionId: number,
      start: number,
      verdict: string,
      visitedBy: number | null = null,
    ) => ({
      siteId: 'main',
      scheduleName: name,
      positionId,
      day: today,
      windowStart: at(start),
      windowEnd: at(start + 1),
      dueAt: at(start + 1),
      verdict,
      judgedVerdict: verdict,
      visitedBy,
      rule,
    });
    const rows = await db
      .insert(coverageWindows)
      .values([
        row('Area missed', areaPositionId, 0, 'missed'),
        row('Area on time', areaPositionId, 1, 'on_time', colleague.id),
        row('Outside missed', outside.id, 2, 'missed'),
        row('Outside late, mine', outside.id, 3, 'late', me.id),
      ])
      .returning({ id: coverageWindows.id, name: coverageWindows.scheduleName });
    for (const r of rows) ids[r.name] = r.id;
  });
  afterAll(async () => {
    expect(bodies.filter((x) => x.includes('"statusCode":500'))).toEqual([]);
    await t?.close();
  });

  it('shows my area’s windows and those I visited, judged and due, never others', async () => {
    const res = await mine(me);
    expect(res.statusCode).toBe(200);
    const windows = res.json().windows as {
      id: number | null;
      schedule_name: string;
      state: string;
      position_id: number;
      judged: boolean;
      can_give_reason: boolean;
    }[];
    const judged = windows.filter((w) => w.judged);
    expect(judged.map((w) => [w.schedule_name, w.state, w.can_give_reason])).toEqual([
      ['Area missed', 'missed', true],
      ['Area on time', 'on_time', false],
      ['Outside late, mine', 'late', true],
    ]);
    const due = windows.filter((w) => !w.judged);
    // Tomorrow's four windows at my area's position (today's began before the schedule did).
    expect(due.length).toBeGreaterThanOrEqual(4);
    expect(
      due.every(
        (w) => w.schedule_name === 'Night rounds' && w.position_id === areaPositionId && w.id === null,
      ),
    ).toBe(true);
    expect(due.every((w) => w.state === 'due')).toBe(true);
    expect(
      windows.some((w) => w.schedule_name.startsWith('Elsewhere') || w.schedule_name === 'Outside missed'),
    ).toBe(false);
    // A colleague outside the area sees only what they visited.
    const theirs = (await mine(colleague)).json().windows as { schedule_name: string }[];
    expect(theirs.map((w) => w.schedule_name)).toEqual(['Area on time']);
  });

  it('a reason for my missed window is kept apart from the manager’s excuse', async () => {
    const res = await reason(me, ids['Area missed'], '  The gate was locked  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().window).toMatchObject({ worker_reason: 'The gate was locked', state: 'missed' });
    const excuse = await call(manager, {
      method: 'POST',
      url: `/api/v1/coverage/windows/${ids['Area missed']}/excuse`,
      payload: { reason: 'Site closed for a delivery' },
    });
    expect(excuse.statusCode).toBe(200);
    expect(excuse.json().window).toMatchObject({
      verdict: 'excused',
      excuse_reason: 'Site closed for a delivery',
      worker_reason: 'The gate was locked',
      worker_reason_by_name: 'Test worker',
    });
    const seen = (await mine(me)).json().windows.find((w: { id: number }) => w.id === ids['Area missed']);
    expect(seen).toMatchObject({
      state: 'excused',
      worker_reason: 'The gate was locked',
      excuse_reason: 'Site closed for a delivery',
    });
    expect((await reason(me, ids['Outside late, mine'], 'Traffic on the ring road')).statusCode).toBe(200);
  });

  it('no reason for a window that is not mine, not missed or late, or too short', async () => {
    expect((await reason(me, ids['Outside missed'], 'Not my round')).statusCode).toBe(404);
    expect((await reason(colleague, ids['Area missed'], 'Not my round')).statusCode).toBe(404);
    const onTime = await reason(me, ids['Area on time'], 'Nothing to explain');
    expect(onTime.statusCode).toBe(409);
    const short = await reason(me, ids['Outside late, mine'], '  a ');
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].field).toBe('reason');
    expect((await call(manager, { method: 'GET', url: '/api/v1/field/coverage-windows' })).statusCode).toBe(
      403,
    );
  });
});
