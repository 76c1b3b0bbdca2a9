import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, DRIVERS, sessionToken, type TestApp } from './helpers.ts';
import { signInAs } from './support/actors.ts';

function expectErrorBody(body: Record<string, unknown>, statusCode: number) {
  expect(body).toMatchObject({ statusCode, error: expect.any(String), message: expect.any(String) });
  expect(body.message).not.toBe('');
}

describe.each(DRIVERS)('API error answers (%s)', (driver) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const user = {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.com',
    password: 'secret1',
    role: 'worker',
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    // The seeded admin has id 1 on a fresh database; only the token matters here.
    headers = bearer(await sessionToken(t.app, { userId: 1, siteId: 'main', role: 'admin' }));
  });
  afterAll(async () => t?.close());

  const post = (payload: string | object, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { ...headers, 'content-type': 'application/json', ...extra },
      payload,
    });

  it('malformed JSON is a 400 naming the body', async () => {
    const res = await post('{"first_name": "Ann",');
    expect(res.statusCode).toBe(400);
    expectErrorBody(res.json(), 400);
    expect(res.json().details[0].field).toBe('body');
  });

  it('wrong types and unknown fields are 400s naming each field', async () => {
    const res = await post({ ...user, first_name: 42, is_active: 'yes', shoe_size: 44 });
    expect(res.statusCode).toBe(400);
    expectErrorBody(res.json(), 400);
    const rules = Object.fromEntries(
      res.json().details.map((d: { field: string; rule: string }) => [d.field, d.rule]),
    );
    expect(rules).toMatchObject({ first_name: 'type', is_active: 'type', shoe_size: 'unknown' });
  });

  it('an oversized body is a 413', async () => {
    const res = await post({ ...user, first_name: 'x'.repeat(300 * 1024) });
    expect(res.statusCode).toBe(413);
    expectErrorBody(res.json(), 413);
  });

  it('ids: non-numeric and out-of-range are 400 on field id, unknown is 404', async () => {
    for (const id of ['abc', '99999999999', '0', '-1', '1.5']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${id}`,
        headers,
        payload: { first_name: 'Ann' },
      });
      expect(res.statusCode, id).toBe(400);
      expectErrorBody(res.json(), 400);
      expect(res.json().details[0].field).toBe('id');
    }
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/99999999999', headers });
    expect(del.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/123456', headers });
    expect(missing.statusCode).toBe(404);
    expectErrorBody(missing.json(), 404);
  });

  it('unknown routes, missing and bad tokens answer with the error body', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers });
    expect(route.statusCode).toBe(404);
    expectErrorBody(route.json(), 404);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users' });
    expect(none.statusCode).toBe(401);
    expectErrorBody(none.json(), 401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer('not.a.jwt') });
    expect(bad.statusCode).toBe(401);
    const worker = (await signInAs(t, 'worker')).headers;
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: worker });
    expect(forbidden.statusCode).toBe(403);
    expectErrorBody(forbidden.json(), 403);
  });

  it('a 500 says nothing about internals', async () => {
    const passwords = t.app.services.passwords;
    t.app.services.passwords = {
      ...passwords,
      hash: async () => {
        throw new Error('connect to /var/secret/db.sock as password=hunter2 failed');
      },
    };
    try {
      const res = await post(user);
      expect(res.statusCode).toBe(500);
      expectErrorBody(res.json(), 500);
      expect(res.body).not.toMatch(/hunter2|secret|stack|at .*\.ts/);
    } finally {
      t.app.services.passwords = passwords;
    }
  });
});
