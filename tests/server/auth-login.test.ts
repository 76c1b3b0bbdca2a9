/** POST /auth/login and GET /auth/me: what a signing-in client relies on. */
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../server/src/db/schema/index.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';

const JWT_SECRET = 'auth-login-test-secret-with-enough-length';
const INVALID = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Invalid email or password',
  code: 'INVALID_CREDENTIALS',
};

describe.each(DRIVERS)('login and /me (%s)', (driver) => {
  let t: TestApp;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object, headers });

  beforeAll(async () => {
    t = await buildTestApp(driver, { jwtSecret: JWT_SECRET });
    const passwordHash = await t.app.services.passwords.hash('Worker123!');
    await t.database.db.insert(sites).values({ id: 'other', name: 'Other Site' });
    await t.database.db.insert(users).values([
      {
        siteId: 'main',
        email: 'Inactive@Example.com',
        firstName: 'In',
        lastName: 'Active',
        role: 'worker',
        passwordHash,
        isActive: false,
      },
      {
        siteId: 'main',
        email: 'Worker@Example.com',
        firstName: 'Wo',
        lastName: 'Rker',
        role: 'worker',
        passwordHash,
      },
      {
        siteId: 'other',
        email: 'other@example.com',
        firstName: 'Ot',
        lastName: 'Her',
        role: 'manager',
        passwordHash,
      },
    ]);
  });
  afterAll(() => t.close());

  it('signs in with a token carrying sub, site, role, sid and a 30-minute exp, and the session user', async () => {
    const before = Date.now();
    const res = await post({ email: ADMIN.email, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toMatchObject({
      email: ADMIN.email,
      role: 'admin',
      site_id: 'main',
      site_name: 'Tagger Site',
      is_active: true,
    });
    expect(res.body).not.toMatch(/password/i);

    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ sub: String(body.user.id), site: 'main', role: 'admin' });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - Math.floor(before / 1000)).toBeGreaterThanOrEqual(30 * 60 - 1);
    expect(claims.exp! - Math.floor(before / 1000)).toBeLessThanOrEqual(30 * 60 + 2);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('sets the refresh cookie httpOnly, SameSite=Strict, on /api/v1/auth, for the session lifetime, not Secure over http', async () => {
    const res = await post({ email: ADMIN.email, password: ADMIN.password });
    const cookie = res.cookies.find((c) => c.name === 'tagger_refresh')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(cookie.maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(res.body).not.toContain(cookie.value);
  });

  it('matches the email case-insensitively and defaults site_id to main', async () => {
    const res = await post({ email: 'WORKER@example.COM', password: 'Worker123!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'Worker@Example.com', role: 'worker', site_id: 'main' });
  });

  it('signs in to another site when site_id names it', async () => {
    const res = await post({ email: 'other@example.com', password: 'Worker123!', site_id: 'other' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ site_id: 'other', site_name: 'Other Site', role: 'manager' });
    expect(decodeJwt(res.json().token).site).toBe('other');
  });

  it.each([
    ['an unknown email', { email: 'nobody@example.com', password: ADMIN.password }],
    ['a wrong password', { email: ADMIN.email, password: 'wrong-password' }],
    ['an inactive user with the right password', { email: 'inactive@example.com', password: 'Worker123!' }],
    ['an unknown site', { email: ADMIN.email, password: ADMIN.password, site_id: 'nowhere' }],
    ['a user of another site', { email: 'other@example.com', password: 'Worker123!', site_id: 'main' }],
  ])('refuses %s with the same 401 and no cookie', async (_case, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(401);
    // The same body in every case, but for the answer's own request id.
    const { requestId, ...body } = res.json();
    expect(body).toEqual(INVALID);
    expect(requestId).toBe(res.headers['x-request-id']);
    expect(res.cookies.find((c) => c.name === 'tagger_refresh')).toBeUndefined();
  });

  it('names the missing or invalid field in a 400', async () => {
    const missingEmail = await post({ password: 'x' });
    expect(missingEmail.statusCode).toBe(400);
    expect(missingEmail.json().details).toEqual([
      expect.objectContaining({ field: 'email', message: 'This field is required' }),
    ]);

    const emptyPassword = await post({ email: ADMIN.email, password: '' });
    expect(emptyPassword.statusCode).toBe(400);
    expect(emptyPassword.json().details).toEqual([
      expect.objectContaining({ field: 'password', message: 'This field is required' }),
    ]);

    const extra = await post({ email: ADMIN.email, password: 'x', admin: true });
    expect(extra.statusCode).toBe(400);

    const broken = await post('{"email":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().statusCode).toBe(400);
  });

  it('GET /me returns the signed-in user with site_name and no password', async () => {
    const session = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: session.user.id,
      email: ADMIN.email,
      site_name: 'Tagger Site',
      role: 'admin',
    });
    expect(res.body).not.toMatch(/password/i);
  });

  it('GET /me refuses a missing, malformed, foreign or expired token with 401', async () => {
    const session = await login(t.app, ADMIN.email, ADMIN.password);
    const claims = decodeJwt(session.token);
    const key = new TextEncoder().encode(JWT_SECRET);
    const base = { site: 'main', role: 'admin', sid: claims.sid };
    const expired = await new SignJWT(base)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.user.id))
      .setIssuer('tagger-admin')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const foreign = await new SignJWT(base)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session.user.id))
      .setIssuer('tagger-admin')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-entirely-of-some-length'));
    for (const headers of [{}, bearer('not-a-jwt'), bearer(expired), bearer(foreign)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('GET /me answers 401 once the user is deactivated', async () => {
    const session = await login(t.app, 'worker@example.com', 'Worker123!');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, session.user.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(session.token) });
    expect(res.statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, session.user.id));
  });
});

describe.each(DRIVERS)('login behind an https proxy (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, { trustProxy: true });
  });
  afterAll(() => t.close());

  it('marks the refresh cookie Secure when the request is https', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'tagger_refresh')).toMatchObject({
      secure: true,
      httpOnly: true,
    });
  });
});
