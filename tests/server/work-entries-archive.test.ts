/**
 * GET /work-entries/archive, its export, one archived entry and its photo: what the
 * job moved is readable, filtered by worker, position and days (in the site's zone), paged by
 * keyset, exported as CSV, photos served by their signed archive links; bad input is a 400.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workEntryPhotos } from '../../server/src/db/schema/index.ts';
import { runWorkEntryArchive } from '../../server/src/jobs/work-entry-archive.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp, insertEntry, makePosition, PNG, setSiteSettings } from './work-entries-support.ts';

const day = (d: string, time = '10:00:00Z') => new Date(`${d}T${time}`);

describe.each(DRIVERS)('work entries archive API (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let worker: Actor;
  let other: Actor;
  let bayA: number;
  let bayB: number;
  let withPhoto: number;
  const archive = (query = '', who: Actor = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/work-entries/archive${query}`, headers: who.headers });

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    other = await signInAs(t, 'worker');
    bayA = (await makePosition(t)).id;
    bayB = (await makePosition(t)).id;
    await setSiteSettings(t, {
      autoArchiveWorkEntries: true,
      workEntryRetentionDays: 10,
      timezone: 'Europe/Helsinki',
    });
    // Twelve old entries in January (3 a day from the 10th), alternating workers and bays.
    for (let i = 0; i < 12; i++) {
      const at = day(`2026-01-${String(10 + Math.floor(i / 3)).padStart(2, '0')}`, `0${i % 3}:30:00Z`);
      const row = await insertEntry(t, {
        userId: i % 2 ? other.id : worker.id,
        positionId: i % 4 < 2 ? bayA : bayB,
        status: 'completed',
        createdAt: at,
        startedAt: at,
        completedAt: new Date(at.getTime() + 3600_000),
        durationMinutes: 60,
        notes: i === 0 ? '=SUM(A1) "quoted", note' : null,
      });
      if (i === 0) withPhoto = row.id;
    }
    const dir = path.join(t.app.config.dataDir, 'photos', 'main', String(withPhoto));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'p.png'), PNG);
    await t.app.database.db.insert(workEntryPhotos).values({
      siteId: 'main',
      workEntryId: withPhoto,
      url: `main/${withPhoto}/p.png`,
      contentType: 'image/png',
      sizeBytes: PNG.length,
    });
    // One recent entry stays live.
    await insertEntry(t, {
      userId: worker.id,
      positionId: bayA,
      status: 'completed',
      completedAt: new Date(),
    });
    const runs = await runWorkEntryArchive(t.app.database.db, { instance: 'test' });
    expect(runs[0].moved).toBe(12);
  });
  afterAll(async () => t?.close());

  it('lists the archived entries newest first, with a count, and pages by cursor', async () => {
    const first = await archive('?limit=5');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(12);
    expect(body.total_capped).toBe(false);
    expect(body.work_entries).toHaveLength(5);
    const seen = body.work_entries.map((e: { id: number }) => e.id);
    let cursor = body.next_cursor as string | null;
    while (cursor) {
      const next = await archive(`?limit=5&cursor=${cursor}`);
      expect(next.json().total).toBeNull();
      seen.push(...next.json().work_entries.map((e: { id: number }) => e.id));
      cursor = next.json().next_cursor;
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    const created = body.work_entries.map((e: { created_at: string }) => e.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const oldestFirst = (await archive('?order=asc&limit=1')).json().work_entries[0];
    expect(oldestFirst.id).toBe(withPhoto);
  });

  it('filters by worker, position, status and days in the site’s time zone', async () => {
    expect((await archive(`?user_id=${worker.id}`)).json().total).toBe(6);
    expect((await archive(`?position_id=${bayA}`)).json().total).toBe(6);
    expect((await archive(`?user_id=${worker.id}&position_id=${bayA}`)).json().total).toBe(3);
    expect((await archive('?status=failed')).json().total).toBe(0);
    // 10 January in Helsinki (UTC+2) starts at 9 January 22:00 UTC: the day's three entries.
    expect((await archive('?from=2026-01-10&to=2026-01-10')).json().total).toBe(3);
    expect((await archive('?from=2026-01-12')).json().total).toBe(6);
  });

  it('shows an archived entry with its photo, whose signed link serves the file', async () => {
    const res = await archive(`/${withPhoto}`);
    expect(res.statusCode).toBe(200);
    const { work_entry, photos, archived_at } = res.json();
    expect(work_entry).toMatchObject({ id: withPhoto, first_name: 'Test', status: 'completed' });
    expect(archived_at).toMatch(/^\d{4}-/);
    expect(photos).toHaveLength(1);
    expect(work_entry.photo_urls).toHaveLength(1);
    const url = photos[0].url as string;
    expect(url).toContain('/api/v1/work-entries/archive/photos/');
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(404);
    // The live route does not serve an archived photo, nor the live entry route an archived entry.
    expect((await t.app.inject({ method: 'GET', url: url.replace('/archive/', '/') })).statusCode).toBe(404);
    const live = await t.app.inject({
      method: 'GET',
      url: `/api/v1/work-entries/${withPhoto}`,
      headers: admin.headers,
    });
    expect(live.statusCode).toBe(404);
  });

  it('exports the matches as CSV with the live columns plus archived_at, formulas defused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/work-entries/archive/export?user_id=${worker.id}&order=asc`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-total-count']).toBe('6');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,first_name,last_name,.*,created_at,archived_at$/);
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(`"'=SUM(A1) ""quoted"", note"`);
  });

  it('answers 400 with the field for a reversed range or a foreign cursor, 404 for a missing entry', async () => {
    const reversed = await archive('?from=2026-02-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0].field).toBe('to');
    const badCursor = await archive('?cursor=abc');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().details[0].field).toBe('cursor');
    const { next_cursor } = (await archive('?limit=1')).json();
    expect((await archive(`?limit=1&order=asc&cursor=${next_cursor}`)).statusCode).toBe(400);
    const noTime = Buffer.from(JSON.stringify(['archive', 'desc', '9999-99-99 99:99:99+00', 1])).toString(
      'base64url',
    );
    expect((await archive(`?cursor=${noTime}`)).json()).toMatchObject({
      statusCode: 400,
      details: [{ field: 'cursor' }],
    });
    expect((await archive('/2147483000')).statusCode).toBe(404);
  });

  it('is not for a worker; a worker with the export permission would get only their own rows', async () => {
    expect((await archive('', worker)).statusCode).toBe(403);
    expect((await archive(`/${withPhoto}`, worker)).statusCode).toBe(403);
  });
});
