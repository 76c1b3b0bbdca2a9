/** Refresh rotation, reuse detection, timeouts, sign-out and revocation, as a browser sees them. */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { sessions, users } from '../../server/src/db/schema/index.ts';
import { revokeUserSessions } from '../../server/src/infra/sessions.ts';
import {
  ADMIN,
  bearer,
  buildTestApp,
  DRIVERS,
  login,
  refreshCookieOf,
  type TestApp,
  testConfig,
} from './helpers.ts';

describe.each(DRIVERS)('refresh sessions (%s)', (driver) => {
  let t: TestApp;
  let workerId: number;

  const refresh = (cookie: string | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
  const sidOf = (token: string) => decodeJwt(token).sid as string;
  const sessionRow = async (sid: string) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.id, sid)))[0];
  const signInWorker = () => login(t.app, 'worker@example.com', 'Worker123!');

  beforeAll(async () => {
    t = await buildTestApp(driver, { allowedOrigins: ['http://localhost:5173'] });
    const passwordHash = await t.app.services.passwords.hash('Worker123!');
    const [row] = await t.database.db
      .insert(users)
      .values({
        siteId: 'main',
        email: 'worker@example.com',
        firstName: 'Wo',
        lastName: 'Rker',
        role: 'worker',
        passwordHash,
      })
      .returning();
    workerId = row.id;
  });
  afterAll(() => t.close());

  it('stores only a hash of the refresh token', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const row = await sessionRow(sidOf(s.token));
    const raw = s.cookie.split('=')[1];
    expect(JSON.stringify(row)).not.toContain(raw);
    expect(row.refreshHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('rotates the cookie on every refresh and answers a working token', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await refresh(s.cookie);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const rotated = refreshCookieOf(res);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(s.cookie);
    expect(sidOf(res.json().token)).toBe(sidOf(s.token));
    expect((await me(res.json().token)).statusCode).toBe(200);
    const again = await refresh(rotated);
    expect(again.statusCode).toBe(200);
    expect(refreshCookieOf(again)).not.toBe(rotated);
  });

  it('accepts an empty JSON body as well as none', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/json; charset=utf-8', cookie: s.cookie },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated-out token is presented after the grace period', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const first = await refresh(s.cookie);
    const rotated = refreshCookieOf(first)!;
    const sid = sidOf(s.token);
    await t.database.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, sid));

    const replay = await refresh(s.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'No valid refresh session',
    });
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await me(first.json().token)).statusCode).toBe(401);
    expect((await sessionRow(sid)).revokedAt).not.toBeNull();
  });

  it('answers two concurrent refreshes with the same cookie, setting the cookie only once', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const [a, b] = await Promise.all([refresh(s.cookie), refresh(s.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const cookies = [refreshCookieOf(a), refreshCookieOf(b)].filter(Boolean);
    expect(cookies).toHaveLength(1);
    // The tab that lost the race keeps working with the cookie the browser now holds.
    expect((await me(b.json().token)).statusCode).toBe(200);
    expect((await refresh(cookies[0])).statusCode).toBe(200);
  });

  it('ends a session left idle longer than the idle timeout', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const idle = t.app.config.sessionIdleTtl + 5;
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - make_interval(secs => ${idle})` })
      .where(eq(sessions.id, sidOf(s.token)));
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    expect((await sessionRow(sidOf(s.token))).revokedReason).toBe('idle');
  });

  it('ends a session past its absolute lifetime however active it is', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, sidOf(s.token)));
    const res = await refresh(s.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'tagger_refresh')?.value).toBe('');
  });

  it('refuses a refresh without a cookie or with an unknown one', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('tagger_refresh=made-up-value')).statusCode).toBe(401);
  });

  it('signs out with the access token: the token and the refresh cookie stop working', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...bearer(s.token), cookie: s.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const cleared = res.cookies.find((c) => c.name === 'tagger_refresh');
    expect(cleared).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect((await me(s.token)).statusCode).toBe(401);
    expect((await refresh(s.cookie)).statusCode).toBe(401);
  });

  it('signs out with only the refresh cookie when the access token is gone', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('answers 200 to a sign-out with nothing to revoke', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json', ...bearer('garbage') },
    });
    expect(res.statusCode).toBe(200);
  });

  it('revokeUserSessions refuses existing tokens and refreshes, and a new sign-in works at once', async () => {
    const a = await signInWorker();
    const b = await signInWorker();
    const other = await login(t.app, ADMIN.email, ADMIN.password);
    await revokeUserSessions(t.app, workerId, 'deactivated');
    for (const s of [a, b]) {
      expect((await me(s.token)).statusCode).toBe(401);
      expect((await refresh(s.cookie)).statusCode).toBe(401);
    }
    expect((await me(other.token)).statusCode).toBe(200);
    const fresh = await signInWorker();
    expect((await me(fresh.token)).statusCode).toBe(200);
  });

  it('refresh follows the database: a new role is in the new token, an inactive user gets 401', async () => {
    const s = await signInWorker();
    await t.database.db.update(users).set({ role: 'manager' }).where(eq(users.id, workerId));
    const res = await refresh(s.cookie);
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().token).role).toBe('manager');

    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, workerId));
    expect((await refresh(refreshCookieOf(res))).statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true, role: 'worker' }).where(eq(users.id, workerId));
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['an Origin on another port', { origin: 'http://admin.test:8080' }, 403],
    ['a form content type', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['text/plain', { 'content-type': 'text/plain' }, 415],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, 415],
  ])('refuses a refresh with %s, leaving the session usable', async (_case, headers, status) => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await refresh(s.cookie, { host: 'admin.test', ...headers });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      statusCode: status,
      message: expect.any(String),
      code: expect.any(String),
    });
    expect((await refresh(s.cookie)).statusCode).toBe(200);
  });

  it('refuses a refresh without a content type', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(415);
  });

  it.each([
    ['its own origin', 'http://admin.test'],
    ['an allowed origin', 'http://localhost:5173'],
  ])('accepts a refresh from %s', async (_case, origin) => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    expect((await refresh(s.cookie, { host: 'admin.test', origin })).statusCode).toBe(200);
  });

  it('still refuses revoked sessions after a restart (the database is the record)', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    const kept = await login(t.app, ADMIN.email, ADMIN.password);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(s.token) });
    const restarted = await buildApp({ config: testConfig(), database: t.database, logger: false });
    try {
      await restarted.ready();
      const ask = (token: string) =>
        restarted.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
      expect((await ask(s.token)).statusCode).toBe(401);
      expect((await ask(kept.token)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
