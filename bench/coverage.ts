/**
 * Proof of coverage at size: P positions, S visit schedules and E work entries over
 * 30 days on a fresh database; the close job catches up day by day (each run's time, windows
 * stored), then a steady run (nothing new to judge but the checks), then GET /coverage/report over
 * the 30 days (and one group) requested R times: p50 and p99. Prints figures; asserts nothing.
 *
 *   node bench/coverage.ts [positions=5000] [schedules=2000] [entries=1000000] [requests=30]
 *   (PostgreSQL with TEST_DATABASE_URL, else PGlite)
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { closeSiteWindows } from '../server/src/jobs/coverage-close.ts';
import { bearer, createTestDatabase, type Driver, login, testConfig } from '../tests/server/helpers.ts';

const [P, S, E, R] = [5000, 2000, 1_000_000, 30].map((d, i) => Number(process.argv[2 + i] ?? d));
const DAYS = 30;
const DAY_MS = 86_400_000;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;

async function bench(driver: Driver) {
  const testDb = await createTestDatabase(driver);
  const app = await buildApp({ config: testConfig(), database: testDb.database, logger: false });
  await app.ready();
  const { db } = testDb.database;
  const t0 = performance.now();
  await db.execute(sql`
    insert into positions (site_id, position_code, position_name)
    select 'main', 'P-' || g, 'Bench position ' || g from generate_series(1, ${P}) g`);
  const groups = Math.max(1, Math.floor(P / 50));
  await db.execute(sql`
    insert into position_groups (site_id, group_name, group_code)
    select 'main', 'Group ' || g, 'G-' || g from generate_series(1, ${groups}) g`);
  await db.execute(sql`
    insert into position_group_positions (site_id, group_id, position_id)
    select 'main', (select min(id) from position_groups) + (p.n - 1) / 50, p.id
    from (select id, row_number() over (order by id) as n from positions) p
    where (p.n - 1) / 50 < ${groups}`);
  // A twentieth of the schedules are a group's (three times 07–15), the rest a position's (every 2 h, 06–18).
  const bySite = Math.min(groups, Math.floor(S / 20));
  const ruleFrom = new Date(Date.now() - (DAYS + 1) * DAY_MS).toISOString();
  await db.execute(sql`
    insert into visit_schedules (site_id, schedule_name, position_group_id, days, window_start, window_end, frequency_kind, frequency_value, tolerance_minutes, rule_from)
    select 'main', 'Group round ' || g, (select min(id) from position_groups) + g - 1, '{1,2,3,4,5,6,7}', '07:00', '15:00', 'times', 3, 15, ${ruleFrom}::timestamptz
    from generate_series(1, ${bySite}) g`);
  await db.execute(sql`
    insert into visit_schedules (site_id, schedule_name, position_id, days, window_start, window_end, frequency_kind, frequency_value, tolerance_minutes, rule_from)
    select 'main', 'Rounds ' || p.id, p.id, '{1,2,3,4,5,6,7}', '06:00', '18:00', 'every', 2, 15, ${ruleFrom}::timestamptz
    from (select id from positions order by id limit ${S - bySite}) p`);
  // In batches: the server's pool stops a statement after 10 seconds.
  for (let done = 0; done < E; done += 50_000) {
    await db.execute(sql`
      insert into work_entries (site_id, user_id, position_id, status, started_at, created_at, completed_at, duration_minutes)
      select 'main', (select min(id) from users), (select min(id) from positions) + (g % ${P}), 'completed', t, t, t + interval '10 minutes', 10
      from (select g, now() - random() * interval '${sql.raw(String(DAYS))} days' as t
            from generate_series(${done + 1}::int, ${Math.min(E, done + 50_000)}::int) g) s`);
  }
  await db.execute(sql`analyze`);
  console.log(
    `${driver}: ${P} positions, ${S} schedules (${bySite} of groups), ${E} entries seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  // The close job catching up: one run at the end of each day (its look-back is 48 hours).
  const runs: number[] = [];
  let stored = 0;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  for (let d = DAYS; d >= 1; d--) {
    const started = performance.now();
    stored += await closeSiteWindows(db, 'main', new Date(today - d * DAY_MS + DAY_MS - 1));
    runs.push(performance.now() - started);
  }
  const steady = performance.now();
  await closeSiteWindows(db, 'main', new Date(today - DAY_MS + DAY_MS - 1));
  const steadyMs = performance.now() - steady;
  console.log(
    `  close job: ${stored} windows judged over ${DAYS} day runs, a day's run p50 ${(pct(runs, 0.5) / 1000).toFixed(1)} s, ` +
      `max ${(Math.max(...runs) / 1000).toFixed(1)} s; a run with nothing new ${(steadyMs / 1000).toFixed(1)} s`,
  );

  // What autovacuum does soon after the job's inserts: the report's index-only scan needs it.
  await db.execute(sql`vacuum (analyze) coverage_windows`);
  const { token } = await login(app, 'admin@example.com', 'Admin123!');
  const from = new Date(today - DAYS * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(today - DAY_MS).toISOString().slice(0, 10);
  for (const [label, query] of [
    ['whole site', ''],
    ['one group', `&position_group_id=${await firstGroup()}`],
  ] as const) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < R; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/coverage/report?from=${from}&to=${to}${query}`,
        headers: bearer(token),
      });
      times.push(performance.now() - started);
      status = res.statusCode;
    }
    console.log(
      `  GET /coverage/report ${DAYS} days, ${label}: p50 ${pct(times, 0.5).toFixed(0)} ms, p99 ${pct(times, 0.99).toFixed(0)} ms (${R} requests, status ${status})`,
    );
  }
  await app.close();
  await testDb.drop();

  async function firstGroup() {
    const res = (await db.execute(sql`select min(id) as id from position_groups`)) as unknown as {
      rows: { id: number }[];
    };
    return res.rows[0].id;
  }
}

const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];
for (const driver of drivers) await bench(driver);
