/**
 * Failed sign-in limits, with the in-memory stores and with Redis (each Redis run under its own
 * key prefix, deleting only its own keys afterwards):
 * - per account and address: a lock that doubles, so one address cannot guess on, while the
 *   account's owner signs in from anywhere else;
 * - per address: many failures across accounts (spraying) are refused, without shutting out
 *   people behind the same address who have signed in on their browser before;
 * and the revocations a sign-out or a deactivation makes.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLockSeconds } from '../../server/src/infra/index.ts';
import { revokeUserSessions } from '../../server/src/infra/sessions.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';
import { dropRedisPrefix, REDIS, STORES } from './security-support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lock lengths', () => {
  it('start at the base lock at the limit, double with each further failure, and stop at the maximum', () => {
    const limits = { accountMaxFailures: 5, accountLockSeconds: 60, accountLockMaxSeconds: 900 };
    expect([4, 5, 6, 7, 8, 9, 10, 50].map((n) => accountLockSeconds(n, limits))).toEqual([
      0, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });
});

describe.each(DRIVERS.flatMap((driver) => STORES.map((store) => [driver, store] as const)))(
  'login limits and revocations (%s, %s store)',
  (driver, store) => {
    const prefix = `tagger-test-${randomBytes(6).toString('hex')}:`;
    let t: TestApp;

    const attempt = (password: string, ip: string, email = ADMIN.email, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
        payload: { email, password },
      });

    beforeAll(async () => {
      t = await buildTestApp(driver, {
        ...(store === 'redis' ? { redisUrl: `${REDIS}/?keyPrefix=${prefix}` } : {}),
        loginAccountMaxFailures: 3,
        loginAccountLockSeconds: 1,
        loginAccountLockMaxSeconds: 2,
        loginAccountDailyMaxFailures: 1000,
        loginIpMaxFailures: 6,
        loginIpWindowSeconds: 2,
      });
    });
    afterAll(async () => {
      await t.close();
      if (store === 'redis') await dropRedisPrefix(prefix);
    });

    it.runIf(store === 'redis')('keeps its state in Redis under its own prefix', async () => {
      expect(t.app.services.redis).not.toBeNull();
      await attempt('wrong', '10.0.0.9', 'probe@example.com');
      const redis = new Redis(REDIS);
      const keys = await redis.keys(`${prefix}*`);
      await redis.quit();
      expect(keys.length).toBeGreaterThan(0);
    });

    it('locks one address out of an account after repeated failures (429, Retry-After), while the owner signs in from another', async () => {
      const attacker = '10.0.1.1';
      for (let i = 0; i < 3; i++) expect((await attempt('wrong', attacker)).statusCode).toBe(401);
      const locked = await attempt(ADMIN.password, attacker);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('1');
      expect(locked.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
      });
      // Refused tries are not counted and do not extend the lock.
      for (let i = 0; i < 5; i++) expect((await attempt('wrong', attacker)).statusCode).toBe(429);

      expect((await attempt(ADMIN.password, '10.0.1.2')).statusCode).toBe(200);
      // Another account from the locked address is not affected.
      expect((await attempt('Worker123!', attacker, 'someone@example.com')).statusCode).toBe(401);
    });

    it('lets a lock be renewed only against the address that fails, doubling up to the maximum', async () => {
      const attacker = '10.0.3.1';
      for (let i = 0; i < 3; i++) await attempt('wrong', attacker);
      await sleep(1100);
      // One failure right after the lock ends locks again, for twice as long (the maximum here)…
      expect((await attempt('wrong', attacker)).statusCode).toBe(401);
      const again = await attempt(ADMIN.password, attacker);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('2');
      // …but only that address: the owner is never starved.
      for (let i = 0; i < 3; i++)
        expect((await attempt(ADMIN.password, `10.0.3.${10 + i}`)).statusCode).toBe(200);
      await sleep(2100);
      // A success from the locked address itself clears its count.
      expect((await attempt(ADMIN.password, attacker)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await attempt('wrong', attacker)).statusCode).toBe(401);
      expect((await attempt(ADMIN.password, attacker)).statusCode).toBe(200);
    });

    it('limits failures per address across accounts, leaves other addresses alone, and recovers after the window', async () => {
      const ip = '10.0.2.1';
      for (let i = 0; i < 6; i++) {
        expect((await attempt('wrong', ip, `spray${i}@example.com`)).statusCode).toBe(401);
      }
      const blocked = await attempt(ADMIN.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(2);
      expect((await attempt(ADMIN.password, '10.0.2.2')).statusCode).toBe(200);

      await sleep(Number(blocked.headers['retry-after']) * 1000 + 100);
      expect((await attempt(ADMIN.password, ip)).statusCode).toBe(200);
    });

    it('lets a browser that signed in before through the per-address limit (one address for a whole office)', async () => {
      const office = '10.0.4.1';
      const earlier = await attempt(ADMIN.password, office);
      expect(earlier.statusCode).toBe(200);
      const device = earlier.cookies.find((c) => c.name === 'tagger_device')!;
      for (let i = 0; i < 6; i++) await attempt('wrong', office, `colleague${i}@example.com`);
      expect((await attempt(ADMIN.password, office)).statusCode).toBe(429);
      expect(
        (await attempt(ADMIN.password, office, ADMIN.email, `tagger_device=${device.value}`)).statusCode,
      ).toBe(200);
    });

    it('refuses the access token of a signed-out session and of a revoked user', async () => {
      const ip = '10.0.5.1';
      const s = await login(t.app, ADMIN.email, ADMIN.password);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        remoteAddress: ip,
        headers: bearer(s.token),
      });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(s.token) })).statusCode,
      ).toBe(401);

      const u = await login(t.app, ADMIN.email, ADMIN.password);
      await revokeUserSessions(t.app, u.user.id, 'test');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(u.token) })).statusCode,
      ).toBe(401);
      const after = await login(t.app, ADMIN.email, ADMIN.password);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(after.token) }))
          .statusCode,
      ).toBe(200);
    });
  },
);
