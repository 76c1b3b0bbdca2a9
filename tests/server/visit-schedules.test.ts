/**
 * Visit schedules API: create for a position or a group, read filtered, rule checks
 * with the form's messages, a rule change that moves rule_from, delete, permissions and site isolation.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../server/src/db/schema/index.ts';
import { COVERAGE_MESSAGES } from '../../src/domain/coverage.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { makePosition, makeTask } from './work-entries-support.ts';

const URL = '/api/v1/visit-schedules';
const RULE = {
  days: [1, 2, 3, 4, 5],
  window_start: '06:00',
  window_end: '18:00',
  frequency_kind: 'every',
  frequency_value: 2,
  tolerance_minutes: 15,
};

describe.each(DRIVERS)('visit schedules API (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let worker: Actor;
  let other: Actor;
  let position: { id: number };
  let groupId: number;
  const bodies: string[] = [];

  const call = async (actor: Actor, opts: Omit<InjectOptions, 'headers'>) => {
    const res = await t.app.inject({ ...opts, headers: actor.headers } as InjectOptions);
    bodies.push(res.body);
    return res;
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    position = await makePosition(t);
    const group = await call(admin, {
      method: 'POST',
      url: '/api/v1/position-groups',
      payload: { group_name: 'Gates', group_code: 'GATES', position_ids: [position.id] },
    });
    groupId = group.json().position_group.id;
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    other = await signInAs(t, 'admin', 'other');
  });
  afterAll(async () => {
    expect(bodies.filter((b) => b.includes('"statusCode":500'))).toEqual([]);
    await t?.close();
  });

  it('creates a schedule for a position and one for a group, and lists them by target', async () => {
    const res = await call(manager, {
      method: 'POST',
      url: URL,
      payload: { ...RULE, schedule_name: '  Gate rounds ', position_id: position.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().visit_schedule).toMatchObject({
      schedule_name: 'Gate rounds',
      position_id: position.id,
      position_group_id: null,
      days: [1, 2, 3, 4, 5],
      frequency_kind: 'every',
      frequency_value: 2,
      due_time: null,
      task_ids: null,
      is_active: true,
    });
    const byGroup = await call(manager, {
      method: 'POST',
      url: URL,
      payload: {
        ...RULE,
        schedule_name: 'Morning check',
        position_group_id: groupId,
        frequency_kind: 'by',
        frequency_value: null,
        due_time: '09:00',
      },
    });
    expect(byGroup.statusCode).toBe(201);
    expect(byGroup.json().visit_schedule).toMatchObject({
      target_code: 'GATES',
      due_time: '09:00',
      frequency_value: null,
    });

    // A position's schedules include its groups'; a group's only its own.
    const forPosition = await call(worker, { method: 'GET', url: `${URL}?position_id=${position.id}` });
    expect(forPosition.statusCode).toBe(200);
    expect(forPosition.json().visit_schedules.map((s: { schedule_name: string }) => s.schedule_name)).toEqual(
      ['Gate rounds', 'Morning check'],
    );
    const forGroup = await call(worker, { method: 'GET', url: `${URL}?position_group_id=${groupId}` });
    expect(forGroup.json().visit_schedules).toHaveLength(1);
  });

  it('rejects bad rules with a 400 naming the field, in the form’s words', async () => {
    const cases: [object, string, string?][] = [
      [
        { position_id: position.id, position_group_id: groupId },
        'position_group_id',
        COVERAGE_MESSAGES.target,
      ],
      [{}, 'position_id', COVERAGE_MESSAGES.target],
      [
        { position_id: position.id, frequency_kind: 'by', due_time: '20:00' },
        'due_time',
        COVERAGE_MESSAGES.dueInsideWindow,
      ],
      [{ position_id: position.id, frequency_kind: 'by' }, 'due_time', COVERAGE_MESSAGES.dueTime],
      [{ position_id: position.id, frequency_value: 30 }, 'frequency_value', COVERAGE_MESSAGES.everyHours],
      [
        { position_id: position.id, frequency_value: null },
        'frequency_value',
        COVERAGE_MESSAGES.frequencyValue,
      ],
      [{ position_id: position.id, days: [] }, 'days'],
      [{ position_id: position.id, window_start: '25:00' }, 'window_start'],
      [{ position_id: position.id, task_ids: [999999] }, 'task_ids', 'No such task on this site'],
      [{ position_id: 999999 }, 'position_id', 'No such position on this site'],
      [{ position_id: position.id, schedule_name: 'x' }, 'schedule_name'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(manager, {
        method: 'POST',
        url: URL,
        payload: { ...RULE, schedule_name: 'Bad', ...over },
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const detail = res.json().details?.[0];
      expect(detail?.field, JSON.stringify(over)).toBe(field);
      if (message) expect(detail.message).toBe(message);
    }
  });

  it('a rule change moves rule_from; a rename does not; tasks must be the site’s', async () => {
    const task = await makeTask(t, position.id);
    const created = await call(manager, {
      method: 'POST',
      url: URL,
      payload: { ...RULE, schedule_name: 'Patrol', position_id: position.id, task_ids: [task.id, task.id] },
    });
    const s = created.json().visit_schedule;
    expect(s.task_ids).toEqual([task.id]);
    const renamed = await call(manager, {
      method: 'PUT',
      url: `${URL}/${s.id}`,
      payload: { schedule_name: 'Patrol 2' },
    });
    expect(renamed.json().visit_schedule.rule_from).toBe(s.rule_from);
    const changed = await call(manager, {
      method: 'PUT',
      url: `${URL}/${s.id}`,
      payload: { frequency_value: 3 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().visit_schedule.frequency_value).toBe(3);
    expect(changed.json().visit_schedule.rule_from > s.rule_from).toBe(true);
    const toGroup = await call(manager, {
      method: 'PUT',
      url: `${URL}/${s.id}`,
      payload: { position_group_id: groupId },
    });
    expect(toGroup.json().visit_schedule).toMatchObject({ position_id: null, position_group_id: groupId });
    expect((await call(manager, { method: 'DELETE', url: `${URL}/${s.id}` })).statusCode).toBe(200);
    expect((await call(manager, { method: 'GET', url: `${URL}/${s.id}` })).statusCode).toBe(404);
  });

  it('workers read but do not change; another site sees nothing', async () => {
    const denied = await call(worker, {
      method: 'POST',
      url: URL,
      payload: { ...RULE, schedule_name: 'W', position_id: position.id },
    });
    expect(denied.statusCode).toBe(403);
    const list = await call(other, { method: 'GET', url: URL });
    expect(list.json().visit_schedules).toEqual([]);
    const [first] = (await call(manager, { method: 'GET', url: URL })).json().visit_schedules;
    expect((await call(other, { method: 'GET', url: `${URL}/${first.id}` })).statusCode).toBe(404);
    expect(
      (await call(other, { method: 'PUT', url: `${URL}/${first.id}`, payload: { tolerance_minutes: 5 } }))
        .statusCode,
    ).toBe(404);
    expect((await call(other, { method: 'DELETE', url: `${URL}/${first.id}` })).statusCode).toBe(404);
    const foreign = await call(other, {
      method: 'POST',
      url: URL,
      payload: { ...RULE, schedule_name: 'X', position_id: position.id },
    });
    expect(foreign.statusCode).toBe(400);
  });
});
