/**
 * The auto-archive's cost: N closed entries a year old (a tenth with a photo row) on
 * a fresh database, moved as the job moves them (batches of 500), while a work-entries page is
 * requested every 20 ms beside it: the run's time, rows per second, its slowest batch, and the
 * page's latency during the run against the same page before it.
 *
 *   node bench/work-entries-archive.ts [entries=50000]   (PGlite; PostgreSQL too with TEST_DATABASE_URL)
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import * as repo from '../server/src/repositories/work-entries-archive.ts';
import { bearer, createTestDatabase, type Driver, login, testConfig } from '../tests/server/helpers.ts';

const N = Number(process.argv[2] ?? 50_000);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;

async function bench(driver: Driver) {
  const testDb = await createTestDatabase(driver);
  const app = await buildApp({ config: testConfig(), database: testDb.database, logger: false });
  await app.ready();
  const { db } = testDb.database;
  await db.execute(
    sql`insert into positions (site_id, position_code, position_name) values ('main', 'B-1', 'Bench bay')`,
  );
  await db.execute(sql`
    insert into work_entries (site_id, user_id, position_id, status, started_at, created_at, completed_at, duration_minutes)
    select 'main', (select min(id) from users), (select min(id) from positions), 'completed', t, t, t + interval '1 hour', 60
    from (select now() - interval '400 days' - g * interval '1 minute' as t from generate_series(1, ${N}) g) s`);
  await db.execute(sql`
    insert into work_entry_photos (site_id, work_entry_id, url, content_type, size_bytes)
    select 'main', id, 'main/' || id || '/p.png', 'image/png', 1 from work_entries where id % 10 = 0`);
  await db.execute(
    sql`insert into site_settings (site_id, settings) values ('main', '{"autoArchiveWorkEntries": true, "workEntryRetentionDays": 30}') on conflict (site_id) do update set settings = excluded.settings`,
  );
  const { token } = await login(app, 'admin@example.com', 'Admin123!');
  const page = async () => {
    const started = performance.now();
    await app.inject({ method: 'GET', url: '/api/v1/work-entries?limit=25', headers: bearer(token) });
    return performance.now() - started;
  };
  const before: number[] = [];
  for (let i = 0; i < 50; i++) before.push(await page());

  const during: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      during.push(await page());
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const cpu = process.cpuUsage();
  const started = performance.now();
  // The job's loop (jobs/work-entry-archive.ts) with each batch timed; the claim is the job's own test.
  const [site] = await repo.archivingSites(db);
  const cutoff = await repo.archiveCutoff(db, new Date(), site);
  const batches: number[] = [];
  const run = { moved: 0 };
  for (;;) {
    const t0 = performance.now();
    const n = await repo.moveBatch(db, 'main', cutoff, 500);
    batches.push(performance.now() - t0);
    run.moved += n;
    if (n < 500) break;
    await new Promise((r) => setImmediate(r));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
  running = false;
  await prober;
  console.log(
    `${driver}: moved ${run.moved} in ${seconds.toFixed(1)} s (${Math.round(run.moved / seconds)} rows/s, ` +
      `process CPU ${cpuSeconds.toFixed(1)} s); batch of 500 p50 ${pct(batches, 0.5).toFixed(0)} ms, max ${Math.max(...batches).toFixed(0)} ms; ` +
      `GET /work-entries page p50/p95 ${pct(before, 0.5).toFixed(1)}/${pct(before, 0.95).toFixed(1)} ms before, ` +
      `${pct(during, 0.5).toFixed(1)}/${pct(during, 0.95).toFixed(1)} ms during (${during.length} requests)`,
  );
  await app.close();
  await testDb.drop();
}

await bench('pglite');
if (process.env.TEST_DATABASE_URL) await bench('postgres');
