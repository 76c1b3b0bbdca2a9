/**
 * Two server processes on one PostgreSQL database close coverage windows at the same moment:
 * every window is judged once (one row each, and the rows each process says it stored add up to
 * the windows), whichever process wins.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import {
  coverageWindows,
  outboxEvents,
  positionGroupPositions,
  positionGroups,
  visitSchedules,
} from '../../server/src/db/schema/index.ts';
import { runCoverageClose } from '../../server/src/jobs/coverage-close.ts';
import { jobDefinitions } from '../../server/src/jobs/index.ts';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers.ts';
import { signInAs } from './support/actors.ts';
import { insertEntry, makePosition } from './work-entries-support.ts';

const POSITIONS = 40;
// 06:00–18:00 UTC every hour on 15 January 2026: 12 windows per position.
const NOW = new Date('2026-01-16T00:00:00Z');

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'coverage close across two server processes (postgres)',
  () => {
    let testDb: TestDatabase;
    let second: Database;

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      second = await openDatabase({ url: testDb.url, poolSize: 5 });
      const app = await buildApp({ config: testConfig(), database: testDb.database, logger: false });
      await app.ready();
      const t = { app, database: testDb.database, driver: 'postgres' as const, close: async () => {} };
      const worker = await signInAs(t, 'worker');
      const db = testDb.database.db;
      const [group] = await db
        .insert(positionGroups)
        .values({ siteId: 'main', groupName: 'All', groupCode: 'ALL' })
        .returning();
      for (let i = 0; i < POSITIONS; i++) {
        const p = await makePosition(t);
        await db
          .insert(positionGroupPositions)
          .values({ siteId: 'main', groupId: group.id, positionId: p.id });
        if (i % 2 === 0)
          await insertEntry(t, {
            userId: worker.id,
            positionId: p.id,
            startedAt: new Date('2026-01-15T06:30:00Z'),
          });
      }
      await db.insert(visitSchedules).values({
        siteId: 'main',
        scheduleName: 'Hourly',
        positionGroupId: group.id,
        days: [1, 2, 3, 4, 5, 6, 7],
        windowStart: '06:00',
        windowEnd: '18:00',
        frequencyKind: 'every',
        frequencyValue: 1,
        toleranceMinutes: 10,
        ruleFrom: new Date('2026-01-15T00:00:00Z'),
      });
      await app.close();
    });
    afterAll(async () => {
      await second?.close();
      await testDb?.drop();
    });

    it('the close is one of the server’s job definitions', () => {
      expect(jobDefinitions().map((j) => j.name)).toContain('coverage-close');
    });

    it('judges every window exactly once between two processes running at once', async () => {
      const runs = await Promise.all([
        runCoverageClose(testDb.database.db, { now: NOW }),
        runCoverageClose(second.db, { now: NOW }),
        runCoverageClose(testDb.database.db, { now: NOW }),
      ]);
      const stored = runs.flat().reduce((n, r) => n + r.stored, 0);
      expect(stored).toBe(POSITIONS * 12);
      const [rows] = await testDb.database.db.select({ n: count() }).from(coverageWindows);
      expect(rows.n).toBe(POSITIONS * 12);
      const doubled = await testDb.database.db.execute(
        sql`select schedule_id, position_id, window_start from coverage_windows group by 1, 2, 3 having count(*) > 1`,
      );
      expect((doubled as unknown as { rows: unknown[] }).rows).toEqual([]);
      const [onTime] = await testDb.database.db
        .select({ n: count() })
        .from(coverageWindows)
        .where(eq(coverageWindows.verdict, 'on_time'));
      expect(onTime.n).toBe(POSITIONS / 2);
      // Each missed or late window is told outside once, though three runs judged it.
      const [told] = await testDb.database.db
        .select({ n: count() })
        .from(outboxEvents)
        .where(inArray(outboxEvents.kind, ['visit.missed', 'visit.late']));
      const [bad] = await testDb.database.db
        .select({ n: count() })
        .from(coverageWindows)
        .where(inArray(coverageWindows.verdict, ['missed', 'late']));
      expect(bad.n).toBeGreaterThan(0);
      expect(told.n).toBe(bad.n);
    });
  },
);
