/**
 * Position groups API: the list with its counts, the group with its positions, the field rules
 * and the 409 on a code clash. Membership rules are in position-groups-membership.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionGroups, positions } from '../../server/src/db/schema/index.ts';
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

  const fieldsOf = (body: { details: { field: string; message: string; rule?: string }[] }) =>
    Object.fromEntries(body.details.map((d) => [d.field, d]));

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

  it('rejects missing, short and malformed fields, naming each', async () => {
    const empty = await call(admin, { method: 'POST', url: URL, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty.json()).group_name.message).toBe('This field is required');
    expect(fieldsOf(empty.json()).group_code.message).toBe('This field is required');

    const bad = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'A', group_code: 'x', position_ids: 'all' },
    });
    expect(bad.statusCode).toBe(400);
    const d = fieldsOf(bad.json());
    expect(d.group_name.message).toBe('Minimum length is 2 characters');
    expect(d.group_code.message).toBe('Minimum length is 2 characters');
    expect(d.position_ids.rule).toBe('type');

    for (const code of ['floor 2', 'kerros_itä', 'a/b', 'ab;']) {
      const res = await call(admin, {
        method: 'POST',
        url: URL,
        payload: { group_name: 'Named', group_code: code },
      });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'group_code', rule: 'pattern' })]);
    }
    const blank = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: '   ', group_code: 'ok-1' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([
      expect.objectContaining({ field: 'group_name', message: 'This field is required' }),
    ]);
    const extra = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'Named', group_code: 'ok-1', site_id: 'other' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0]).toMatchObject({ field: 'site_id', rule: 'unknown' });
  });

  it('answers 409 on group_code when the code is taken on the site, on create and on edit', async () => {
    const first = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'Roof', group_code: 'roof' },
    });
    const clash = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'Roof 2', group_code: 'roof' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([
      { field: 'group_code', rule: 'unique', message: 'A position group with this code already exists' },
    ]);
    const other = await call(admin, {
      method: 'POST',
      url: URL,
      payload: { group_name: 'Cellar', group_code: 'cellar' },
    });
    const put = await call(admin, {
      method: 'PUT',
      url: `${URL}/${other.json().position_group.id}`,
      payload: { group_code: first.json().position_group.group_code },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().details[0].field).toBe('group_code');
    const [row] = await t.app.database.db
      .select()
      .from(positionGroups)
      .where(eq(positionGroups.id, other.json().position_group.id));
    expect(row.groupCode).toBe('cellar');
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
