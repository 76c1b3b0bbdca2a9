/**
 * One rule for every way a role is given: a giver may give a role (built-in or custom, on create
 * or on update) only with users.create, when the role does not outrank them, and when they hold
 * every permission it grants. Generated: every giver (each built-in role and several custom ones)
 * × every role × create and update; the expected answer is worked out here from the rule, and a
 * refused request must leave the data as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLE_RANK, ROLES } from '../../src/domain/permissions.ts';
import { bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';
import { signInAs } from './support/actors.ts';

const PASSWORD = 'Giver123!';

interface Grant {
  level: number;
  permissions: readonly string[];
}

/** A role as the matrix sees it: how a request names it, and what it is. */
interface RoleCase extends Grant {
  label: string;
  body: { role: string; custom_role_id: number | null };
}

interface Giver extends Grant {
  label: string;
  headers: Record<string, string>;
}

/** Custom roles of the matrix; each is both a giver (through a holder) and a role to give. */
const CUSTOM: { name: string; level: number; permissions: string[] }[] = [
  // The probe's role: may create users, and holds almost nothing else.
  {
    name: 'L2 user clerk',
    level: 2,
    permissions: ['dashboard.view', 'users.read', 'users.create', 'users.update'],
  },
  { name: 'L3 creator only', level: 3, permissions: ['users.create'] },
  {
    name: 'L3 almost owner',
    level: 3,
    permissions: ROLE_PERMISSIONS.owner.filter((p) => p !== 'tasks.delete' && !p.startsWith('roles.')),
  },
  {
    name: 'L1 self-service clerk',
    level: 1,
    permissions: ['users.read', 'users.create', 'users.update', 'positions.read'],
  },
  { name: 'L1 reader', level: 1, permissions: ['positions.read', 'tasks.read'] },
  { name: 'L2 task deleter', level: 2, permissions: ['users.read', 'tasks.delete'] },
];

/** The rule, restated from the product's definition rather than taken from its code. */
function mayGive(giver: Grant, role: Grant): boolean {
  return (
    giver.permissions.includes('users.create') &&
    role.level <= giver.level &&
    role.permissions.every((p) => giver.permissions.includes(p))
  );
}

/** Updating someone also needs users.update and a rank above theirs (the victims are level 1). */
const mayUpdateVictim = (giver: Grant) =>
  giver.permissions.includes('users.update') && giver.permissions.includes('users.create') && giver.level > 1;

describe.each(DRIVERS)('giving a role: one rule, every giver × role × operation (%s)', (driver) => {
  let t: TestApp;
  let adminHeaders: Record<string, string>;
  const givers: Giver[] = [];
  const roles: RoleCase[] = [];
  let victimRoleId = 0;
  let seq = 0;

  async function createUser(headers: Record<string, string>, body: object) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: {
        first_name: 'Matrix',
        last_name: 'User',
        email: `matrix-${++seq}@example.com`,
        password: PASSWORD,
        ...body,
      },
    });
  }

  type ListedUser = { id: number; role: string; custom_role_id: number | null; updated_at: string };

  async function listUsers(): Promise<ListedUser[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: adminHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().users;
  }

  const userById = async (id: number) => (await listUsers()).find((u) => u.id === id);
  const userCount = async () => (await listUsers()).length;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const admin = await signInAs(t, 'admin');
    adminHeaders = admin.headers;
    for (const role of ROLES) {
      const actor = await signInAs(t, role);
      givers.push({
        label: role,
        level: ROLE_RANK[role],
        permissions: ROLE_PERMISSIONS[role],
        headers: actor.headers,
      });
      roles.push({
        label: role,
        level: ROLE_RANK[role],
        permissions: ROLE_PERMISSIONS[role],
        body: { role, custom_role_id: null },
      });
    }
    for (const custom of CUSTOM) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/roles',
        headers: adminHeaders,
        payload: custom,
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().role.id as number;
      const holder = await createUser(adminHeaders, { role: 'worker', custom_role_id: id });
      expect(holder.statusCode, holder.body).toBe(201);
      const session = await login(t.app, holder.json().user.email, PASSWORD);
      givers.push({ label: custom.name, ...custom, headers: bearer(session.token) });
      roles.push({ label: custom.name, ...custom, body: { role: 'worker', custom_role_id: id } });
    }
    // Victims of the updates hold this role, so giving any role (worker too) is a real change.
    const victimRole = await t.app.inject({
      method: 'POST',
      url: '/api/v1/roles',
      headers: adminHeaders,
      payload: { name: 'Victim', level: 1, permissions: ['dashboard.view'] },
    });
    victimRoleId = victimRole.json().role.id;
  });
  afterAll(async () => t?.close());

  it('creates a user with a role exactly when the rule allows it, and creates nothing otherwise', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const giver of givers) {
      for (const role of roles) {
        const allowed = mayGive(giver, role);
        const before = await userCount();
        const res = await createUser(giver.headers, role.body);
        outcomes.push(`${giver.label} creates ${role.label}: ${res.statusCode}`);
        expected.push(`${giver.label} creates ${role.label}: ${allowed ? 201 : 403}`);
        if (res.statusCode === 201) {
          expect(res.json().user).toMatchObject({
            role: role.body.role,
            custom_role_id: role.body.custom_role_id,
          });
        } else {
          expect(res.json()).toMatchObject({ statusCode: 403 });
          expect(await userCount()).toBe(before);
        }
      }
    }
    expect(outcomes).toEqual(expected);
    // The matrix is not one-sided: both answers occur.
    expect(expected.filter((e) => e.endsWith('201')).length).toBeGreaterThan(10);
    expect(expected.filter((e) => e.endsWith('403')).length).toBeGreaterThan(10);
  });

  it('gives an existing user a role exactly when the rule allows it, and changes nothing otherwise', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const giver of givers) {
      for (const role of roles) {
        const victim = await createUser(adminHeaders, { role: 'worker', custom_role_id: victimRoleId });
        expect(victim.statusCode, victim.body).toBe(201);
        const id = victim.json().user.id as number;
        const before = await userById(id);
        const allowed = mayUpdateVictim(giver) && mayGive(giver, role);
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/v1/users/${id}`,
          headers: giver.headers,
          payload: role.body,
        });
        outcomes.push(`${giver.label} makes a user ${role.label}: ${res.statusCode}`);
        expected.push(`${giver.label} makes a user ${role.label}: ${allowed ? 200 : 403}`);
        const after = await userById(id);
        if (res.statusCode === 200) {
          expect(after).toMatchObject(role.body);
        } else {
          expect(res.json()).toMatchObject({ statusCode: 403 });
          expect(after).toEqual(before);
        }
      }
    }
    expect(outcomes).toEqual(expected);
    expect(expected.filter((e) => e.endsWith('200')).length).toBeGreaterThan(10);
    expect(expected.filter((e) => e.endsWith('403')).length).toBeGreaterThan(10);
  });

  it('refuses the probe’s escalations: a user clerk making a manager, a creator-only role making an owner', async () => {
    const clerk = givers.find((g) => g.label === 'L2 user clerk')!;
    const creator = givers.find((g) => g.label === 'L3 creator only')!;
    const manager = await createUser(clerk.headers, { role: 'manager' });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toMatchObject({ code: 'ROLE_NOT_ALLOWED', details: [{ field: 'role' }] });
    expect((await createUser(creator.headers, { role: 'owner' })).statusCode).toBe(403);
  });
});
