/**
 * Failed sign-in limits (per account and per IP) and revocations, with the in-memory stores and
 * with Redis. Each Redis run uses its own key prefix and deletes only its own keys afterwards.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLockSeconds } from '../../server/src/services/index.ts';
import { revokeUserSessions } from '../../server/src/services/sessions.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';

const REDIS = 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('account lock lengths', () => {
  it('start at the base lock, double, and stop at 4 × the base (defaults: 60 s, 120 s, 240 s max)', () => {
    const limits = { ipMaxFailures: 50, ipWindowSeconds: 900, accountMaxFailures: 5, accountLockSeconds: 60 };
    expect([4, 5, 6, 7, 8, 20].map((n) => accountLockSeconds(n, limits))).toEqual([
      0, 60, 120, 240, 240, 240,
    ]);
  });
});

const STORES = ['memory', 'redis'] as const;

describe.each(DRIVERS.flatMap((driver) => STORES.map((store) => [driver, store] as const)))(
  'login limits and revocations (%s, %s store)',
  (driver, store) => {
    const prefix = `tagger-test-${randomBytes(6).toString('hex')}:`;
    let t: TestApp;

    const attempt = (password: string, ip = '10.0.0.1', email = ADMIN.email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        payload: { email, password },
      });

    beforeAll(async () => {
      t = await buildTestApp(driver, {
        ...(store === 'redis' ? { redisUrl: `${REDIS}/?keyPrefix=${prefix}` } : {}),
        loginAccountMaxFailures: 3,
        loginAccountLockSeconds: 1,
        loginIpMaxFailures: 6,
        loginIpWindowSeconds: 2,
      });
    });
    afterAll(async () => {
      await t.close();
      if (store === 'redis') {
        const redis = new Redis(REDIS);
        const keys: string[] = [];
        let cursor = '0';
        do {
          const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          cursor = next;
          keys.push(...batch);
        } while (cursor !== '0');
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
    });

    it.runIf(store === 'redis')('keeps its state in Redis under its own prefix', async () => {
      expect(t.app.services.redis).not.toBeNull();
      await attempt('wrong', '10.0.0.9', 'probe@example.com');
      const redis = new Redis(REDIS);
      const keys = await redis.keys(`${prefix}*`);
      await redis.quit();
      expect(keys.length).toBeGreaterThan(0);
    });

    it('locks an account after repeated failures with 429 and Retry-After, even for the right password, then recovers', async () => {
      for (let i = 0; i < 3; i++) expect((await attempt('wrong', `10.0.1.${i}`)).statusCode).toBe(401);
      const locked = await attempt(ADMIN.password, '10.0.1.99');
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('1');
      expect(locked.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
      });
      // The lock is about the account: another account from the same IP is not affected.
      expect((await attempt('Worker123!', '10.0.1.99', 'someone@example.com')).statusCode).toBe(401);

      await sleep(1100);
      expect((await attempt(ADMIN.password, '10.0.1.99')).statusCode).toBe(200);
      // The success reset the count: two more failures do not lock.
      for (let i = 0; i < 2; i++) expect((await attempt('wrong', '10.0.1.50')).statusCode).toBe(401);
      expect((await attempt(ADMIN.password, '10.0.1.51')).statusCode).toBe(200);
    });

    it('limits failures per IP across accounts, leaves other IPs alone, and recovers after the window', async () => {
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

    it('refuses the access token of a signed-out session and of a revoked user', async () => {
      const s = await login(t.app, ADMIN.email, ADMIN.password);
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(s.token) });
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
