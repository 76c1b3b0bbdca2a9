/**
 * Position groups API: the list with its counts, the group with its positions, edits and 404s.
 * Field rules are in position-groups-rules.test.ts, membership in position-groups-membership.test.ts.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const URL = '/api/v1/position-groups';

describe.each(DRIVERS)('position groups API (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let n = 0;

  const call = (actor: Actor, opts: Omit<InjectOptions, 'headers'>) =>
    t.app.inject({ ...opts, headers: actor.headers } as InjectOptions);

  async function addPosition(isActive = true) {
    n++;
    const [row] = await t.app.database.db
      .insert(positions)
      .values({
        siteId: 'main',
        positionCode: `P${String(n).padStart(3, '0')}`,
        positionName: `Spot ${n}`,
        isActive,
      })
      .returning();
    return row;
  }

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  it('creates a group with its positions and answers 201 with them, ordered by code', async () => {
    const a = await addPosition(false);
    const b = await addPosition();
    const res = await call(admin, {
      method: 'POST',
      url: URL,
      payload: {
        group_name: '  Floor 2 – East ',
        group_code: 'floor_2_east',
        description: 'East wing',
        position_ids: [b.id, a.id],
      },
    });
    expect(res.statusCode).toBe(201);
    const group = res.json().position_group;
    expect(group).toMatchObject({
      group_name: 'Floor 2 – East',
      group_code: 'floor_2_east',
      description: 'East wing',
      is_active: true,
      position_count: 2,
      active_position_count: 1,
    });
    expect(group.positions).toEqual([
      { id: a.id, position_code: a.positionCode, position_name: a.positionName, is_active: false },
      { id: b.id, position_code: b.positionCode, position_name: b.positionName, is_active: true },
    ]);

    const again = await call(manager, { method: 'GET', url: `${URL}/${group.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().position_group).toEqual(group);
  });

  it('lists every group with its position count and active count, empty groups included', async () => {
    const [p1, p2, p3] = [await addPosition(), await addPosition(), await addPosition(false)];
    const full = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'Alpha crew', group_code: 'alpha', position_ids: [p1.id, p2.id, p3.id] },
    });
    const empty = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'Aa empty', group_code: 'aa' },
    });
    expect([full.statusCode, empty.statusCode]).toEqual([201, 201]);

    const res = await call(manager, { method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const list = res.json().position_groups as Record<string, unknown>[];
    expect(list.map((g) => g.group_name).slice(0, 2)).toEqual(['Aa empty', 'Alpha crew']);
    expect(list[0]).toMatchObject({ position_count: 0, active_position_count: 0, description: null });
    expect(list[1]).toMatchObject({ position_count: 3, active_position_count: 2 });
    expect(Object.keys(list[1]).sort()).toEqual([
      'active_position_count',
      'created_at',
      'description',
      'group_code',
      'group_name',
      'id',
      'is_active',
      'position_count',
      'updated_at',
    ]);
  });

  it('edits name, code, description and status, and leaves the membership alone without position_ids', async () => {
    const p = await addPosition();
    const created = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'Yard', group_code: 'yard', description: 'Outside', position_ids: [p.id] },
    });
    const { id, updated_at } = created.json().position_group;
    const res = await call(admin, {
      method: 'PUT',
      url: `${URL}/${id}`,
      payload: { group_name: 'Yard north', group_code: 'yard-north', description: ' ', is_active: false },
    });
    expect(res.statusCode).toBe(200);
    const group = res.json().position_group;
    expect(group).toMatchObject({
      group_name: 'Yard north',
      group_code: 'yard-north',
      description: null,
      is_active: false,
      position_count: 1,
    });
    expect(group.positions.map((m: { id: number }) => m.id)).toEqual([p.id]);
    expect(Date.parse(group.updated_at)).toBeGreaterThanOrEqual(Date.parse(updated_at));

    const same = await call(admin, { method: 'PUT', url: `${URL}/${id}`, payload: {} });
    expect(same.statusCode).toBe(200);
    expect(same.json().position_group).toEqual(group);
  });

  it('answers 404 for an unknown group and 400 for an id that is not one', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(admin, {
        method,
        url: `${URL}/999999`,
        ...(method === 'PUT' ? { payload: { group_name: 'Nope' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'POSITION_GROUP_NOT_FOUND' });
    }
    const bad = await call(admin, { method: 'GET', url: `${URL}/abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('id');
  });
});
