/**
 * Transport headers: API answers are never stored by a cache (they carry user data and tokens),
 * HSTS is sent when the request came over https (directly or from a trusted proxy), and the
 * client address behind a proxy is what TRUST_PROXY says it is, not what a client claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';

describe('TRUST_PROXY', () => {
  const parse = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('reads true, false, a hop count, or a list of proxy addresses and networks', () => {
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('1')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1, 10.1.0.0/16,::1, loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses what is none of these, naming the variable', () => {
    expect(() => parse('yes please')).toThrow(/TRUST_PROXY/);
    expect(() => parse('10.0.0.1, proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => parse('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });
});

describe('MAP_TILE_ORIGINS', () => {
  it('reads https origins and refuses anything else, naming the variable', () => {
    const parse = (value: string) => loadConfig({ MAP_TILE_ORIGINS: value }).mapTileOrigins;
    expect(parse('')).toEqual([]);
    expect(parse('https://tiles.example.com, https://a.tile.example.org:8443/')).toEqual([
      'https://tiles.example.com',
      'https://a.tile.example.org:8443',
    ]);
    expect(() => parse('http://tiles.example.com')).toThrow(/MAP_TILE_ORIGINS/);
    expect(() => parse('https://tiles.example.com/{z}/{x}/{y}.png')).toThrow(/MAP_TILE_ORIGINS/);
    expect(() => parse('*')).toThrow(/MAP_TILE_ORIGINS/);
  });

  it('lets the console load tiles from those origins only (the Content Security Policy)', async () => {
    const csp = async (mapTileOrigins: string[]) => {
      const t = await buildTestApp('pglite', { mapTileOrigins });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
        return String(res.headers['content-security-policy']);
      } finally {
        await t.close();
      }
    };
    const none = await csp([]);
    expect(none).toMatch(/connect-src 'self';/);
    const some = await csp(['https://tiles.example.com']);
    expect(some).toMatch(/img-src 'self' data: blob: https:\/\/tiles\.example\.com;/);
    expect(some).toMatch(/connect-src 'self' https:\/\/tiles\.example\.com;/);
  });
});

describe.each(DRIVERS)('caching and HSTS (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp(driver, { trustProxy: 1 });
    ({ token, cookie } = await login(t.app, ADMIN.email, ADMIN.password));
  });
  afterAll(() => t.close());

  it.each([
    [
      'POST /auth/login',
      () => ({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      }),
    ],
    [
      'POST /auth/refresh',
      () => ({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'content-type': 'application/json', cookie },
      }),
    ],
    ['GET /auth/me', () => ({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })],
    ['GET /users', () => ({ method: 'GET', url: '/api/v1/users', headers: bearer(token) })],
    ['GET /system/metrics', () => ({ method: 'GET', url: '/api/v1/system/metrics', headers: bearer(token) })],
    ['a 401', () => ({ method: 'GET', url: '/api/v1/users' })],
    ['an unknown API route', () => ({ method: 'GET', url: '/api/v1/nothing-here' })],
  ] as const)('%s answers Cache-Control: no-store', async (_name, request) => {
    const res = await t.app.inject(request() as never);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets the OpenAPI document be cached (it carries no user data)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control'] ?? '').not.toContain('no-store');
  });

  it('sends HSTS over https from the trusted proxy, not over plain http', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { ...bearer(token), 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
    const http = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.each(DRIVERS)('HSTS without a trusted proxy (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, { trustProxy: false });
  });
  afterAll(() => t.close());

  it('ignores a client claiming https', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/system/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.each(DRIVERS)('the rate-limit address behind one proxy (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, {
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
      loginIpMaxFailures: 3,
    });
  });
  afterAll(() => t.close());

  it('counts failures by the address the proxy saw, however the client rotates the leftmost X-Forwarded-For', async () => {
    const attempt = (i: number, client = '203.0.113.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}, ${client}` },
        payload: { email: `nobody${i}@example.com`, password: 'wrong-password' },
      });
    for (let i = 1; i <= 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    const blocked = await attempt(4);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // Another client behind the same proxy is another address.
    expect((await attempt(5, '203.0.113.8')).statusCode).toBe(401);
  });
});
