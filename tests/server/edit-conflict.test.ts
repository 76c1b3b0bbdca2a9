/**
 * Optimistic concurrency: an update carrying the version it loaded (If-Match: the
 * record's updated_at) is refused with 409 EDIT_CONFLICT once someone else saved the record since,
 * naming each changed field with its current value, and changes nothing; an update without
 * If-Match saves as before.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  positionGroups,
  positions,
  tasks,
  userGroups,
  users,
  visitSchedules,
} from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

describe.each(DRIVERS)('edit conflicts (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let n = 0;

  const call = (actor: Actor, opts: Omit<InjectOptions, 'headers'>, headers: Record<string, string> = {}) =>
    t.app.inject({ ...opts, headers: { ...actor.headers, ...headers } } as InjectOptions);
  const ifMatch = (version: string) => ({ 'if-match': `"${version}"` });
  type Table =
    | typeof positions
    | typeof positionGroups
    | typeof tasks
    | typeof userGroups
    | typeof users
    | typeof visitSchedules;
  /** The row as stored (not every resource has a GET by id). */
  const rowOf = async (table: Table, id: number) => {
    const [row] = await t.app.database.db.select().from(table).where(eq(table.id, id));
    return row as Record<string, unknown>;
  };

  async function newPosition() {
    n++;
    const res = await call(admin, {
      method: 'POST',
      url: '/api/v1/positions',
      payload: { position_code: `EC-${n}`, position_name: `Spot ${n}`, description: 'first' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().position as { id: number; updated_at: string; position_name: string };
  }

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  it('refuses a stale save with 409 EDIT_CONFLICT naming what changed, and changes nothing', async () => {
    const loaded = await newPosition();
    const url = `/api/v1/positions/${loaded.id}`;
    // Someone else renames it and clears the description.
    const other = await call(
      manager,
      { method: 'PUT', url, payload: { position_name: 'Renamed elsewhere', description: null } },
      ifMatch(loaded.updated_at),
    );
    expect(other.statusCode).toBe(200);
    const saved = other.json().position;

    const stale = await call(
      admin,
      { method: 'PUT', url, payload: { position_name: 'Mine', location_details: 'Gate 3' } },
      ifMatch(loaded.updated_at),
    );
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.code).toBe('EDIT_CONFLICT');
    const changed = Object.fromEntries(
      body.details
        .filter((d: { rule: string }) => d.rule === 'edit_conflict')
        .map((d: { field: string; value: unknown }) => [d.field, d.value]),
    );
    expect(changed).toEqual({ position_name: 'Renamed elsewhere', description: null });
    expect(body.details.at(-1)).toMatchObject({
      field: 'updated_at',
      rule: 'version',
      value: saved.updated_at,
    });

    const now = await rowOf(positions, loaded.id);
    expect(now).toMatchObject({
      positionName: 'Renamed elsewhere',
      description: null,
      locationDetails: null,
    });
    expect((now.updatedAt as Date).toISOString()).toBe(saved.updated_at);

    // Saving over the changes on purpose: the version the conflict named.
    const again = await call(
      admin,
      { method: 'PUT', url, payload: { position_name: 'Mine' } },
      ifMatch(body.details.at(-1).value),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().position.position_name).toBe('Mine');
  });

  it('saves without If-Match as before, and with the current version or *', async () => {
    const loaded = await newPosition();
    const url = `/api/v1/positions/${loaded.id}`;
    const plain = await call(admin, { method: 'PUT', url, payload: { description: 'second' } });
    expect(plain.statusCode).toBe(200);
    const current = plain.json().position;
    const fresh = await call(
      admin,
      { method: 'PUT', url, payload: { description: 'third' } },
      ifMatch(current.updated_at),
    );
    expect(fresh.statusCode).toBe(200);
    const any = await call(
      admin,
      { method: 'PUT', url, payload: { description: 'fourth' } },
      { 'if-match': '*' },
    );
    expect(any.statusCode).toBe(200);
    expect(any.json().position.description).toBe('fourth');
  });

  it('answers 400 naming If-Match for a version that is no time, and 404 for a missing record', async () => {
    const loaded = await newPosition();
    const bad = await call(
      admin,
      { method: 'PUT', url: `/api/v1/positions/${loaded.id}`, payload: { description: 'x' } },
      { 'if-match': '"yesterday"' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('If-Match');
    const gone = await call(
      admin,
      { method: 'PUT', url: '/api/v1/positions/999999', payload: { description: 'x' } },
      ifMatch(loaded.updated_at),
    );
    expect(gone.statusCode).toBe(404);
  });

  it('lets one of two saves from the same version through, and refuses the other', async () => {
    const loaded = await newPosition();
    const url = `/api/v1/positions/${loaded.id}`;
    const [a, b] = await Promise.all([
      call(admin, { method: 'PUT', url, payload: { position_name: 'Alpha' } }, ifMatch(loaded.updated_at)),
      call(manager, { method: 'PUT', url, payload: { position_name: 'Bravo' } }, ifMatch(loaded.updated_at)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Alpha' : 'Bravo';
    expect((await rowOf(positions, loaded.id)).positionName).toBe(winner);
  });

  it('guards a position group, whose membership is among the changed fields', async () => {
    const p = await newPosition();
    const created = await call(admin, {
      method: 'POST',
      url: '/api/v1/position-groups',
      payload: { group_name: 'Floor 1', group_code: `floor_ec_${n}` },
    });
    const loaded = created.json().position_group;
    const url = `/api/v1/position-groups/${loaded.id}`;
    const other = await call(
      admin,
      { method: 'PUT', url, payload: { position_ids: [p.id] } },
      ifMatch(loaded.updated_at),
    );
    expect(other.statusCode).toBe(200);
    const stale = await call(
      admin,
      { method: 'PUT', url, payload: { group_name: 'Floor one' } },
      ifMatch(loaded.updated_at),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toContainEqual(
      expect.objectContaining({ field: 'position_ids', rule: 'edit_conflict', value: [p.id] }),
    );
    expect((await rowOf(positionGroups, loaded.id)).groupName).toBe('Floor 1');
  });

  it('guards the other resources’ updates alike (user, task, user group, visit schedule)', async () => {
    const p = await newPosition();
    const cases: { create: [string, object]; key: string; table: Table; first: object; second: object }[] = [
      {
        create: [
          '/api/v1/users',
          {
            email: `ec${n}@example.com`,
            first_name: 'Ann',
            last_name: 'Lee',
            role: 'worker',
            password: 'Worker123!',
          },
        ],
        key: 'user',
        table: users,
        first: { first_name: 'Anna' },
        second: { last_name: 'Leigh' },
      },
      {
        create: [
          '/api/v1/tasks',
          { task_code: `EC-T${n}`, task_name: 'Sweep', estimated_duration_minutes: 15 },
        ],
        key: 'task',
        table: tasks,
        first: { task_name: 'Sweep twice' },
        second: { task_name: 'Mop' },
      },
      {
        create: ['/api/v1/user-groups', { group_name: `Crew ${n}` }],
        key: 'data',
        table: userGroups,
        first: { group_name: `Crew ${n} east` },
        second: { group_name: `Crew ${n} west` },
      },
      {
        create: [
          '/api/v1/visit-schedules',
          {
            schedule_name: 'Daily round',
            position_id: p.id,
            days: [1, 2, 3, 4, 5],
            window_start: '06:00',
            window_end: '12:00',
            frequency_kind: 'every',
            frequency_value: 2,
          },
        ],
        key: 'visit_schedule',
        table: visitSchedules,
        first: { schedule_name: 'Round' },
        second: { schedule_name: 'Tour' },
      },
    ];
    for (const c of cases) {
      const created = await call(admin, { method: 'POST', url: c.create[0], payload: c.create[1] });
      expect(created.statusCode, `${c.create[0]} ${created.body}`).toBe(201);
      const loaded = created.json()[c.key];
      const url = `${c.create[0]}/${loaded.id}`;
      const first = await call(admin, { method: 'PUT', url, payload: c.first }, ifMatch(loaded.updated_at));
      expect(first.statusCode, `${url} ${first.body}`).toBe(200);
      const stale = await call(admin, { method: 'PUT', url, payload: c.second }, ifMatch(loaded.updated_at));
      expect(stale.statusCode, url).toBe(409);
      expect(stale.json().code).toBe('EDIT_CONFLICT');
      const [field, value] = Object.entries(c.first)[0];
      expect(stale.json().details).toContainEqual(expect.objectContaining({ field, value }));
      const camel = field.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
      expect((await rowOf(c.table, loaded.id))[camel], url).toBe(value);
    }
  });
  it('guards an assignment, whose key is its position and task', async () => {
    const p = await newPosition();
    const task = await call(admin, {
      method: 'POST',
      url: '/api/v1/tasks',
      payload: { task_code: `EC-A${n}`, task_name: 'Inspect', estimated_duration_minutes: 10 },
    });
    const made = await call(admin, {
      method: 'POST',
      url: '/api/v1/position-task-assignments',
      payload: { position_id: p.id, task_id: task.json().task.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const loaded = made.json().assignment;
    const url = `/api/v1/position-task-assignments/${loaded.position_id}/${loaded.task_id}`;
    const first = await call(
      admin,
      { method: 'PUT', url, payload: { is_primary: true } },
      ifMatch(loaded.updated_at),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().assignment.updated_at).not.toBe(loaded.updated_at);
    const stale = await call(
      manager,
      { method: 'PUT', url, payload: { is_primary: false } },
      ifMatch(loaded.updated_at),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toContainEqual(
      expect.objectContaining({ field: 'is_primary', rule: 'edit_conflict', value: true }),
    );
    const list = await call(admin, {
      method: 'GET',
      url: `/api/v1/position-task-assignments?position_id=${p.id}`,
    });
    expect(list.json().assignments[0].is_primary).toBe(true);
  });
});
