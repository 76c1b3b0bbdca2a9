/**
 * The static console plugin (server/src/plugins/static-console.ts): the root answers the console
 * whatever the Accept header, deep links answer it to browsers and to curl, and the API and files
 * that do not exist keep the JSON 404. On its own Fastify: the plugin reads no database.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import staticConsole from '../../server/src/plugins/static-console.ts';

const INDEX = '<!doctype html><html><head><title>Tagger Admin</title></head><body></body></html>';
const FIELD = '<!doctype html><html><head><title>Tagger field</title></head><body></body></html>';
const SHARE = '<!doctype html><html><head><title>Coverage report</title></head><body></body></html>';

describe('static console', () => {
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'tagger-static-'));
    writeFileSync(path.join(root, 'index.html'), INDEX);
    writeFileSync(path.join(root, 'field.html'), FIELD);
    writeFileSync(path.join(root, 'share.html'), SHARE);
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
    app = Fastify();
    await app.register(staticConsole, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  for (const accept of [undefined, '*/*', 'application/json', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
    it(`GET / with Accept ${accept ?? '(none)'} answers the console`, async () => {
      const res = await app.inject({ method: 'GET', url: '/', headers: accept ? { accept } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    });
  }

  it('HEAD / answers too', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('a tag’s URL and the field app’s pages answer the field app’s page, even for a tag id with a dot', async () => {
    for (const url of [
      '/t/TAG00001',
      '/t/04.A2.3B.C1',
      '/field',
      '/field/positions/12',
      '/field/my-work?x=1',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(FIELD);
    }
    // A console path that only starts like one stays the console's.
    for (const url of ['/fields', '/fieldwork/1']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('a share link answers the share page (no console), and only under /share/', async () => {
    for (const url of ['/share/AbC-12_x', '/share/AbC-12_x?utm=mail']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHARE);
    }
    for (const url of ['/share', '/shared/1']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('a deep link answers the console to a browser and to curl, with its query', async () => {
    for (const accept of ['text/html', '*/*', undefined]) {
      const res = await app.inject({
        method: 'GET',
        url: '/users?tab=1',
        headers: accept ? { accept } : {},
      });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it('hashed assets are served and cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('unknown API routes, missing files and JSON-only deep links stay a JSON 404', async () => {
    for (const [url, accept] of [
      ['/api/v1/nothing', 'text/html'],
      ['/assets/missing.js', '*/*'],
      ['/users', 'application/json'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    }
    const post = await app.inject({ method: 'POST', url: '/users', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });
});
