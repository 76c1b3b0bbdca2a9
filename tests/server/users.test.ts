import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions, sessions, users, workEntries } from '../../server/src/db/schema/index.ts';
import type { Role } from '../../src/domain/permissions.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, sessionToken, type TestApp } from './helpers.ts';

describe.each(DRIVERS)('users API (%s)', (driver) => {
  let t: TestApp;
  let n = 0;
  const bodies: string[] = [];
  const tokens = {} as Record<Role, string>;
  let adminId = 0;

  async function call(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await t.app.inject(opts);
    bodies.push(res.body);
    return res;
  }

  async function addUser(role: Role, extra: Partial<typeof users.$inferInsert> = {}) {
    n++;
    const [row] = await t.app.database.db
      .insert(users)
      .values({
        siteId: 'main',
        email: `u${n}@example.com`,
        firstName: 'Test',
        lastName: `User${n}`,
        role,
        passwordHash: 'x',
        ...extra,
      })
      .returning();
    const token = await sessionToken(t.app, { userId: row.id, siteId: 'main', role });
    return { row, token };
  }

  const valid = (over: Record<string, unknown> = {}) => ({
    first_name: 'Maija',
    last_name: 'Meikäläinen',
    email: `new${++n}@example.com`,
    password: 'secret1',
    role: 'worker',
    ...over,
  });

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const [admin] = await t.app.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    adminId = admin.id;
    tokens.admin = await sessionToken(t.app, { userId: admin.id, siteId: 'main', role: 'admin' });
    for (const role of ['owner', 'manager', 'worker'] as const) tokens[role] = (await addUser(role)).token;
  });
  afterAll(async () => t?.close());

  const as = (role: Role) => bearer(tokens[role]);

  it('lists the site users ordered by first and last name, without passwords', async () => {
    await addUser('worker', { firstName: 'Aapo', lastName: 'Zeta' });
    await addUser('worker', { firstName: 'Aapo', lastName: 'Alpha' });
    const res = await call({ method: 'GET', url: '/api/v1/users', headers: as('manager') });
    expect(res.statusCode).toBe(200);
    const list = res.json().users as { first_name: string; last_name: string }[];
    const names = list.map((u) => `${u.first_name} ${u.last_name}`);
    expect(names.slice(0, 2)).toEqual(['Aapo Alpha', 'Aapo Zeta']);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(Object.keys(res.json().users[0]).sort()).toEqual([
      'created_at',
      'custom_role_id',
      'custom_role_name',
      'email',
      'first_name',
      'id',
      'invited',
      'is_active',
      'last_login_at',
      'last_name',
      'role',
      'site_id',
      'updated_at',
    ]);
    expect(new Date(res.json().users[0].created_at).toISOString()).toBe(res.json().users[0].created_at);
  });

  it('rejects missing, short and malformed fields with the form messages', async () => {
    const empty = await call({ method: 'POST', url: '/api/v1/users', headers: as('admin'), payload: {} });
    expect(empty.statusCode).toBe(400);
    const byField = Object.fromEntries(
      empty.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    for (const f of ['first_name', 'last_name', 'email', 'role'])
      expect(byField[f]).toBe('This field is required');
    // No password: the user is invited to set their own (invitations.test.ts).
    expect(byField.password).toBeUndefined();

    const bad = await call({
      method: 'POST',
      url: '/api/v1/users',
      headers: as('admin'),
      payload: valid({
        first_name: 'A',
        last_name: 'B',
        email: 'not-an-email',
        password: '12345',
        role: 'boss',
      }),
    });
    expect(bad.statusCode).toBe(400);
    const d = Object.fromEntries(
      bad.json().details.map((x: { field: string; message: string }) => [x.field, x.message]),
    );
    expect(d.first_name).toBe('Minimum length is 2 characters');
    expect(d.last_name).toBe('Minimum length is 2 characters');
    expect(d.email).toBe('Please enter a valid email address');
    expect(d.password).toBe('Minimum length is 6 characters');
    expect(d.role).toMatch(/Must be/);

    const blank = await call({
      method: 'POST',
      url: '/api/v1/users',
      headers: as('admin'),
      payload: valid({ first_name: '   ' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([
      expect.objectContaining({ field: 'first_name', message: 'This field is required' }),
    ]);

    const extra = await call({
      method: 'POST',
      url: '/api/v1/users',
      headers: as('admin'),
      payload: valid({ is_admin: true }),
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0]).toMatchObject({ field: 'is_admin', rule: 'unknown' });
  });

  it('creates a user with a real password hash and answers 201 without it', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/v1/users',
      headers: as('admin'),
      payload: valid({ email: 'Created@Example.com' }),
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      first_name: 'Maija',
      email: 'Created@Example.com',
      role: 'worker',
      is_active: true,
      site_id: 'main',
    });
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(await t.app.services.passwords.verify(row.passwordHash, 'secret1')).toBe(true);
  });

  it('answers 409 on field email for a duplicate in another letter case', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/v1/users',
      headers: as('admin'),
      payload: valid({ email: 'ADMIN@example.COM' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0].field).toBe('email');
    const { row } = await addUser('worker');
    const put = await call({
      method: 'PUT',
      url: `/api/v1/users/${row.id}`,
      headers: as('admin'),
      payload: { email: 'Admin@Example.com' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().details[0]).toMatchObject({ field: 'email', rule: 'unique' });
    const same = await call({
      method: 'PUT',
      url: `/api/v1/users/${row.id}`,
      headers: as('admin'),
      payload: { email: row.email.toUpperCase() },
    });
    expect(same.statusCode).toBe(200);
  });

  it('keeps the password when an edit sends an empty one, and changes it otherwise', async () => {
    const { row } = await addUser('worker', {
      passwordHash: await t.app.services.passwords.hash('original1'),
    });
    const keep = await call({
      method: 'PUT',
      url: `/api/v1/users/${row.id}`,
      headers: as('admin'),
      payload: { password: '', last_name: 'Renamed' },
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().user.last_name).toBe('Renamed');
    const [kept] = await t.app.database.db.select().from(users).where(eq(users.id, row.id));
    expect(kept.passwordHash).toBe(row.passwordHash);
    await call({
      method: 'PUT',
      url: `/api/v1/users/${row.id}`,
      headers: as('admin'),
      payload: { password: 'changed1' },
    });
    const [changed] = await t.app.database.db.select().from(users).where(eq(users.id, row.id));
    expect(await t.app.services.passwords.verify(changed.passwordHash, 'changed1')).toBe(true);
  });

  it('enforces rank: strictly higher to edit or delete, never grant above your own rank', async () => {
    const manager = (await addUser('manager')).row;
    const owner = (await addUser('owner')).row;
    const put = (role: Role, id: number, payload: object) =>
      call({ method: 'PUT', url: `/api/v1/users/${id}`, headers: as(role), payload });

    expect((await put('owner', manager.id, { first_name: 'Okay' })).statusCode).toBe(200);
    const sameRank = await put('owner', owner.id, { first_name: 'Nope' });
    expect(sameRank.statusCode).toBe(403);
    expect(sameRank.json().code).toBe('RANK_TOO_LOW');
    expect((await put('owner', adminId, { first_name: 'Nope' })).json().code).toBe('RANK_TOO_LOW');
    const del = await call({ method: 'DELETE', url: `/api/v1/users/${owner.id}`, headers: as('owner') });
    expect(del.statusCode).toBe(403);
    expect(del.json().code).toBe('RANK_TOO_LOW');

    const promote = await put('owner', manager.id, { role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().details[0].field).toBe('role');
    const createAdmin = await call({
      method: 'POST',
      url: '/api/v1/users',
      headers: as('owner'),
      payload: valid({ role: 'admin' }),
    });
    expect(createAdmin.statusCode).toBe(403);
    expect(createAdmin.json().details[0].field).toBe('role');
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/v1/users',
          headers: as('owner'),
          payload: valid({ role: 'owner' }),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/v1/users',
          headers: as('admin'),
          payload: valid({ role: 'admin' }),
        })
      ).statusCode,
    ).toBe(201);

    // A manager reads users but holds neither users.create nor users.update.
    expect(
      (await call({ method: 'POST', url: '/api/v1/users', headers: as('manager'), payload: valid() }))
        .statusCode,
    ).toBe(403);
    expect((await put('manager', (await addUser('worker')).row.id, { first_name: 'Nope' })).statusCode).toBe(
      403,
    );
    expect((await call({ method: 'GET', url: '/api/v1/users', headers: as('worker') })).statusCode).toBe(403);
  });

  it('refuses to delete yourself', async () => {
    const res = await call({ method: 'DELETE', url: `/api/v1/users/${adminId}`, headers: as('admin') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SELF_DELETE', message: 'You cannot delete your own account' });
  });

  it('deletes a user without history, and deactivates one with work entries', async () => {
    const fresh = (await addUser('worker')).row;
    const del = await call({ method: 'DELETE', url: `/api/v1/users/${fresh.id}`, headers: as('owner') });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ outcome: 'deleted' });
    expect(
      (await call({ method: 'DELETE', url: `/api/v1/users/${fresh.id}`, headers: as('owner') })).statusCode,
    ).toBe(404);

    const worker = (await addUser('worker')).row;
    const [position] = await t.app.database.db
      .insert(positions)
      .values({ siteId: 'main', positionCode: `P${n}`, positionName: 'Pump room' })
      .returning();
    await t.app.database.db
      .insert(workEntries)
      .values({ siteId: 'main', userId: worker.id, positionId: position.id, status: 'completed' });
    const keep = await call({ method: 'DELETE', url: `/api/v1/users/${worker.id}`, headers: as('owner') });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ outcome: 'deactivated', user: { id: worker.id, is_active: false } });
    const [still] = await t.app.database.db.select().from(users).where(eq(users.id, worker.id));
    expect(still.isActive).toBe(false);
  });

  it('revokes sessions when a user is deactivated or their role changes', async () => {
    for (const change of [{ is_active: false }, { role: 'worker' }]) {
      const { row, token } = await addUser('manager');
      await t.app.database.db.insert(sessions).values({
        id: `s-${row.id}`,
        siteId: 'main',
        userId: row.id,
        refreshHash: `h-${row.id}`,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      expect((await call({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })).statusCode).toBe(
        200,
      );
      const res = await call({
        method: 'PUT',
        url: `/api/v1/users/${row.id}`,
        headers: as('admin'),
        payload: change,
      });
      expect(res.statusCode).toBe(200);
      expect((await call({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })).statusCode).toBe(
        401,
      );
      const [session] = await t.app.database.db.select().from(sessions).where(eq(sessions.userId, row.id));
      expect(session.revokedAt).toBeInstanceOf(Date);
    }
  });

  it('serves the list fresh after any write, including one made outside the API', async () => {
    const list = async () =>
      (await call({ method: 'GET', url: '/api/v1/users', headers: as('admin') })).json().users as {
        id: number;
        last_login_at: string | null;
      }[];
    const before = await list();
    const { row } = await addUser('worker');
    expect((await list()).length).toBe(before.length + 1);
    const at = new Date('2026-01-02T03:04:05.000Z');
    await t.app.database.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, row.id));
    expect((await list()).find((u) => u.id === row.id)?.last_login_at).toBe(at.toISOString());
    await t.app.database.db.delete(users).where(eq(users.id, row.id));
    expect((await list()).length).toBe(before.length);
  });

  it('never returned a password or hash in any response', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toMatch(/"password(_hash)?"\s*:/);
      expect(body).not.toContain('$argon2');
    }
  });
});
