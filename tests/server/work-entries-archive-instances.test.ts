/**
 * Two server processes on one PostgreSQL database (background jobs run once per slot across
 * instances, on the pg-boss queue): two apps with their jobs on, started together, archive a
 * site's old entries exactly once between them: one queued job, one recorded run that moved every
 * entry, none left, none doubled, and no job_runs claim (the queue replaces it on PostgreSQL).
 * And two movers forced to work at once (a retried job while the first still runs) never move an
 * entry twice either: their batches lock different rows.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import {
  jobHistory,
  jobRuns,
  workEntries,
  workEntriesArchive,
  workEntrySiteTotals,
} from '../../server/src/db/schema/index.ts';
import { moveBatch } from '../../server/src/repositories/work-entries-archive.ts';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers.ts';
import { signInAs } from './support/actors.ts';
import { makePosition, setSiteSettings } from './work-entries-support.ts';

const ENTRIES = 3000;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'work entry archive across two server processes (postgres)',
  () => {
    let testDb: TestDatabase;
    let second: Database;
    const apps: FastifyInstance[] = [];

    const insertOld = async (db: Database['db'], userId: number, positionId: number, n: number) => {
      await db.execute(sql`
      insert into work_entries (site_id, user_id, position_id, status, started_at, created_at, completed_at)
      select 'main', ${userId}, ${positionId}, 'completed', t, t, t + interval '1 hour'
      from (select now() - interval '400 days' - (g * interval '1 minute') as t from generate_series(1, ${n}) g) s`);
    };
    const counts = async (db: Database['db']) => {
      const [live] = await db.select({ n: count() }).from(workEntries).where(eq(workEntries.siteId, 'main'));
      const [archived] = await db.select({ n: count() }).from(workEntriesArchive);
      const [total] = await db
        .select({ entries: sql<number>`sum(${workEntrySiteTotals.entries})::int` })
        .from(workEntrySiteTotals)
        .where(eq(workEntrySiteTotals.siteId, 'main'));
      return { live: live.n, archived: archived.n, total: total?.entries ?? 0 };
    };

    beforeAll(async () => {
      process.env.WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS = '0.3';
      testDb = await createTestDatabase('postgres');
      second = await openDatabase({ url: testDb.url, poolSize: 5 });
      const first = await buildApp({ config: testConfig(), database: testDb.database, logger: false });
      await first.ready();
      const t = { app: first, database: testDb.database, driver: 'postgres' as const, close: async () => {} };
      const worker = await signInAs(t, 'worker');
      const position = await makePosition(t);
      await setSiteSettings(t, { autoArchiveWorkEntries: true, workEntryRetentionDays: 365 });
      await insertOld(testDb.database.db, worker.id, position.id, ENTRIES);
      await first.close();
      // Both processes' first run starts 0.3 s after they are ready, at (nearly) the same moment.
      const a = await buildApp({
        config: testConfig(),
        database: testDb.database,
        logger: false,
        jobs: true,
      });
      const b = await buildApp({ config: testConfig(), database: second, logger: false, jobs: true });
      apps.push(a, b);
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      delete process.env.WORK_ENTRY_ARCHIVE_FIRST_RUN_SECONDS;
      for (const app of apps) await app.close();
      await second?.close();
      await testDb?.drop();
    });

    it('moves every old entry exactly once, in one queued run', async () => {
      await expect
        .poll(async () => (await testDb.database.db.select().from(jobHistory))[0]?.finishedAt ?? null, {
          timeout: 60_000,
          interval: 250,
        })
        .not.toBeNull();
      const runs = await testDb.database.db.select().from(jobHistory);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        job: 'work-entry-archive',
        runner: 'pg-boss',
        ok: true,
        attempt: 1,
        sites: { main: { moved: ENTRIES } },
      });
      const [queued] = await testDb.database.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = 'work-entry-archive'",
      );
      expect(queued.n).toBe(1);
      expect(await testDb.database.db.select().from(jobRuns)).toEqual([]);
      expect(await counts(testDb.database.db)).toEqual({ live: 0, archived: ENTRIES, total: 0 });
    });

    it('two movers at once take different rows: the sum is every entry, none twice', async () => {
      const [{ userId, positionId }] = await testDb.database.db
        .select({ userId: workEntriesArchive.userId, positionId: workEntriesArchive.positionId })
        .from(workEntriesArchive)
        .limit(1);
      await insertOld(testDb.database.db, userId, positionId, ENTRIES);
      const cutoff = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const mover = async (db: Database['db']) => {
        let moved = 0;
        for (;;) {
          const n = await moveBatch(db, 'main', cutoff, 100);
          moved += n;
          if (n === 0) return moved;
        }
      };
      const [x, y] = await Promise.all([mover(testDb.database.db), mover(second.db)]);
      expect(x + y).toBe(ENTRIES);
      expect(x).toBeGreaterThan(0);
      expect(y).toBeGreaterThan(0);
      expect(await counts(testDb.database.db)).toEqual({ live: 0, archived: 2 * ENTRIES, total: 0 });
    });
  },
);
