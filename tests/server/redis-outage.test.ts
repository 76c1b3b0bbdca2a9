/**
 * With REDIS_URL set, losing Redis makes the API answer 503 with the error body, never 500, and
 * never hang. The partition is made with a TCP forwarder this test owns in front of the shared
 * Redis (connections accepted, nothing answered): requests that need Redis answer 503
 * REDIS_UNAVAILABLE within 2 s, readiness says which dependency failed while liveness stays 200,
 * the outage is logged once when it starts (with the error's message and code) and once when it
 * ends, and the API recovers by itself when Redis answers again.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { serializeError } from '../../server/src/lib/logging.ts';
import {
  ADMIN,
  bearer,
  createTestDatabase,
  DRIVERS,
  login,
  type TestDatabase,
  testConfig,
} from './helpers.ts';
import { type Forwarder, startForwarder } from './support/tcp-forwarder.ts';

const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
/** What the issue promises a client: an answer within 2 s, whatever Redis does. */
const ANSWER_WITHIN_MS = 2000;

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string; code?: string; type: string };
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe.each(DRIVERS)('Redis outage (%s)', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let fwd: Forwarder;
  let token: string;
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });

  beforeAll(async () => {
    fwd = await startForwarder({ host: redis.hostname, port: Number(redis.port || 6379) });
    const through = new URL(redis);
    through.host = `127.0.0.1:${fwd.port}`;
    db = await createTestDatabase(driver);
    app = await buildApp({
      config: testConfig({ redisUrl: through.toString(), logLevel: 'info' }),
      database: db.database,
      logger: { level: 'info', stream },
    });
    await app.ready();
    token = (await login(app, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await fwd?.close();
  });

  const users = () => app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) });
  const outageLines = () => lines.filter((l) => l.msg.startsWith('redis unavailable'));
  const recoveryLines = () => lines.filter((l) => l.msg.startsWith('redis available again'));

  it('is ready while the database and Redis answer', async () => {
    const res = await app.inject({ url: '/api/v1/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    expect((await users()).statusCode).toBe(200);
  });

  it('answers 503 REDIS_UNAVAILABLE within 2 s during a partition, and is not ready, though alive', async () => {
    fwd.blackhole();
    // The first request meets the silence; the ones after it find the connection known to be down.
    for (let i = 0; i < 3; i++) {
      const { result: res, ms } = await timed(users);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'REDIS_UNAVAILABLE',
      });
      expect(ms, `request ${i + 1}`).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const { result: signIn, ms } = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      }),
    );
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toMatchObject({ code: 'REDIS_UNAVAILABLE' });
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);

    const ready = await timed(() => app.inject({ url: '/api/v1/ready' }));
    expect(ready.result.statusCode).toBe(503);
    expect(ready.result.json()).toMatchObject({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'NOT_READY',
    });
    expect(ready.result.json().details.map((d: { field: string }) => d.field)).toEqual(['redis']);
    expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('recovers by itself when Redis answers again', async () => {
    fwd.heal();
    let status = 0;
    for (let tries = 0; tries < 100 && status !== 200; tries++) {
      status = (await users()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    const ready = await app.inject({ url: '/api/v1/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await login(app, ADMIN.email, ADMIN.password)).token).toBeTruthy();
  });

  it('logged the outage once when it started, with the error, and once when it ended', () => {
    expect(outageLines()).toHaveLength(1);
    const [start] = outageLines();
    expect(start.level).toBe(40);
    expect(start.err?.message).toBeTruthy();
    expect(start.err?.message).not.toBe('[redacted]');
    expect(JSON.stringify(start)).not.toContain('[redacted]');
    expect(recoveryLines()).toHaveLength(1);
    expect(lines.indexOf(recoveryLines()[0])).toBeGreaterThan(lines.indexOf(start));
  });

  it('answers 503 when the client is gone altogether (closed), sign-in included, never letting it through unlimited', async () => {
    app.services.redis!.disconnect();
    const res = await users();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'REDIS_UNAVAILABLE',
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toMatchObject({ statusCode: 503, code: 'REDIS_UNAVAILABLE' });
    expect(signIn.cookies.find((c) => c.name === 'tagger_refresh')).toBeUndefined();
  });
});

describe('Redis errors in the log', () => {
  it('keep their message and code, with only the credentials of a URL redacted', () => {
    const err = Object.assign(new Error('connect ECONNREFUSED redis://app:s3cret@10.0.0.5:6379'), {
      code: 'ECONNREFUSED',
    });
    const logged = serializeError(err);
    expect(logged.code).toBe('ECONNREFUSED');
    expect(logged.message).toBe('connect ECONNREFUSED redis://[redacted]@10.0.0.5:6379');
    expect(JSON.stringify(logged)).not.toContain('s3cret');
  });
});
