/**
 * PUBLIC_URL: the address tags carry ({PUBLIC_URL}/t/{tag}). Checked at start-up (a bad value
 * stops the server with its name), kept without a trailing slash, and the request's own origin
 * when unset (behind a trusted proxy, the forwarded protocol and host).
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig, parsePublicUrl } from '../../server/src/config.ts';
import { ownPublicUrl, publicUrlOf, tagUrl } from '../../server/src/lib/public-url.ts';

describe('PUBLIC_URL', () => {
  it('is read from the environment without its trailing slash, and unset when empty', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://field.example.com/' }).publicUrl).toBe(
      'https://field.example.com',
    );
    expect(parsePublicUrl('https://example.com/tagger//')).toBe('https://example.com/tagger');
    expect(parsePublicUrl('http://10.0.0.5:3000')).toBe('http://10.0.0.5:3000');
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(parsePublicUrl('  ')).toBeUndefined();
  });

  it('refuses what a phone could not open, naming the setting', () => {
    for (const bad of [
      'field.example.com',
      'ftp://example.com',
      'https://example.com/?a=1',
      'https://u:p@example.com',
    ]) {
      expect(() => parsePublicUrl(bad), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('falls back to the origin the request came to, the forwarded one behind a trusted proxy', async () => {
    const app = Fastify({ trustProxy: true });
    app.get('/', async (request) => ({
      url: publicUrlOf({}, request),
      set: publicUrlOf({ publicUrl: 'https://x.example' }, request),
    }));
    const direct = await app.inject({ method: 'GET', url: '/', headers: { host: 'site.local:3000' } });
    expect(direct.json()).toEqual({ url: 'http://site.local:3000', set: 'https://x.example' });
    const proxied = await app.inject({
      method: 'GET',
      url: '/',
      headers: {
        host: 'internal:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'tagger.example.com',
      },
    });
    expect(proxied.json().url).toBe('https://tagger.example.com');
    await app.close();
  });

  it('gives a worker’s emails an absolute address: PUBLIC_URL, else the server’s own', () => {
    const config = (host: string, publicUrl?: string) => ({ host, port: 3000, publicUrl });
    expect(ownPublicUrl(config('0.0.0.0', 'https://x.example'))).toBe('https://x.example');
    expect(ownPublicUrl(config('0.0.0.0'))).toBe('http://localhost:3000');
    expect(ownPublicUrl(config('::'))).toBe('http://localhost:3000');
    expect(ownPublicUrl(config('10.0.0.5'))).toBe('http://10.0.0.5:3000');
    expect(ownPublicUrl(config('fd00::5'))).toBe('http://[fd00::5]:3000');
    expect(ownPublicUrl(config('tagger.lan'))).toBe('http://tagger.lan:3000');
  });

  it('makes a tag’s URL with the tag id encoded', () => {
    expect(tagUrl('https://field.example.com', 'TAG00001')).toBe('https://field.example.com/t/TAG00001');
    expect(tagUrl('https://field.example.com', 'A B/1')).toBe('https://field.example.com/t/A%20B%2F1');
  });
});
