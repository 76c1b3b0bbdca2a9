/**
 * The per-account ceiling and the trusted-device cookie: failures from any number of addresses
 * add up per account, and past the daily ceiling only a browser that signed in to that account
 * before (its signed, httpOnly device cookie) gets through, with a small limit of its own. So an
 * attacker cannot keep the owner out, and guesses per account per day stay bounded.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { dropRedisPrefix, REDIS, STORES } from './security-support.ts';

const PASSWORD = 'Victim123!';

describe.each(DRIVERS.flatMap((driver) => STORES.map((store) => [driver, store] as const)))(
  'trusted devices and the account ceiling (%s, %s store)',
  (driver, store) => {
    const prefix = `tagger-test-${randomBytes(6).toString('hex')}:`;
    let t: TestApp;
    let ipSeq = 0;
    const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

    const attempt = (email: string, password: string, cookie?: string, ip = freshIp()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
        payload: { email, password },
      });
    const deviceCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
      const c = res.cookies.find((k) => k.name === 'tagger_device');
      return c ? `tagger_device=${c.value}` : undefined;
    };
    /** Failures from as many addresses, each far below the per-address lock. */
    const sprayFailures = async (email: string, n: number) => {
      for (let i = 0; i < n; i++) expect((await attempt(email, 'wrong-guess')).statusCode).toBe(401);
    };

    beforeAll(async () => {
      t = await buildTestApp(driver, {
        ...(store === 'redis' ? { redisUrl: `${REDIS}/?keyPrefix=${prefix}` } : {}),
        loginAccountMaxFailures: 3,
        loginAccountLockSeconds: 1,
        loginAccountLockMaxSeconds: 2,
        loginAccountDailyMaxFailures: 4,
        loginIpMaxFailures: 1000,
      });
      const passwordHash = await t.app.services.passwords.hash(PASSWORD);
      for (const name of ['victim', 'other', 'device', 'shared']) {
        await t.database.db.insert(users).values({
          siteId: 'main',
          email: `${name}@example.com`,
          firstName: name,
          lastName: 'User',
          role: 'worker',
          passwordHash,
        });
      }
    });
    afterAll(async () => {
      await t.close();
      if (store === 'redis') await dropRedisPrefix(prefix);
    });

    it('sets a 30-day, httpOnly, SameSite=Strict device cookie on every sign-in, scoped to the auth API', async () => {
      const res = await attempt('other@example.com', PASSWORD);
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'tagger_device')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
      expect(cookie.maxAge).toBe(30 * 24 * 3600);
      expect(res.body).not.toContain(cookie.value);
    });

    it('keeps the account owner signing in on a known browser while attackers exhaust the ceiling from many addresses', async () => {
      const earlier = await attempt('victim@example.com', PASSWORD);
      const device = deviceCookieOf(earlier)!;
      await sprayFailures('victim@example.com', 4);

      // A new browser (or the attacker with the right password) must wait for the window to end…
      const untrusted = await attempt('victim@example.com', PASSWORD);
      expect(untrusted.statusCode).toBe(429);
      expect(Number(untrusted.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // …while the owner's browser gets through, every time.
      for (let i = 0; i < 3; i++) {
        const res = await attempt('victim@example.com', PASSWORD, device);
        expect(res.statusCode).toBe(200);
      }
      // A success does not reset the ceiling for everyone else: guesses per day stay bounded.
      expect((await attempt('victim@example.com', PASSWORD)).statusCode).toBe(429);
    });

    it('ignores a forged or altered device cookie, and the device cookie of another account', async () => {
      const own = deviceCookieOf(await attempt('other@example.com', PASSWORD))!;
      const altered = own.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      for (const cookie of [altered, 'tagger_device=u1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA', own]) {
        expect((await attempt('victim@example.com', PASSWORD, cookie)).statusCode).toBe(429);
      }
    });

    it('gives a trusted device a small limit of its own', async () => {
      const device = deviceCookieOf(await attempt('device@example.com', PASSWORD))!;
      const ip = freshIp();
      for (let i = 0; i < 3; i++)
        expect((await attempt('device@example.com', 'wrong', device, ip)).statusCode).toBe(401);
      const locked = await attempt('device@example.com', PASSWORD, device, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await attempt('device@example.com', PASSWORD, device, ip)).statusCode).toBe(200);
    });

    it('remembers every account signed in on one browser', async () => {
      const first = deviceCookieOf(await attempt('shared@example.com', PASSWORD))!;
      const second = deviceCookieOf(await attempt('other@example.com', PASSWORD, first))!;
      await sprayFailures('shared@example.com', 4);
      expect((await attempt('shared@example.com', PASSWORD)).statusCode).toBe(429);
      expect((await attempt('shared@example.com', PASSWORD, second)).statusCode).toBe(200);
    });
  },
);
