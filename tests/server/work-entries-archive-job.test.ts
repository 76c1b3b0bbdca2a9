/**
 * The auto-archive job: closed entries older than the retention move to the archive
 * with their photo rows; the boundary day is the site's own; open entries never move; a second
 * run moves nothing; the dashboard's trigger-kept counts follow; another site is untouched.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobRuns,
  sites,
  workEntries,
  workEntriesArchive,
  workEntryHourlyCounts,
  workEntryPhotos,
  workEntryPhotosArchive,
  workEntrySiteTotals,
} from '../../server/src/db/schema/index.ts';
import { runWorkEntryArchive } from '../../server/src/jobs/work-entry-archive.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp, insertEntry, makePosition, setSiteSettings } from './work-entries-support.ts';

// "Today" of these tests: 15 June 2026, 09:00 UTC (12:00 in Helsinki, UTC+3 in summer).
const NOW = new Date('2026-06-15T09:00:00Z');
const at = (iso: string) => new Date(iso);

describe.each(DRIVERS)('work entry archive job (%s)', (driver) => {
  let t: TestApp;
  let worker: Actor;
  let admin: Actor;
  let positionId: number;
  const ids: Record<string, number> = {};

  const entry = async (name: string, values: Partial<typeof workEntries.$inferInsert>, siteId = 'main') => {
    const row = await insertEntry(t, {
      siteId,
      userId: worker.id,
      positionId,
      status: 'completed',
      ...values,
    });
    ids[name] = row.id;
    return row;
  };
  const archivedIds = async () =>
    (await t.app.database.db.select({ id: workEntriesArchive.id }).from(workEntriesArchive)).map((r) => r.id);
  const liveIds = async () =>
    (await t.app.database.db.select({ id: workEntries.id }).from(workEntries)).map((r) => r.id);

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    worker = await signInAs(t, 'worker');
    admin = await signInAs(t, 'admin');
    positionId = (await makePosition(t)).id;
    // Retention 30 days in Helsinki: the cut-off is 16 May 2026 00:00 local = 15 May 21:00 UTC.
    await setSiteSettings(t, {
      autoArchiveWorkEntries: true,
      workEntryRetentionDays: 30,
      timezone: 'Europe/Helsinki',
    });
    const old = { createdAt: at('2026-01-10T08:00:00Z'), startedAt: at('2026-01-10T08:00:00Z') };
    await entry('justBefore', { ...old, completedAt: at('2026-05-15T20:59:59Z'), durationMinutes: 60 });
    await entry('justAfter', { ...old, completedAt: at('2026-05-15T21:00:00Z') });
    await entry('failedOld', { ...old, status: 'failed', completedAt: at('2026-03-01T10:00:00Z') });
    await entry('cancelledOld', { ...old, status: 'cancelled', completedAt: at('2026-03-01T10:00:00Z') });
    await entry('inProgressOld', { ...old, status: 'in_progress' });
    await entry('pausedOld', { ...old, status: 'paused', pausedAt: at('2026-01-10T09:00:00Z') });
    await entry('recent', { createdAt: at('2026-06-14T08:00:00Z'), completedAt: at('2026-06-14T10:00:00Z') });
    await t.app.database.db.insert(workEntryPhotos).values({
      siteId: 'main',
      workEntryId: ids.justBefore,
      url: 'main/1/a.png',
      contentType: 'image/png',
      sizeBytes: 67,
    });
    // Another site with the archive off keeps its old entries.
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other' });
    const otherWorker = await signInAs(t, 'worker', 'other');
    const otherPosition = await makePosition(t, { siteId: 'other' });
    const [other] = await t.app.database.db
      .insert(workEntries)
      .values({
        siteId: 'other',
        userId: otherWorker.id,
        positionId: otherPosition.id,
        status: 'completed',
        createdAt: at('2025-01-01T00:00:00Z'),
        completedAt: at('2025-01-01T01:00:00Z'),
      })
      .returning();
    ids.otherSite = other.id;
  });
  afterAll(async () => t?.close());

  it('moves closed entries that ended before the site’s cut-off day, with their photo rows', async () => {
    const runs = await runWorkEntryArchive(t.app.database.db, { instance: 'a', now: NOW, batchSize: 2 });
    expect(runs).toEqual([expect.objectContaining({ siteId: 'main', claimed: true, moved: 3 })]);
    expect((await archivedIds()).sort()).toEqual([ids.justBefore, ids.failedOld, ids.cancelledOld].sort());
    const live = await liveIds();
    for (const name of ['justAfter', 'inProgressOld', 'pausedOld', 'recent', 'otherSite']) {
      expect(live, name).toContain(ids[name]);
    }
    const [archived] = await t.app.database.db
      .select()
      .from(workEntriesArchive)
      .where(eq(workEntriesArchive.id, ids.justBefore));
    expect(archived).toMatchObject({
      siteId: 'main',
      userId: worker.id,
      firstName: 'Test',
      lastName: 'worker',
      status: 'completed',
      durationMinutes: 60,
    });
    expect(archived.positionName).toMatch(/^Bay /);
    const photos = await t.app.database.db.select().from(workEntryPhotosArchive);
    expect(photos).toEqual([expect.objectContaining({ workEntryId: ids.justBefore, url: 'main/1/a.png' })]);
    expect(await t.app.database.db.select().from(workEntryPhotos)).toEqual([]);
  });

  it('keeps the dashboard’s counts equal to the live entries', async () => {
    const [total] = await t.app.database.db
      .select({ entries: sql<number>`sum(${workEntrySiteTotals.entries})::int` })
      .from(workEntrySiteTotals)
      .where(eq(workEntrySiteTotals.siteId, 'main'));
    const [actual] = await t.app.database.db
      .select({ n: count() })
      .from(workEntries)
      .where(eq(workEntries.siteId, 'main'));
    expect(total.entries).toBe(actual.n);
    expect(actual.n).toBe(4);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/summary',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toMatchObject({ work_entries: 4, work_entries_capped: false });
    const [hourly] = await t.app.database.db
      .select({ n: sql<number>`sum(${workEntryHourlyCounts.entries})::int` })
      .from(workEntryHourlyCounts)
      .where(eq(workEntryHourlyCounts.siteId, 'main'));
    expect(hourly.n).toBe(4);
  });

  it('runs once per slot: a second run (another process) claims nothing and moves nothing', async () => {
    const again = await runWorkEntryArchive(t.app.database.db, { instance: 'b', now: NOW });
    expect(again).toEqual([{ siteId: 'main', claimed: false, moved: 0 }]);
    const [run] = await t.app.database.db.select().from(jobRuns);
    expect(run).toMatchObject({ siteId: 'main', claimedBy: 'a', moved: 3 });
    expect(run.finishedAt).not.toBeNull();
  });

  it('is idempotent on the next day: nothing left to move, nothing duplicated', async () => {
    const next = await runWorkEntryArchive(t.app.database.db, {
      instance: 'b',
      now: at('2026-06-16T09:00:00Z'),
    });
    // The next day's cut-off (17 May local) takes the entry that ended at the start of 16 May.
    expect(next).toEqual([expect.objectContaining({ claimed: true, moved: 1 })]);
    expect(await archivedIds()).toContain(ids.justAfter);
    expect(await archivedIds()).toHaveLength(4);
    const after = await runWorkEntryArchive(t.app.database.db, {
      instance: 'c',
      now: at('2026-06-17T09:00:00Z'),
    });
    expect(after).toEqual([expect.objectContaining({ claimed: true, moved: 0 })]);
  });

  it('takes over a claim whose process died, and leaves a live claim alone', async () => {
    const slotNow = at('2026-06-20T09:00:00Z');
    await t.app.database.db.insert(jobRuns).values({
      siteId: 'main',
      job: 'work-entry-archive',
      slot: at('2026-06-20T00:00:00Z'),
      claimedBy: 'dead',
      heartbeatAt: at('2026-06-20T00:01:00Z'),
    });
    expect(
      await runWorkEntryArchive(t.app.database.db, { instance: 'd', now: slotNow, staleSeconds: 600 }),
    ).toEqual([expect.objectContaining({ claimed: true })]);
    await t.app.database.db.insert(jobRuns).values({
      siteId: 'main',
      job: 'work-entry-archive',
      slot: at('2026-06-21T00:00:00Z'),
      claimedBy: 'alive',
    });
    expect(
      await runWorkEntryArchive(t.app.database.db, { instance: 'e', now: at('2026-06-21T09:00:00Z') }),
    ).toEqual([expect.objectContaining({ claimed: false })]);
  });

  it('does nothing for a site with the archive switched off', async () => {
    await setSiteSettings(t, { autoArchiveWorkEntries: false });
    expect(
      await runWorkEntryArchive(t.app.database.db, { instance: 'f', now: at('2027-01-01T00:00:00Z') }),
    ).toEqual([]);
    expect(await liveIds()).toContain(ids.recent);
  });
});
