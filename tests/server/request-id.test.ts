/**
 * Request ids: every answer carries X-Request-Id and every error body its requestId; every log
 * line of a request carries it (reqId); an incoming X-Request-Id is taken only from a trusted
 * proxy and only when sane. The developer's log line format is short and keeps the request id.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { logFormatFromEnv, prettyLine } from '../../server/src/infra/log-format.ts';
import { trustedPeer } from '../../server/src/plugins/request-id.ts';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let db: TestDatabase;
  let trusting: FastifyInstance;
  let direct: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _e, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    // inject() comes from 127.0.0.1: one app trusts loopback proxies, the other trusts none.
    trusting = await buildApp({
      config: testConfig({ trustProxy: ['loopback'] }),
      database: db.database,
      logger: { level: 'info', stream },
    });
    direct = await buildApp({ config: testConfig(), database: db.database, logger: false });
  });
  afterAll(async () => {
    await trusting.close();
    await direct.close();
    await db.drop();
  });

  it('answers with a fresh id, and puts it in the error body', async () => {
    const res = await direct.inject({ method: 'GET', url: '/api/v1/users' });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', requestId: id });
    const ok = await direct.inject({ method: 'GET', url: '/api/v1/health' });
    expect(ok.headers['x-request-id']).toMatch(UUID);
    expect(ok.headers['x-request-id']).not.toBe(id);
    expect(ok.json().requestId).toBeUndefined();
    // The router's own errors (a path that does not decode) carry it too.
    const bad = await direct.inject({ method: 'GET', url: '/api/v1/users/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_URL', requestId: bad.headers['x-request-id'] });
  });

  it('takes a sane id from a trusted proxy, on the answer and every log line of the request', async () => {
    const res = await trusting.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { 'x-request-id': 'proxy-1234:abc' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('proxy-1234:abc');
    expect(res.json().requestId).toBe('proxy-1234:abc');
    const mine = lines.filter((l) => l.reqId === 'proxy-1234:abc');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('ignores an id from a client it does not trust, and an insane one from anyone', async () => {
    const untrusted = await direct.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
    for (const bad of ['a b', 'x'.repeat(65), '<script>', 'line\tbreak', '']) {
      const res = await trusting.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('tells trusted proxies by address, network and name', () => {
    const t = trustedPeer(['10.0.0.0/8', '192.168.1.5', 'loopback']);
    expect(t('10.1.2.3')).toBe(true);
    expect(t('::ffff:10.1.2.3')).toBe(true);
    expect(t('192.168.1.5')).toBe(true);
    expect(t('192.168.1.6')).toBe(false);
    expect(t('::1')).toBe(true);
    expect(t('8.8.8.8')).toBe(false);
    expect(t(undefined)).toBe(false);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(1)('8.8.8.8')).toBe(true);
  });
});

describe('log format', () => {
  it('is JSON unless a developer’s terminal, or as LOG_FORMAT says', () => {
    expect(logFormatFromEnv({}, false)).toBe('json');
    expect(logFormatFromEnv({}, true)).toBe('pretty');
    expect(logFormatFromEnv({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(logFormatFromEnv({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => logFormatFromEnv({ LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT/);
  });

  it('writes one short line per entry, with the request id', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5, 6).getTime();
    expect(
      prettyLine(
        JSON.stringify({
          level: 30,
          time,
          reqId: 'abcdef123456',
          req: { method: 'GET', url: '/api/v1/users' },
          msg: 'incoming request',
        }),
      ),
    ).toBe('03:04:05.006 INFO  [abcdef12] GET /api/v1/users');
    expect(
      prettyLine(
        JSON.stringify({
          level: 30,
          time,
          reqId: 'r1',
          res: { statusCode: 200 },
          responseTime: 4.06,
          msg: 'request completed',
        }),
      ),
    ).toBe('03:04:05.006 INFO  [r1] → 200 4.1 ms');
    expect(prettyLine(JSON.stringify({ level: 40, time, msg: 'redis error', err: 'gone' }))).toBe(
      '03:04:05.006 WARN  redis error err=gone',
    );
  });
});
