/**
 * Input at the edges of what the database holds, which a worker can send: dates outside the range
 * PostgreSQL and JavaScript share (and days that do not exist) in every date filter, and broken
 * multipart bodies on the photo upload. Each is a 400 naming the field, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp, insertEntry, makePosition, PNG } from './work-entries-support.ts';

const DATE_ROUTES = [
  '/api/v1/work-entries',
  '/api/v1/work-entries/export',
  '/api/v1/work-entries/archive',
  '/api/v1/work-entries/archive/export',
];

const OUT_OF_RANGE = ['0000-01-01', '0000-12-31', '2026-02-30', '2025-02-29', '+275760-09-13', '10000-01-01'];

describe.each(DRIVERS)('input at the edges (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;
  let manager: Actor;
  let entryId: number;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    worker = await signInAs(t, 'worker');
    manager = await signInAs(t, 'manager');
    const positionId = (await makePosition(t)).id;
    entryId = (await insertEntry(t, { userId: worker.id, positionId })).id;
  });
  afterAll(async () => t?.close());

  it.each(DATE_ROUTES)(
    '%s refuses a date the database or JavaScript cannot hold with a 400 naming it',
    async (url) => {
      for (const who of [worker, manager]) {
        for (const field of ['from', 'to']) {
          for (const value of OUT_OF_RANGE) {
            const res = await t.app.inject({
              url: `${url}?${field}=${encodeURIComponent(value)}`,
              headers: who.headers,
            });
            // The worker may be refused the route itself (403) before its filters are read.
            if (res.statusCode === 403) continue;
            expect(res.statusCode, `${field}=${value}: ${res.body}`).toBe(400);
            expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
            expect(res.json().details).toContainEqual(expect.objectContaining({ field, rule: 'format' }));
          }
        }
      }
    },
  );

  it.each(DATE_ROUTES)('%s takes the first and the last day of the range', async (url) => {
    const res = await t.app.inject({ url: `${url}?from=0001-01-01&to=9999-12-31`, headers: manager.headers });
    expect(res.statusCode, res.body).toBe(200);
  });

  const upload = (headers: Record<string, string>, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/work-entries/${entryId}/photos`,
      headers: { ...worker.headers, ...headers },
      payload,
    });
  const part = (boundary: string, name = 'photo') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

  it.each([
    ['no boundary', 'multipart/form-data', part('b1')],
    ['an empty boundary', 'multipart/form-data; boundary=', part('b1')],
    ['a wrong boundary', 'multipart/form-data; boundary=other', part('b1')],
    ['a truncated body', 'multipart/form-data; boundary=b1', part('b1').subarray(0, 90)],
    ['a body cut inside the file', 'multipart/form-data; boundary=b1', part('b1').subarray(0, 140)],
    ['an empty body', 'multipart/form-data; boundary=b1', Buffer.alloc(0)],
    [
      'a part without a name',
      'multipart/form-data; boundary=b1',
      Buffer.from(`--b1\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b1--\r\n`),
    ],
    [
      'a huge part header',
      'multipart/form-data; boundary=b1',
      Buffer.from(
        `--b1\r\nContent-Disposition: form-data; name="photo"; filename="${'a'.repeat(200_000)}"\r\n\r\nx\r\n--b1--\r\n`,
      ),
    ],
  ])('a photo upload with %s is a 400 naming the photo field', async (_name, type, payload) => {
    const res = await upload({ 'content-type': type }, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().details).toContainEqual(expect.objectContaining({ field: 'photo' }));
  });

  it('still stores a well-formed upload after the broken ones', async () => {
    const res = await upload({ 'content-type': 'multipart/form-data; boundary=b1' }, part('b1'));
    expect(res.statusCode, res.body).toBe(201);
  });
});
