/**
 * Roles API: the built-in roles as the guard enforces them, and the rules for a site's custom
 * roles (name, level, permissions, rank, in use). Enforcement for holders: roles-enforcement.test.ts.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES } from '../../src/domain/permissions.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const URL = '/api/v1/roles';

describe.each(DRIVERS)('roles API (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let owner: Actor;
  let manager: Actor;
  let n = 0;

  const call = (actor: Actor, opts: Omit<InjectOptions, 'headers'>) =>
    t.app.inject({ ...opts, headers: actor.headers } as InjectOptions);
  const create = (actor: Actor, payload: Record<string, unknown>) =>
    call(actor, { method: 'POST', url: URL, payload });
  const newRole = async (actor: Actor, level = 1, permissions: string[] = ['positions.read']) => {
    const res = await create(actor, { name: `Role ${++n}`, level, permissions });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().role as { id: number; name: string };
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    owner = await signInAs(t, 'owner');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  it('lists the four built-in roles with the permissions the server enforces', async () => {
    const res = await call(owner, { method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const builtIn = res.json().roles.filter((r: { kind: string }) => r.kind === 'built_in');
    expect(builtIn.map((r: { name: string; level: number }) => [r.name, r.level])).toEqual([
      ['admin', 4],
      ['owner', 3],
      ['manager', 2],
      ['worker', 1],
    ]);
    for (const role of ROLES) {
      const listed = builtIn.find((r: { name: string }) => r.name === role);
      expect(listed.permissions).toEqual([...ROLE_PERMISSIONS[role]]);
      expect(listed.description).toEqual(expect.any(String));
    }
  });

  it('creates a custom role with a trimmed name, listed with its holders count', async () => {
    const res = await create(admin, {
      name: '  Site Lead ',
      level: 3,
      permissions: ['tasks.read', 'positions.read'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const role = res.json().role;
    expect(role).toMatchObject({ name: 'Site Lead', kind: 'custom', level: 3, user_count: 0 });
    // Stored in the order of PERMISSIONS, whatever order they came in.
    expect(role.permissions).toEqual(['positions.read', 'tasks.read']);
    const list = (await call(owner, { method: 'GET', url: URL })).json().roles;
    expect(list).toContainEqual(expect.objectContaining({ id: role.id, name: 'Site Lead' }));
  });

  it('refuses a blank name, a built-in name and a taken name (any case) on the name field', async () => {
    const blank = await create(admin, { name: '   ', level: 1, permissions: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0]).toMatchObject({ field: 'name', rule: 'required' });
    const builtIn = await create(admin, { name: ' Manager ', level: 1, permissions: [] });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json().details[0]).toMatchObject({ field: 'name', rule: 'reserved' });
    await create(admin, { name: 'Inspector', level: 1, permissions: [] });
    const taken = await create(admin, { name: 'INSPECTOR ', level: 1, permissions: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toMatchObject({ field: 'name' });
  });

  it('refuses a level at or above the creator’s, or below 1, on the level field', async () => {
    for (const [actor, level] of [
      [owner, 3],
      [admin, 4],
      [owner, 0],
    ] as const) {
      const res = await create(actor, { name: `Lvl ${++n}`, level, permissions: [] });
      expect(res.statusCode, `${actor.role} level ${level}`).toBe(400);
      expect(res.json().details[0].field).toBe('level');
    }
    expect((await create(owner, { name: `Lvl ${++n}`, level: 2, permissions: [] })).statusCode).toBe(201);
    const fraction = await create(admin, { name: `Lvl ${++n}`, level: 1.5, permissions: [] });
    expect(fraction.statusCode).toBe(400);
  });

  it('refuses permissions the creator does not hold, or that do not exist, naming them', async () => {
    const res = await create(owner, {
      name: 'Debugger',
      level: 1,
      permissions: ['positions.read', 'system.debug', 'nope.nothing'],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.details[0].field).toBe('permissions');
    expect(body.message).toContain('system.debug');
    expect(body.message).toContain('nope.nothing');
    expect(body.message).not.toContain('positions.read');
  });

  it('edits a role below the viewer’s level, and refuses one at or above it with 403', async () => {
    const low = await newRole(admin, 2);
    const res = await call(owner, {
      method: 'PUT',
      url: `${URL}/${low.id}`,
      payload: { name: 'Renamed', permissions: ['tasks.read'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().role).toMatchObject({ name: 'Renamed', permissions: ['tasks.read'], level: 2 });

    const high = await newRole(admin, 3);
    const refused = await call(owner, { method: 'PUT', url: `${URL}/${high.id}`, payload: { name: 'x' } });
    expect(refused.statusCode).toBe(403);
    const del = await call(owner, { method: 'DELETE', url: `${URL}/${high.id}` });
    expect(del.statusCode).toBe(403);
    // Raising a role to the editor's own level is refused too.
    const raise = await call(owner, { method: 'PUT', url: `${URL}/${low.id}`, payload: { level: 3 } });
    expect(raise.statusCode).toBe(400);
  });

  it('deletes an unused role; an unknown id is 404', async () => {
    const role = await newRole(admin);
    expect((await call(admin, { method: 'DELETE', url: `${URL}/${role.id}` })).statusCode).toBe(200);
    expect((await call(admin, { method: 'DELETE', url: `${URL}/${role.id}` })).statusCode).toBe(404);
    expect(
      (await call(admin, { method: 'PUT', url: `${URL}/999999`, payload: { name: 'x' } })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a role users hold, saying how many', async () => {
    const role = await newRole(admin, 1);
    for (const email of ['held-1@example.com', 'held-2@example.com']) {
      const res = await call(admin, {
        method: 'POST',
        url: '/api/v1/users',
        payload: {
          first_name: 'Held',
          last_name: 'Role',
          email,
          password: 'Secret123!',
          role: 'worker',
          custom_role_id: role.id,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await call(admin, { method: 'DELETE', url: `${URL}/${role.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROLE_IN_USE' });
    expect(res.json().message).toContain('2 users');
    const listed = (await call(admin, { method: 'GET', url: URL })).json().roles;
    expect(listed.find((r: { id: number }) => r.id === role.id).user_count).toBe(2);
  });

  it('answers 403 without the roles permission (manager cannot create)', async () => {
    expect((await create(manager, { name: 'M', level: 1, permissions: [] })).statusCode).toBe(403);
  });
});
