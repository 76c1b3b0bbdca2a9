/** Positions API: list, create, edit and the per-site uniqueness of code and NFC tag. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../../server/src/db/schema/index.ts';
import type { Role } from '../../src/domain/permissions.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInEveryRole } from './support/actors.ts';

describe.each(DRIVERS)('positions API (%s)', (driver) => {
  let t: TestApp;
  let actors: Record<Role, Actor>;
  let n = 0;

  const req = (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/positions${url}`, headers: actors[role].headers, payload } as never);
  const create = (payload: Record<string, unknown>) => req('admin', 'POST', '', payload);
  const valid = (over: Record<string, unknown> = {}) => ({
    position_code: `P-${++n}`,
    position_name: `Position ${n}`,
    ...over,
  });

  beforeAll(async () => {
    t = await buildTestApp(driver);
    actors = await signInEveryRole(t);
  });
  afterAll(async () => t?.close());

  it('creates a position with trimmed text, blank values as null and coordinates to 6 decimals', async () => {
    const res = await create({
      position_code: '  B-101 ',
      position_name: ' Boiler room ',
      description: '   ',
      location_details: ' Level 2, north wall ',
      nfc_tag_id: '',
      coordinates: { latitude: 60.16985512345, longitude: 24.938379499 },
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().position;
    expect(p).toMatchObject({
      position_code: 'B-101',
      position_name: 'Boiler room',
      description: null,
      location_details: 'Level 2, north wall',
      nfc_tag_id: null,
      coordinates: { latitude: 60.169855, longitude: 24.938379 },
      is_active: true,
    });
    expect(new Date(p.created_at).toISOString()).toBe(p.created_at);
    expect(Object.keys(p).sort()).toEqual(
      [
        'coordinates',
        'created_at',
        'description',
        'id',
        'is_active',
        'location_details',
        'nfc_tag_id',
        'position_code',
        'position_name',
        'updated_at',
      ].sort(),
    );
    const [row] = await t.app.database.db.select().from(positions).where(eq(positions.id, p.id));
    expect(row.siteId).toBe('main');
    expect(row.latitude).toBe(60.169855);
  });

  it('lists active positions by code, and inactive ones only when asked', async () => {
    const codes = ['ZZ-2', 'AA-1', 'MM-3'];
    for (const code of codes) expect((await create(valid({ position_code: code }))).statusCode).toBe(201);
    const off = (await create(valid({ position_code: 'AB-0', is_active: false }))).json().position;

    const active = await req('worker', 'GET', '');
    expect(active.statusCode).toBe(200);
    const listed = active.json().positions as { position_code: string; id: number }[];
    expect(listed.map((p) => p.id)).not.toContain(off.id);
    const order = listed.map((p) => p.position_code);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const all = await req('worker', 'GET', '?include_inactive=true');
    const withInactive = all.json().positions as { position_code: string; id: number }[];
    expect(withInactive.map((p) => p.id)).toContain(off.id);
    expect(withInactive.map((p) => p.position_code).slice(0, 2)).toEqual(['AA-1', 'AB-0']);
    expect((await req('worker', 'GET', '?include_inactive=false')).json().positions).toEqual(listed);
  });

  it('refuses a code or NFC tag already used on the site, with 409 on the field', async () => {
    const first = (await create(valid({ position_code: 'DUP-1', nfc_tag_id: 'TAG00001' }))).json().position;
    const code = await create(valid({ position_code: 'DUP-1' }));
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({
      statusCode: 409,
      message: 'A position with this code already exists',
      details: [{ field: 'position_code', rule: 'unique' }],
    });
    const tag = await create(valid({ nfc_tag_id: ' TAG00001 ' }));
    expect(tag.statusCode).toBe(409);
    expect(tag.json().details).toEqual([
      { field: 'nfc_tag_id', message: 'This NFC tag is already used by another position', rule: 'unique' },
    ]);

    const other = (await create(valid())).json().position;
    const edit = await req('admin', 'PUT', `/${other.id}`, { nfc_tag_id: 'TAG00001' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().details[0].field).toBe('nfc_tag_id');
    const editCode = await req('admin', 'PUT', `/${other.id}`, { position_code: 'DUP-1' });
    expect(editCode.json().details[0].field).toBe('position_code');
    // A position keeps its own code and tag when saved unchanged.
    const same = await req('admin', 'PUT', `/${first.id}`, {
      position_code: 'DUP-1',
      nfc_tag_id: 'TAG00001',
    });
    expect(same.statusCode).toBe(200);
    // Positions without a tag never clash with each other.
    expect((await create(valid({ nfc_tag_id: null }))).statusCode).toBe(201);
    expect((await create(valid({ nfc_tag_id: '' }))).statusCode).toBe(201);
  });

  it('the database index decides a race between two saves of one code', async () => {
    const results = await Promise.all([
      create(valid({ position_code: 'RACE-1' })),
      create(valid({ position_code: 'RACE-1' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(lost.json().details[0].field).toBe('position_code');
  });

  it('edits only the fields sent; null clears a nullable field', async () => {
    const p = (
      await create(
        valid({
          description: 'Pump',
          nfc_tag_id: 'EDIT0001',
          coordinates: { latitude: 61.5, longitude: 23.75 },
        }),
      )
    ).json().position;
    const renamed = await req('manager', 'PUT', `/${p.id}`, { position_name: 'Pump room' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().position).toMatchObject({
      position_name: 'Pump room',
      description: 'Pump',
      nfc_tag_id: 'EDIT0001',
      coordinates: { latitude: 61.5, longitude: 23.75 },
    });
    const cleared = await req('admin', 'PUT', `/${p.id}`, {
      description: null,
      nfc_tag_id: '  ',
      coordinates: null,
      is_active: false,
    });
    expect(cleared.json().position).toMatchObject({
      description: null,
      nfc_tag_id: null,
      coordinates: null,
      is_active: false,
    });
    expect(new Date(cleared.json().position.updated_at) >= new Date(p.updated_at)).toBe(true);
  });

  it('answers 404 for an unknown id', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await req(
        'admin',
        method,
        '/987654',
        method === 'PUT' ? { position_name: 'Nope' } : undefined,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: 'Position not found' });
    }
  });

  it('lets a manager edit but not create or delete; a worker only reads', async () => {
    const p = (await create(valid())).json().position;
    expect((await req('manager', 'PUT', `/${p.id}`, { position_name: 'By manager' })).statusCode).toBe(200);
    expect((await req('manager', 'POST', '', valid())).statusCode).toBe(403);
    expect((await req('manager', 'DELETE', `/${p.id}`)).statusCode).toBe(403);
    expect((await req('worker', 'PUT', `/${p.id}`, { position_name: 'By worker' })).statusCode).toBe(403);
    expect((await req('owner', 'POST', '', valid())).statusCode).toBe(201);
  });
});
