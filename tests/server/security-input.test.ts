/**
 * Text the database cannot store (NUL, and lone UTF-16 surrogates, which are not valid UTF-8) is
 * refused with a 400 naming the field, by one rule for every route, instead of failing in the
 * database with a 500 or being silently replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnstorableText } from '../../server/src/lib/storable-text.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe('findUnstorableText', () => {
  it('finds NUL and lone surrogates anywhere in a value, and names the path', () => {
    expect(findUnstorableText({ a: 'fine', b: [1, { c: `x${NUL}` }] })).toBe('b.1.c');
    expect(findUnstorableText({ name: `a${LONE_HIGH}b` })).toBe('name');
    expect(findUnstorableText({ name: `${LONE_LOW}` })).toBe('name');
    expect(findUnstorableText(`top${NUL}`)).toBe('');
  });

  it('accepts ordinary text, emoji (a valid surrogate pair) and other types', () => {
    expect(findUnstorableText({ a: 'Jöns Åkerlund 👷', b: 1, c: null, d: true, e: ['x'] })).toBeUndefined();
  });

  it('checks object keys too', () => {
    expect(findUnstorableText({ [`ke${NUL}y`]: 1 })).toBe('ke\ufffdy');
  });

  it('walks deeply nested values without running out of stack', () => {
    let deep: unknown = `bad${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe.each(DRIVERS)('unstorable text in requests (%s)', (driver) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let userId: number;

  const expectFieldError = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      details: [{ field, message: 'Contains characters that are not allowed', rule: 'characters' }],
    });
  };

  const user = (over: Record<string, unknown> = {}) => ({
    first_name: 'John',
    last_name: 'Smith',
    email: `john${Math.random().toString(36).slice(2)}@example.com`,
    password: 'secret1',
    role: 'worker',
    ...over,
  });

  beforeAll(async () => {
    t = await buildTestApp(driver);
    headers = bearer((await login(t.app, ADMIN.email, ADMIN.password)).token);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/users', headers, payload: user() });
    userId = created.json().user.id;
  });
  afterAll(() => t.close());

  it.each([
    ['first_name', NUL],
    ['last_name', NUL],
    ['email', NUL],
    ['password', NUL],
    ['first_name', LONE_HIGH],
    ['email', LONE_LOW],
  ])('POST /users refuses %s with %j in it', async (field, bad) => {
    const body = user();
    const value = String(body[field as keyof typeof body]);
    const payload = { ...body, [field]: `${value.slice(0, 2)}${bad}${value.slice(2)}` };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users', headers, payload });
    expectFieldError(res, field);
  });

  it('PUT /users/{id} refuses a NUL in a name', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      headers,
      payload: { first_name: `Jo${NUL}hn` },
    });
    expectFieldError(res, 'first_name');
  });

  it.each([
    ['email', { email: `admin${NUL}@example.com`, password: ADMIN.password }],
    ['site_id', { email: ADMIN.email, password: ADMIN.password, site_id: `ma${NUL}in` }],
    ['email', { email: `admin${LONE_HIGH}@example.com`, password: ADMIN.password }],
  ])('POST /auth/login refuses %s with an unstorable character', async (field, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
    expectFieldError(res, field);
  });

  it('refuses a NUL in a query parameter, naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users?search=a%00b', headers });
    expectFieldError(res, 'search');
  });

  it('stores a sign-in whose User-Agent holds a NUL (headers are kept, made storable)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': `Agent${NUL}${LONE_HIGH}/1` },
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
  });
});
