/**
 * Background jobs on their runner: the pg-boss queue on PostgreSQL, the in-process scheduler on
 * PGlite. A job that fails is retried with growing delays and then succeeds; its runs show on
 * GET /system/health (last run, what it did on the caller's site, next run, failures and the last
 * error). On PostgreSQL, two server processes on one database run each slot of a job once
 * between them, not once each.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import type { JobDefinition } from '../../server/src/jobs/definition.ts';
import { createTestDatabase, DRIVERS, type TestDatabase, testConfig } from './helpers.ts';
import { signInAs } from './support/actors.ts';

process.env.JOB_QUEUE_POLL_SECONDS = '0.5';

describe.each(DRIVERS)('a failing job is retried with backoff (%s)', (driver) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const attempts: { attempt: number; at: number }[] = [];

  const flaky: JobDefinition = {
    name: 'flaky-test-job',
    firstRunMs: 100,
    // Slots are aligned to the epoch: with hourly ones, a run started a few seconds before the hour
    // had its retries overtaken by the next hour's own first attempt (CI, 01:00 UTC: attempts
    // 1, 2, 1). Twenty days (still under setTimeout's 24.8-day limit) puts a boundary in a test's
    // ten seconds about once in 170,000 runs.
    everyMs: 20 * 24 * 3_600_000,
    retry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 10 },
    async run({ attempt = 1 }) {
      attempts.push({ attempt, at: Date.now() });
      if (attempts.length < 3) throw new Error(`flaky failure ${attempts.length}`);
      return { sites: { main: { tries: attempts.length }, other: { tries: 99 } } };
    },
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    app = await buildApp({
      config: testConfig(),
      database: testDb.database,
      logger: false,
      jobs: [flaky],
      lazyCompile: true,
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('runs again after about 1 s, then about 2 s, and the third attempt succeeds', async () => {
    await expect.poll(() => attempts.length, { timeout: 30_000, interval: 100 }).toBe(3);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    const first = attempts[1].at - attempts[0].at;
    const second = attempts[2].at - attempts[1].at;
    expect(first).toBeGreaterThanOrEqual(900);
    expect(second).toBeGreaterThanOrEqual(1900);
    // No fourth attempt: the success ends the slot's retries.
    await new Promise((r) => setTimeout(r, 1500));
    expect(attempts).toHaveLength(3);
  }, 40_000);

  it('shows on the system status answer: last run ok, what it did on this site, failures, next run', async () => {
    const admin = await signInAs({ app, database: testDb.database, driver, close: async () => {} }, 'admin');
    await expect
      .poll(
        async () => {
          const res = await app.inject({
            method: 'GET',
            url: '/api/v1/system/health',
            headers: admin.headers,
          });
          return res.json().jobs?.[0]?.last_run?.status;
        },
        { timeout: 10_000 },
      )
      .toBe('ok');
    const res = await app.inject({ method: 'GET', url: '/api/v1/system/health', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const [job] = res.json().jobs;
    expect(job).toMatchObject({
      name: 'flaky-test-job',
      runner: driver === 'postgres' ? 'pg-boss' : 'in-process',
      last_run: { status: 'ok', attempt: 3, result: { tries: 3 }, error: null },
      failures_24h: 2,
      last_failure: { error: 'flaky failure 2' },
    });
    expect(Date.parse(job.last_run.finished_at)).toBeGreaterThanOrEqual(Date.parse(job.last_run.started_at));
    expect(Date.parse(job.next_run_at)).toBeGreaterThan(Date.now());
  });

  it('lists the product’s jobs, run by no one, on an app built without jobs', async () => {
    const plain = await buildApp({
      config: testConfig(),
      database: testDb.database,
      logger: false,
      lazyCompile: true,
    });
    try {
      await plain.ready();
      const admin = await signInAs(
        { app: plain, database: testDb.database, driver, close: async () => {} },
        'admin',
      );
      const res = await plain.inject({ method: 'GET', url: '/api/v1/system/health', headers: admin.headers });
      expect(res.json().jobs).toEqual(
        ['work-entry-archive', 'trash-purge', 'coverage-close', 'audit-seal', 'notification-digest'].map(
          (name) => expect.objectContaining({ name, runner: 'off', next_run_at: null }),
        ),
      );
    } finally {
      await plain.close();
    }
  });
});

describe.each(DRIVERS)('closing the server waits for the running job (%s)', (driver) => {
  it('app.close() returns after the run in hand has finished and been recorded', async () => {
    const testDb = await createTestDatabase(driver);
    let started = false;
    let finished = false;
    let stopAsked = false;
    const slow: JobDefinition = {
      name: 'slow-test-job',
      firstRunMs: 50,
      everyMs: 3_600_000,
      async run({ stopping }) {
        started = true;
        await new Promise((r) => setTimeout(r, 1500));
        stopAsked = stopping();
        finished = true;
      },
    };
    const app = await buildApp({
      config: testConfig(),
      database: testDb.database,
      logger: false,
      jobs: [slow],
      lazyCompile: true,
    });
    try {
      await app.ready();
      await expect.poll(() => started, { timeout: 20_000, interval: 50 }).toBe(true);
      await app.close();
      expect(finished).toBe(true);
      // The job was told the server is closing (a batch job stops after its current batch).
      expect(stopAsked).toBe(true);
      const [run] = await testDb.database.query<{ ok: boolean }>(
        "select ok from job_history where job = 'slow-test-job'",
      );
      expect(run.ok).toBe(true);
    } finally {
      await app.close();
      await testDb.drop();
    }
  }, 40_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one run per slot across two server processes (postgres)',
  () => {
    let testDb: TestDatabase;
    let second: Database;
    const apps: FastifyInstance[] = [];
    const runs: string[] = [];

    const job = (who: string): JobDefinition => ({
      name: 'every-second-test-job',
      firstRunMs: 50,
      everyMs: 1000,
      async run() {
        runs.push(who);
        await new Promise((r) => setTimeout(r, 50));
      },
    });

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      second = await openDatabase({ url: testDb.url, poolSize: 5 });
      const a = await buildApp({
        config: testConfig(),
        database: testDb.database,
        logger: false,
        jobs: [job('a')],
      });
      const b = await buildApp({ config: testConfig(), database: second, logger: false, jobs: [job('b')] });
      apps.push(a, b);
      await Promise.all([a.ready(), b.ready()]);
    }, 60_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      await second?.close();
      await testDb?.drop();
    });

    it('runs each one-second slot once between them', async () => {
      await new Promise((r) => setTimeout(r, 5_000));
      for (const app of apps.splice(0)) await app.close();
      const slots = await testDb.database.query<{ slot: string; n: number }>(
        `select singleton_on::text as slot, count(*)::int as n from pgboss.job
       where name = 'every-second-test-job' and state = 'completed' group by 1`,
      );
      // Both processes asked for every slot; the queue kept one job per slot and ran it once.
      expect(slots.length).toBeGreaterThanOrEqual(3);
      expect(slots.length).toBeLessThanOrEqual(7);
      for (const s of slots) expect(s.n).toBe(1);
      expect(runs).toHaveLength(slots.length);
    }, 30_000);
  },
);
