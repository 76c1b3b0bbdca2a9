/** With REDIS_URL set, losing Redis makes the API answer 503 with the error body, never 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, buildTestApp, login, type TestApp } from './helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('Redis outage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { redisUrl });
  });
  afterAll(() => t.close());

  it('answers 503 with the error body when Redis is gone', async () => {
    const { token } = await login(t.app, ADMIN.email, ADMIN.password);
    t.app.services.redis!.disconnect();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'REDIS_UNAVAILABLE',
    });
  });

  it('answers 503 to a sign-in too (the limits live in Redis), never letting it through unlimited', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'REDIS_UNAVAILABLE' });
    expect(res.cookies.find((c) => c.name === 'tagger_refresh')).toBeUndefined();
  });
});
