/**
 * The signed-in user's own account: name and language (PUT /auth/me), and password
 * (POST /auth/me/password: the current one required, checked under the sign-in limits, other
 * sessions ended, this one kept). Rank rules do not apply to oneself: an admin edits their own name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index.ts';
import {
  ADMIN,
  bearer,
  buildTestApp,
  DRIVERS,
  login,
  refreshCookieOf,
  type Session,
  type TestApp,
} from './helpers.ts';

const PASSWORD = 'Worker123!';

describe.each(DRIVERS)('own account (%s)', (driver) => {
  let t: TestApp;
  let seq = 0;

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
  const updateMe = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/me', headers: bearer(token), payload });
  const changePassword = (token: string, payload: object, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/me/password',
      headers: bearer(token),
      payload,
      remoteAddress: ip,
    });
  const refresh = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/json', cookie },
    });

  /** A new worker, signed in. */
  async function worker(): Promise<Session & { email: string }> {
    const email = `self${++seq}@example.com`;
    await t.database.db.insert(users).values({
      siteId: 'main',
      email,
      firstName: 'Self',
      lastName: 'Service',
      role: 'worker',
      passwordHash: await t.app.services.passwords.hash(PASSWORD),
    });
    return { ...(await login(t.app, email, PASSWORD)), email };
  }

  beforeAll(async () => {
    t = await buildTestApp(driver, { loginAccountMaxFailures: 3, loginAccountLockSeconds: 60 });
  });
  afterAll(() => t.close());

  it('GET /auth/me carries the saved language, null until one is chosen', async () => {
    const w = await worker();
    expect((await me(w.token)).json().user.language).toBeNull();
  });

  it('changes the own name (trimmed) and language, and GET /auth/me shows them', async () => {
    const w = await worker();
    const res = await updateMe(w.token, { first_name: '  Maija ', last_name: 'Meikäläinen', language: 'fi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ first_name: 'Maija', last_name: 'Meikäläinen', language: 'fi' });
    expect((await me(w.token)).json().user).toMatchObject({ first_name: 'Maija', language: 'fi' });
    expect((await updateMe(w.token, { language: null })).json().user.language).toBeNull();
    // The change appears in the admin's list as well.
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(admin.token) });
    expect(list.json().users.map((u: { first_name: string }) => u.first_name)).toContain('Maija');
  });

  it('lets an admin edit their own name, which the rank rule forbids through /users', async () => {
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await updateMe(admin.token, { first_name: 'Ada', language: 'sv' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ first_name: 'Ada', role: 'admin', language: 'sv' });
  });

  it.each([
    [{ first_name: 'A' }, 'first_name', 'Minimum length is 2 characters'],
    [{ last_name: '   ' }, 'last_name', 'This field is required'],
    [{ first_name: 'x'.repeat(101) }, 'first_name', 'Maximum length is 100 characters'],
    [{ language: 'de' }, 'language', undefined],
    [{ role: 'admin' }, 'role', 'Unknown field'],
    [{ email: 'new@example.com' }, 'email', 'Unknown field'],
  ])('refuses %j with a 400 on the field', async (payload, field, message) => {
    const w = await worker();
    const res = await updateMe(w.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field, ...(message ? { message } : {}) })]);
    expect((await me(w.token)).json().user).toMatchObject({ first_name: 'Self', role: 'worker' });
  });

  it('refuses both without a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/auth/me', payload: {} })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/me/password',
      payload: { current_password: PASSWORD, new_password: 'Another123!' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const w = await worker();
    const other = await login(t.app, w.email, PASSWORD);
    const res = await changePassword(w.token, { current_password: PASSWORD, new_password: 'Changed123!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });

    expect((await me(w.token)).statusCode).toBe(200);
    expect((await refresh(w.cookie)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await refresh(other.cookie)).statusCode).toBe(401);

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: w.email, password: PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await login(t.app, w.email, 'Changed123!')).token).toEqual(expect.any(String));
  });

  it('refuses a wrong current password on its field, and counts it as a failed sign-in of the account', async () => {
    const w = await worker();
    const ip = '10.30.0.1';
    for (let i = 0; i < 3; i++) {
      const res = await changePassword(
        w.token,
        { current_password: `wrong-${i}`, new_password: 'Changed123!' },
        ip,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'WRONG_CURRENT_PASSWORD',
        details: [{ field: 'current_password', message: 'The current password is not correct' }],
      });
    }
    // Locked for this address like a sign-in: no more guesses, not even the right one…
    const locked = await changePassword(
      w.token,
      { current_password: PASSWORD, new_password: 'Changed123!' },
      ip,
    );
    expect(locked.statusCode).toBe(429);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: ip,
      payload: { email: w.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    // …and the password is unchanged.
    expect((await login(t.app, w.email, PASSWORD)).token).toEqual(expect.any(String));
  });

  it.each([
    [{ current_password: PASSWORD, new_password: 'short' }, 'new_password', 'Minimum length is 6 characters'],
    [
      { current_password: PASSWORD, new_password: 'x'.repeat(129) },
      'new_password',
      'Maximum length is 128 characters',
    ],
    [{ current_password: '', new_password: 'Changed123!' }, 'current_password', 'This field is required'],
    [{ new_password: 'Changed123!' }, 'current_password', 'This field is required'],
  ])('refuses %j on its field with the form rule', async (payload, field, message) => {
    const w = await worker();
    const res = await changePassword(w.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field, message })]);
    expect(refreshCookieOf(res)).toBeUndefined();
  });
});
