/**
 * One email identity (normalizeEmail) for the sign-in limits, the unique index and every
 * comparison: no spelling of an address counts as another account anywhere.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renormalizeEmails } from '../../server/src/bootstrap.ts';
import { users } from '../../server/src/db/schema/index.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';

describe('normalizeEmail', () => {
  it('trims, folds compatibility forms and case, and is stable', () => {
    const cases: [string, string][] = [
      ['  Admin@Example.COM ', 'admin@example.com'],
      ['ａｄｍｉｎ@ｅｘａｍｐｌｅ.com', 'admin@example.com'],
      ['A\u0308iti@example.com', 'äiti@example.com'],
      ['ÄITI@example.com', 'äiti@example.com'],
      ['ﬁnn@example.com', 'finn@example.com'],
    ];
    for (const [input, expected] of cases) {
      expect(normalizeEmail(input)).toBe(expected);
      expect(normalizeEmail(normalizeEmail(input))).toBe(normalizeEmail(input));
    }
  });

  it('keeps the dotted capital I apart from a plain i, whatever the database collation says', () => {
    expect(normalizeEmail('admİn@example.com')).not.toBe('admin@example.com');
  });
});

describe.each(DRIVERS)('one identity per address (%s)', (driver) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const IP = '10.5.0.1';

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: IP,
      payload: { email, password },
    });

  beforeAll(async () => {
    t = await buildTestApp(driver, {
      loginAccountMaxFailures: 3,
      loginAccountLockSeconds: 60,
      loginIpMaxFailures: 1000,
    });
    headers = bearer((await login(t.app, ADMIN.email, ADMIN.password)).token);
  });
  afterAll(() => t.close());

  it('refuses a second user whose address differs only in case or compatibility form (409 on email)', async () => {
    const create = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers,
        payload: { first_name: 'Wo', last_name: 'Rker', email, password: 'Worker123!', role: 'worker' },
      });
    expect((await create('Worker@Example.com')).statusCode).toBe(201);
    for (const variant of ['WORKER@example.com', 'ｗｏｒｋｅｒ@example.com']) {
      const res = await create(variant);
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'email' })]);
    }
  });

  it('signs in with any spelling of the same address, to the same account', async () => {
    const res = await signIn('ＷＯＲＫＥＲ@EXAMPLE.com', 'Worker123!');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('Worker@Example.com');
  });

  it('locks every spelling of an account together: no variant signs in while it is locked', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(ADMIN.email, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    for (const variant of [
      'ADMIN@EXAMPLE.COM',
      'ａｄｍｉｎ@example.com',
      ' admin@example.com',
      'admİn@example.com',
    ]) {
      expect((await signIn(variant, ADMIN.password)).statusCode, variant).not.toBe(200);
    }
  });

  it('gives rows written without the app (raw SQL) the app spelling at start', async () => {
    const hash = await t.app.services.passwords.hash('Ilker123!');
    const [row] = await t.database.db
      .insert(users)
      .values({
        siteId: 'main',
        email: 'İLKER@Example.com',
        firstName: 'Il',
        lastName: 'Ker',
        role: 'worker',
        passwordHash: hash,
      })
      .returning();
    // The trigger filled the column with the database's lower(), which may not be the app's.
    expect(row.emailNormalized).not.toBe('');
    await renormalizeEmails(t.database.db, t.app.log);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, row.id));
    expect(after.emailNormalized).toBe(normalizeEmail('İLKER@Example.com'));
    expect((await signIn('İlker@example.com', 'Ilker123!')).statusCode).toBe(200);
  });
});
