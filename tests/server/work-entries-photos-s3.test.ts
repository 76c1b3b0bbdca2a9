/**
 * Photos in an S3-compatible bucket (PHOTO_STORE=s3), against a real S3-protocol server on
 * loopback (s3rver, started here): uploads land in the bucket and nowhere on disk, the signed
 * link streams them back through the API, deleting the entry deletes the objects, refused and
 * replayed uploads leave nothing behind, and two server instances on one database read each
 * other's uploads (no shared folder). A missing bucket stops the start with a clear error.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import { DRIVERS, type TestApp, testConfig } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { startTestBucket, type TestBucket } from './support/s3.ts';
import {
  buildEntriesApp,
  insertEntry,
  JPEG,
  makePosition,
  multipart,
  PNG,
  setSiteSettings,
} from './work-entries-support.ts';

describe.each(DRIVERS)('work entry photos in an S3 bucket (%s)', (driver) => {
  let bucket: TestBucket;
  let t: TestApp;
  /** A second instance: its own app (and, on PostgreSQL, its own pool) on the same database. */
  let other: FastifyInstance;
  let otherDatabase: Database | undefined;
  let worker: Actor;
  let owner: Actor;
  let positionId: number;

  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await buildEntriesApp(driver, { photos: bucket.photos });
    otherDatabase = t.url ? await openDatabase({ url: t.url, poolSize: 3 }) : undefined;
    other = await buildApp({
      config: testConfig({ photos: bucket.photos, dataDir: `${t.app.config.dataDir}-other` }),
      database: otherDatabase ?? t.database,
      logger: false,
      lazyCompile: true,
    });
    await other.ready();
    worker = await signInAs(t, 'worker');
    owner = await signInAs(t, 'owner');
    positionId = (await makePosition(t)).id;
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await t?.close();
    await bucket?.stop();
  });

  const entry = () => insertEntry(t, { userId: worker.id, positionId });
  const upload = (
    app: FastifyInstance,
    id: number,
    file: Buffer,
    headers: Record<string, string> = {},
    type = 'image/png',
  ) => {
    const body = multipart('photo', 'site.bin', type, file);
    return app.inject({
      method: 'POST',
      url: `/api/v1/work-entries/${id}/photos`,
      headers: { ...worker.headers, ...body.headers, ...headers },
      payload: body.payload,
    });
  };
  const keysOf = (entryId: number) => bucket.keys(`main/${entryId}/`);

  it('keeps an upload in the bucket, not on disk, and streams it back by its signed link', async () => {
    const e = await entry();
    const res = await upload(t.app, e.id, JPEG, {}, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toMatchObject({ content_type: 'image/jpeg', size_bytes: JPEG.length });
    const keys = await keysOf(e.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^main/${e.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(existsSync(path.join(t.app.config.dataDir, 'photos'))).toBe(false);
    const opened = await t.app.inject({ method: 'GET', url: photo.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    expect(opened.headers['content-length']).toBe(String(JPEG.length));
    expect(opened.rawPayload.equals(JPEG)).toBe(true);
  });

  it('two instances on one database read each other’s uploads, both ways', async () => {
    const e = await entry();
    const first = await upload(t.app, e.id, PNG);
    const second = await upload(other, e.id, JPEG, {}, 'image/jpeg');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const fromOther = await other.inject({ method: 'GET', url: first.json().photo.url });
    expect(fromOther.statusCode).toBe(200);
    expect(fromOther.rawPayload.equals(PNG)).toBe(true);
    const fromFirst = await t.app.inject({ method: 'GET', url: second.json().photo.url });
    expect(fromFirst.statusCode).toBe(200);
    expect(fromFirst.rawPayload.equals(JPEG)).toBe(true);
    // The entry read on either lists both, with links that open on the other.
    const detail = await other.inject({
      method: 'GET',
      url: `/api/v1/work-entries/${e.id}`,
      headers: worker.headers,
    });
    expect(detail.json().photos).toHaveLength(2);
    for (const p of detail.json().photos) {
      expect((await t.app.inject({ method: 'GET', url: p.url })).statusCode).toBe(200);
    }
  });

  it('a photo over 5 MB goes up in parts and comes back byte for byte', async () => {
    const e = await entry();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024 + 123, 0x5a)]);
    big.writeUInt32BE(0xdeadbeef, big.length - 4);
    const res = await upload(t.app, e.id, big);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().photo.size_bytes).toBe(big.length);
    const opened = await other.inject({ method: 'GET', url: res.json().photo.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(big)).toBe(true);
  });

  it('deleting the entry on one instance removes its objects; the links then answer 404 on both', async () => {
    const e = await entry();
    const urls: string[] = [];
    for (const file of [PNG, PNG]) urls.push((await upload(t.app, e.id, file)).json().photo.url);
    expect(await keysOf(e.id)).toHaveLength(2);
    const res = await other.inject({
      method: 'DELETE',
      url: `/api/v1/work-entries/${e.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await keysOf(e.id)).toEqual([]);
    for (const app of [t.app, other]) {
      const gone = await app.inject({ method: 'GET', url: urls[0] });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('PHOTO_NOT_FOUND');
    }
  });

  it('a refused upload (not an image, too large) leaves nothing in the bucket', async () => {
    const e = await entry();
    const forged = await upload(t.app, e.id, Buffer.from('not an image at all\n'), {}, 'image/jpeg');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().details[0].field).toBe('photo');
    await setSiteSettings(t, { maxFileUploadSize: 1 });
    try {
      const big = await upload(t.app, e.id, Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]));
      expect(big.statusCode).toBe(413);
    } finally {
      await setSiteSettings(t, { maxFileUploadSize: 10 });
    }
    expect(await keysOf(e.id)).toEqual([]);
  });

  it('a resent upload with the same Idempotency-Key answers the first and keeps one object', async () => {
    const e = await entry();
    const headers = { 'idempotency-key': `photo-${e.id}` };
    const first = await upload(t.app, e.id, PNG, headers);
    const again = await upload(other, e.id, PNG, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().photo.id).toBe(first.json().photo.id);
    expect(await keysOf(e.id)).toHaveLength(1);
  });

  it('a photo whose object is gone answers a plain 404', async () => {
    const e = await entry();
    const res = await upload(t.app, e.id, PNG);
    const [key] = await keysOf(e.id);
    await t.app.services.photos.delete([key]);
    expect(await t.app.services.photos.exists(key)).toBe(false);
    const opened = await other.inject({ method: 'GET', url: res.json().photo.url });
    expect(opened.statusCode).toBe(404);
    expect(opened.json().code).toBe('PHOTO_NOT_FOUND');
  });

  it('does not start when the bucket does not exist, saying which', async () => {
    const missing = { ...bucket.settings, bucket: 'no-such-bucket' };
    await expect(
      buildApp({
        config: testConfig({ photos: { kind: 's3', s3: missing } }),
        database: otherDatabase ?? t.database,
        logger: false,
      }),
    ).rejects.toThrow(/bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ does not exist/);
  });
});
