/**
 * Position-group field rules: each refused field named with the form's message, and the 409 on
 * group_code when a code is taken on the site.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionGroups } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const URL = '/api/v1/position-groups';

describe.each(DRIVERS)('position group rules (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;

  const call = (actor: Actor, opts: Omit<InjectOptions, 'headers'>) =>
    t.app.inject({ ...opts, headers: actor.headers } as InjectOptions);

  const fieldsOf = (body: { details: { field: string; message: string; rule?: string }[] }) =>
    Object.fromEntries(body.details.map((d) => [d.field, d]));

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

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
});
