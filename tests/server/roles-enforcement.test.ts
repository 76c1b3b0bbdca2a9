/**
 * Custom roles given to users and enforced: a holder can do exactly what the role grants, a change
 * of the role's permissions applies from their next request, the rank rules use the role's level,
 * and another site's role cannot be given.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customRoles, positions, sites } from '../../server/src/db/schema/index.ts';
import { bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const PASSWORD = 'Holder123!';

describe.each(DRIVERS)('custom roles enforced (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let owner: Actor;
  let n = 0;

  const call = (headers: Record<string, string>, opts: Omit<InjectOptions, 'headers'>) =>
    t.app.inject({ ...opts, headers } as InjectOptions);

  async function makeRole(by: Actor, level: number, permissions: string[]) {
    const res = await call(by.headers, {
      method: 'POST',
      url: '/api/v1/roles',
      payload: { name: `Custom ${++n}`, level, permissions },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().role as { id: number; name: string };
  }

  /** A user created through the API with the custom role, then signed in. */
  async function holderOf(roleId: number, by: Actor = admin) {
    const email = `holder-${++n}@example.com`;
    const res = await call(by.headers, {
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        first_name: 'Hold',
        last_name: 'Er',
        email,
        password: PASSWORD,
        role: 'worker',
        custom_role_id: roleId,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = await login(t.app, email, PASSWORD);
    return {
      id: res.json().user.id as number,
      user: res.json().user,
      headers: bearer(session.token),
      login: session,
    };
  }

  async function addPosition() {
    const [row] = await t.app.database.db
      .insert(positions)
      .values({ siteId: 'main', positionCode: `RP${++n}`, positionName: `Spot ${n}` })
      .returning();
    return row;
  }

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    owner = await signInAs(t, 'owner');
  });
  afterAll(async () => t?.close());

  it('a holder of three permissions can do exactly those three things', async () => {
    const role = await makeRole(admin, 1, ['positions.read', 'positions.update', 'tasks.read']);
    const holder = await holderOf(role.id);
    expect(holder.user).toMatchObject({ custom_role_id: role.id, custom_role_name: role.name });
    expect(holder.login.user).toMatchObject({
      permissions: ['positions.read', 'positions.update', 'tasks.read'],
      custom_role: { id: role.id, level: 1 },
    });
    const me = await call(holder.headers, { method: 'GET', url: '/api/v1/auth/me' });
    expect(me.json().user.permissions).toEqual(['positions.read', 'positions.update', 'tasks.read']);

    const position = await addPosition();
    const allowed: [string, string, unknown?][] = [
      ['GET', '/api/v1/positions'],
      ['PUT', `/api/v1/positions/${position.id}`, { position_name: 'Renamed by holder' }],
      ['GET', '/api/v1/tasks'],
    ];
    for (const [method, url, payload] of allowed) {
      const res = await call(holder.headers, { method: method as never, url, payload: payload as never });
      expect(res.statusCode, `${method} ${url} ${res.body.slice(0, 120)}`).toBe(200);
    }
    // Not even what the worker role beside it would allow (dashboard.view, work entries).
    const refused: [string, string, unknown?][] = [
      ['DELETE', `/api/v1/positions/${position.id}`],
      ['POST', '/api/v1/positions', { position_code: 'NO1', position_name: 'No' }],
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/tasks', { task_code: 'NO', task_name: 'Nope' }],
      ['GET', '/api/v1/roles'],
      ['GET', '/api/v1/site-settings'],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(holder.headers, { method: method as never, url, payload: payload as never });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('a change of the role’s permissions applies from the holder’s next request', async () => {
    const role = await makeRole(admin, 1, ['positions.read']);
    const holder = await holderOf(role.id);
    const position = await addPosition();
    const del = () => call(holder.headers, { method: 'DELETE', url: `/api/v1/positions/${position.id}` });
    const list = () => call(holder.headers, { method: 'GET', url: '/api/v1/positions' });
    expect((await list()).statusCode).toBe(200);
    expect((await del()).statusCode).toBe(403);

    const grant = await call(admin.headers, {
      method: 'PUT',
      url: `/api/v1/roles/${role.id}`,
      payload: { permissions: ['positions.read', 'positions.delete'] },
    });
    expect(grant.statusCode).toBe(200);
    expect((await del()).statusCode).toBe(200);

    await call(admin.headers, {
      method: 'PUT',
      url: `/api/v1/roles/${role.id}`,
      payload: { permissions: [] },
    });
    expect((await list()).statusCode).toBe(403);
    const me = await call(holder.headers, { method: 'GET', url: '/api/v1/auth/me' });
    expect(me.json().user.permissions).toEqual([]);
  });

  it('rank rules use the custom role’s level', async () => {
    const lead = await makeRole(admin, 2, ['users.create', 'users.read', 'users.update', 'users.delete']);
    const holder = await holderOf(lead.id);
    const worker = await signInAs(t, 'worker');
    const manager = await signInAs(t, 'manager');
    const edit = (id: number) =>
      call(holder.headers, { method: 'PUT', url: `/api/v1/users/${id}`, payload: { first_name: 'Edited' } });
    expect((await edit(worker.id)).statusCode).toBe(200);
    expect((await edit(manager.id)).statusCode).toBe(403);

    // An owner (3) manages a level-2 holder; a level-3 holder is out of the owner's reach.
    expect(
      (
        await call(owner.headers, {
          method: 'PUT',
          url: `/api/v1/users/${holder.id}`,
          payload: { first_name: 'Ok' },
        })
      ).statusCode,
    ).toBe(200);
    const high = await makeRole(admin, 3, ['positions.read']);
    const highHolder = await holderOf(high.id);
    const refused = await call(owner.headers, {
      method: 'PUT',
      url: `/api/v1/users/${highHolder.id}`,
      payload: { first_name: 'No' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('gives, changes and takes away a custom role through the users API, ending the sessions', async () => {
    const a = await makeRole(admin, 1, ['tasks.read']);
    const holder = await holderOf(a.id);
    const b = await makeRole(admin, 1, ['positions.read']);
    const change = await call(admin.headers, {
      method: 'PUT',
      url: `/api/v1/users/${holder.id}`,
      payload: { custom_role_id: b.id },
    });
    expect(change.json().user).toMatchObject({ custom_role_id: b.id, role: 'worker' });
    // The holder's access changed: their sessions end, as with any role change.
    expect((await call(holder.headers, { method: 'GET', url: '/api/v1/tasks' })).statusCode).toBe(401);

    const back = await call(admin.headers, {
      method: 'PUT',
      url: `/api/v1/users/${holder.id}`,
      payload: { custom_role_id: null, role: 'manager' },
    });
    expect(back.json().user).toMatchObject({ custom_role_id: null, role: 'manager' });
    const users = (await call(admin.headers, { method: 'GET', url: '/api/v1/users' })).json().users;
    expect(users.find((u: { id: number }) => u.id === holder.id)).toMatchObject({ custom_role_id: null });
    expect((await call(admin.headers, { method: 'DELETE', url: `/api/v1/roles/${b.id}` })).statusCode).toBe(
      200,
    );
  });

  it('never gives a role with more than the giver holds, nor another site’s role', async () => {
    const debug = await makeRole(admin, 2, ['system.debug']);
    const res = await call(owner.headers, {
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        first_name: 'Nope',
        last_name: 'Nope',
        email: `n${++n}@example.com`,
        password: PASSWORD,
        role: 'worker',
        custom_role_id: debug.id,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().details[0].field).toBe('custom_role_id');

    await t.app.database.db
      .insert(sites)
      .values({ id: 'elsewhere', name: 'Elsewhere' })
      .onConflictDoNothing();
    const [foreign] = await t.app.database.db
      .insert(customRoles)
      .values({ siteId: 'elsewhere', name: 'Foreign', level: 1, permissions: ['tasks.read'] })
      .returning();
    const assign = await call(admin.headers, {
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        first_name: 'Nope',
        last_name: 'Nope',
        email: `n${++n}@example.com`,
        password: PASSWORD,
        role: 'worker',
        custom_role_id: foreign.id,
      },
    });
    expect(assign.statusCode).toBe(400);
    expect(assign.json().details[0].field).toBe('custom_role_id');
  });
});
