/** Positions API: every field rule answers 400 naming its field, and no input yields a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

interface Detail {
  field: string;
  message: string;
  rule?: string;
}

describe.each(DRIVERS)('positions API rules (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let n = 0;

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url: `/api/v1/positions${url}`, headers: admin.headers, payload } as never);
  const valid = (over: Record<string, unknown> = {}) => ({
    position_code: `R-${++n}`,
    position_name: `Rule ${n}`,
    ...over,
  });
  const detailsOf = async (payload: unknown, method: 'POST' | 'PUT' = 'POST', url = '') => {
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    return Object.fromEntries((res.json().details as Detail[]).map((d) => [d.field, d]));
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('requires code and name', async () => {
    const d = await detailsOf({});
    expect(d.position_code.message).toBe('This field is required');
    expect(d.position_name.message).toBe('This field is required');
  });

  it('needs at least 2 characters of code and name, after trimming', async () => {
    const short = await detailsOf(valid({ position_code: 'A', position_name: 'B' }));
    expect(short.position_code).toMatchObject({
      rule: 'minLength',
      message: 'Minimum length is 2 characters',
    });
    expect(short.position_name).toMatchObject({
      rule: 'minLength',
      message: 'Minimum length is 2 characters',
    });
    const padded = await detailsOf(valid({ position_code: ' A ', position_name: '    ' }));
    expect(padded.position_code.message).toBe('Minimum length is 2 characters');
    expect(padded.position_name.message).toBe('This field is required');
  });

  it('needs an NFC tag id of at least 4 characters when one is given', async () => {
    const d = await detailsOf(valid({ nfc_tag_id: 'ABC' }));
    expect(d.nfc_tag_id).toMatchObject({ rule: 'minLength', message: 'Minimum length is 4 characters' });
    expect((await detailsOf(valid({ nfc_tag_id: ' AB ' }))).nfc_tag_id.rule).toBe('minLength');
    expect((await send('POST', '', valid({ nfc_tag_id: 'ABCD' }))).statusCode).toBe(201);
  });

  it('keeps latitude within −90..90 and longitude within −180..180', async () => {
    const d = await detailsOf(valid({ coordinates: { latitude: 90.5, longitude: -180.01 } }));
    expect(d['coordinates.latitude']).toMatchObject({ rule: 'maximum', message: 'Must be at most 90' });
    expect(d['coordinates.longitude']).toMatchObject({ rule: 'minimum', message: 'Must be at least -180' });
    expect(Object.keys(d)).toEqual(['coordinates.latitude', 'coordinates.longitude']);
    const edge = await send('POST', '', valid({ coordinates: { latitude: -90, longitude: 180 } }));
    expect(edge.statusCode).toBe(201);
    expect(edge.json().position.coordinates).toEqual({ latitude: -90, longitude: 180 });
  });

  it('takes coordinates only as a pair', async () => {
    const d = await detailsOf(valid({ coordinates: { latitude: 60 } }));
    expect(d['coordinates.longitude'].message).toBe('This field is required');
    const text = await detailsOf(valid({ coordinates: { latitude: '60', longitude: 24 } }));
    expect(text['coordinates.latitude'].rule).toBe('type');
  });

  it('applies the same rules to an edit', async () => {
    const p = (await send('POST', '', valid())).json().position;
    const d = await detailsOf(
      { position_code: 'X', position_name: 'Y', coordinates: { latitude: 0, longitude: 200 } },
      'PUT',
      `/${p.id}`,
    );
    expect(Object.keys(d).sort()).toEqual(['coordinates.longitude', 'position_code', 'position_name']);
    const trimmed = await detailsOf({ position_code: '  X  ', nfc_tag_id: 'abc' }, 'PUT', `/${p.id}`);
    expect(Object.keys(trimmed).sort()).toEqual(['nfc_tag_id', 'position_code']);
  });

  it('refuses unknown fields and over-long text', async () => {
    const d = await detailsOf(valid({ position_nam: 'typo', description: 'x'.repeat(2001) }));
    expect(d.position_nam.rule).toBe('unknown');
    expect(d.description.message).toBe('Maximum length is 2000 characters');
  });

  it('never answers 500 to malformed input', async () => {
    const junk: unknown[] = [
      null,
      [],
      'text',
      42,
      valid({ is_active: 'yes' }),
      valid({ coordinates: [1, 2] }),
      valid({ coordinates: 'here' }),
      valid({ coordinates: { latitude: null, longitude: null } }),
      valid({ coordinates: { latitude: 1e308, longitude: -1e308 } }),
      valid({ nfc_tag_id: 12345 }),
      valid({ position_code: '\u0000\u0000' }),
      valid({ description: 'a\u0000b', nfc_tag_id: '\ud800\ud800\ud800\ud800' }),
      valid({ description: { nested: true } }),
    ];
    for (const payload of junk) {
      const res = await send('POST', '', payload);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    for (const url of ['/abc', '/0', '/-1', '/99999999999']) {
      const res = await send('PUT', url, { position_name: 'Nope' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field).toBe('id');
    }
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/positions?include_inactive=perhaps',
      headers: admin.headers,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().details[0].field).toBe('include_inactive');
  });
});
