/**
 * Photos: multipart upload checked by content (a text file named .jpg is refused), the site's
 * size limit, files kept outside the database, and signed short-lived links that open without a
 * bearer token and cannot be guessed.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workEntryPhotos } from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import {
  buildEntriesApp,
  insertEntry,
  JPEG,
  makePosition,
  multipart,
  PNG,
  setSiteSettings,
} from './work-entries-support.ts';

describe.each(DRIVERS)('work entry photos (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;
  let otherWorker: Actor;
  let manager: Actor;
  let positionId: number;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    worker = await signInAs(t, 'worker');
    otherWorker = await signInAs(t, 'worker');
    manager = await signInAs(t, 'manager');
    positionId = (await makePosition(t)).id;
  });
  afterAll(async () => t?.close());

  const entry = (userId = worker.id) => insertEntry(t, { userId, positionId });
  const upload = (id: number, body: ReturnType<typeof multipart>, who: Actor = worker) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/work-entries/${id}/photos`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  const photoDir = () => path.join(t.app.config.dataDir, 'photos');

  it('stores a PNG or JPEG under the photo folder and answers a signed link that opens without a token', async () => {
    const e = await entry();
    for (const [file, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      const res = await upload(e.id, multipart('photo', 'site.bin', 'application/octet-stream', file));
      expect(res.statusCode, res.body).toBe(201);
      const { photo } = res.json();
      expect(photo).toMatchObject({ content_type: type, size_bytes: file.length });
      expect(photo.url).toMatch(/^\/api\/v1\/work-entries\/photos\/\d+\?exp=\d+&sig=[\w-]+$/);
      const opened = await t.app.inject({ method: 'GET', url: photo.url });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe(type);
      expect(opened.rawPayload.equals(file)).toBe(true);
      const [row] = await t.app.database.db
        .select()
        .from(workEntryPhotos)
        .where(eq(workEntryPhotos.id, photo.id));
      expect(existsSync(path.join(photoDir(), row.url))).toBe(true);
    }
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/work-entries/${e.id}`,
      headers: worker.headers,
    });
    expect(detail.json().work_entry.photo_urls).toHaveLength(2);
    expect(detail.json().photos).toHaveLength(2);
  });

  it('refuses a forged photo (a text file named .jpg) and keeps no file of it', async () => {
    const e = await entry();
    const res = await upload(
      e.id,
      multipart('photo', 'photo.jpg', 'image/jpeg', Buffer.from('not an image at all\n')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({
      field: 'photo',
      message: 'Only JPEG, PNG or WebP images are accepted',
    });
    const dir = path.join(photoDir(), 'main', String(e.id));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    expect(
      await t.app.database.db.select().from(workEntryPhotos).where(eq(workEntryPhotos.workEntryId, e.id)),
    ).toEqual([]);
  });

  it('refuses a photo over the site’s maxFileUploadSize with 413 on the field', async () => {
    const e = await entry();
    await setSiteSettings(t, { maxFileUploadSize: 1 });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const res = await upload(e.id, multipart('photo', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().details[0]).toMatchObject({ field: 'photo', message: 'The photo is larger than 1 MB' });
    const dir = path.join(photoDir(), 'main', String(e.id));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('refuses a body that is not multipart, or a file in another field', async () => {
    const e = await entry();
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/work-entries/${e.id}/photos`,
      headers: worker.headers,
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const wrong = await upload(e.id, multipart('picture', 'a.png', 'image/png', PNG));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('photo');
  });

  it('another worker’s entry is 404; a manager may add photos to any entry', async () => {
    const e = await entry(otherWorker.id);
    expect((await upload(e.id, multipart('photo', 'a.png', 'image/png', PNG))).statusCode).toBe(404);
    expect((await upload(e.id, multipart('photo', 'a.png', 'image/png', PNG), manager)).statusCode).toBe(201);
  });

  it('a link with a wrong signature, another photo’s signature or a past expiry is a plain 404', async () => {
    const e = await entry();
    const a = (await upload(e.id, multipart('photo', 'a.png', 'image/png', PNG))).json().photo;
    const b = (await upload(e.id, multipart('photo', 'b.png', 'image/png', PNG))).json().photo;
    const url = new URL(a.url, 'http://x');
    const sig = url.searchParams.get('sig') as string;
    const exp = url.searchParams.get('exp') as string;
    const bSig = new URL(b.url, 'http://x').searchParams.get('sig');
    const tries = [
      `/api/v1/work-entries/photos/${a.id}?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
      `/api/v1/work-entries/photos/${a.id}?exp=${exp}&sig=${bSig}`,
      `/api/v1/work-entries/photos/${a.id}?exp=${Number(exp) + 300}&sig=${sig}`,
      `/api/v1/work-entries/photos/${a.id}?exp=1000&sig=${sig}`,
      `/api/v1/work-entries/photos/${b.id}?exp=${exp}&sig=${sig}`,
    ];
    for (const u of tries) {
      const res = await t.app.inject({ method: 'GET', url: u });
      expect(res.statusCode, u).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'PHOTO_NOT_FOUND' });
    }
  });

  it('deleting the entry removes its photos’ files', async () => {
    const e = await entry();
    await upload(e.id, multipart('photo', 'a.png', 'image/png', PNG));
    const owner = await signInAs(t, 'owner');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/work-entries/${e.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(readdirSync(path.join(photoDir(), 'main', String(e.id)))).toEqual([]);
  });
});
