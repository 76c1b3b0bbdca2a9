/**
 * A trusted-device cookie lets its browser through an account's lockout only while the user's
 * credentials stand and for its lifetime, as the server judges: a password reset by an admin, a
 * change of one's own password, or a deactivation ends the trust of every browser the user signed
 * in on, and an entry older than TRUSTED_DEVICE_TTL is ignored whatever the browser kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index.ts';
import { bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const PASSWORD = 'Victim123!';
const NEW_PASSWORD = 'Changed456!';
const TTL_SECONDS = 2;

describe.each(DRIVERS)('trusted devices follow the credentials and expire (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let ipSeq = 0;
  let seq = 0;
  const freshIp = () => `10.30.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  const attempt = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: freshIp(),
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });
  const deviceCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((k) => k.name === 'tagger_device');
    return c ? `tagger_device=${c.value}` : undefined;
  };

  /** A user whose browser signed in once (its cookie), then an attacker exhausted the account's ceiling. */
  async function lockedOutUser() {
    const email = `victim-${++seq}@example.com`;
    const [row] = await t.database.db
      .insert(users)
      .values({
        siteId: 'main',
        email,
        firstName: 'Vic',
        lastName: 'Tim',
        role: 'worker',
        passwordHash: await t.app.services.passwords.hash(PASSWORD),
      })
      .returning();
    const device = deviceCookieOf(await attempt(email, PASSWORD))!;
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'wrong-guess')).statusCode).toBe(401);
    expect((await attempt(email, PASSWORD)).statusCode).toBe(429);
    return { id: row.id, email, device };
  }

  const expectLockedOut = async (email: string, password: string, cookie: string) => {
    const res = await attempt(email, password, cookie);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  };

  const adminUpdate = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: admin.headers, payload });

  const limits = { loginAccountMaxFailures: 100, loginAccountDailyMaxFailures: 4, loginIpMaxFailures: 1000 };

  beforeAll(async () => {
    t = await buildTestApp(driver, limits);
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('after an admin resets the password, the old cookie with the new password is refused like any locked-out sign-in', async () => {
    const victim = await lockedOutUser();
    expect((await attempt(victim.email, PASSWORD, victim.device)).statusCode).toBe(200);
    expect((await adminUpdate(victim.id, { password: NEW_PASSWORD })).statusCode).toBe(200);
    await expectLockedOut(victim.email, NEW_PASSWORD, victim.device);
  });

  it('after a deactivation and reactivation, the old cookie is refused', async () => {
    const victim = await lockedOutUser();
    expect((await adminUpdate(victim.id, { is_active: false })).statusCode).toBe(200);
    expect((await adminUpdate(victim.id, { is_active: true })).statusCode).toBe(200);
    await expectLockedOut(victim.email, PASSWORD, victim.device);
  });

  it('changing one’s own password ends the other browsers’ trust and renews the trust of the browser that changed it', async () => {
    const victim = await lockedOutUser();
    const other = deviceCookieOf(await attempt(victim.email, PASSWORD, victim.device))!;
    const session = await login(t.app, victim.email, PASSWORD).catch(() => undefined);
    // The ceiling is reached: only the trusted browser signs in, and it changes the password.
    expect(session).toBeUndefined();
    const signedIn = await attempt(victim.email, PASSWORD, victim.device);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/me/password',
      headers: { ...bearer(signedIn.json().token), cookie: victim.device },
      payload: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = deviceCookieOf(changed)!;
    expect(renewed).toBeDefined();
    expect((await attempt(victim.email, NEW_PASSWORD, renewed)).statusCode).toBe(200);
    await expectLockedOut(victim.email, NEW_PASSWORD, other);
  });

  it(`ignores a cookie older than its lifetime (${TTL_SECONDS} s here), whatever the browser kept`, async () => {
    const main = t;
    t = await buildTestApp(driver, { ...limits, trustedDeviceTtl: TTL_SECONDS });
    try {
      const victim = await lockedOutUser();
      expect((await attempt(victim.email, PASSWORD, victim.device)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, (TTL_SECONDS + 1) * 1000));
      await expectLockedOut(victim.email, PASSWORD, victim.device);
    } finally {
      await t.close();
      t = main;
    }
  });
});

describe.each(DRIVERS)('a trusted device past the address lock, after a password reset (%s)', (driver) => {
  let t: TestApp;
  const IP = '10.40.0.1';

  beforeAll(async () => {
    t = await buildTestApp(driver, { loginAccountMaxFailures: 3, loginAccountLockSeconds: 600 });
  });
  afterAll(async () => t?.close());

  const attempt = (email: string, password: string, cookie?: string, ip = IP) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });

  it('with this address locked out of the account, the old cookie and the new password are refused', async () => {
    const admin = await signInAs(t, 'admin');
    const email = 'locked@example.com';
    const [row] = await t.database.db
      .insert(users)
      .values({
        siteId: 'main',
        email,
        firstName: 'Lock',
        lastName: 'Ed',
        role: 'worker',
        passwordHash: await t.app.services.passwords.hash(PASSWORD),
      })
      .returning();
    const deviceOf = (res: { cookies: { name: string; value: string }[] }) =>
      `tagger_device=${res.cookies.find((c) => c.name === 'tagger_device')?.value}`;
    const device = deviceOf(await attempt(email, PASSWORD));
    for (let i = 0; i < 3; i++) expect((await attempt(email, 'wrong-guess')).statusCode).toBe(401);
    expect((await attempt(email, PASSWORD)).statusCode).toBe(429);
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${row.id}`,
      headers: admin.headers,
      payload: { password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    // The reset made the old cookie's browser one more stranger at a locked-out address…
    const after = await attempt(email, NEW_PASSWORD, device);
    expect(after.statusCode).toBe(429);
    expect(after.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    // …while a browser trusted since the reset (signed in elsewhere) gets through that lock.
    const renewed = deviceOf(await attempt(email, NEW_PASSWORD, device, '10.40.0.2'));
    expect((await attempt(email, NEW_PASSWORD, renewed)).statusCode).toBe(200);
  });
});
