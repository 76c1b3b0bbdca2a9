/**
 * The coverage map at size: N positions (default 10,000) with coordinates
 * around a site, a fifth of them on visit schedules, entries of the last day and judged windows,
 * on a fresh PostgreSQL database behind the real server (dist/ built). Prints:
 * - GET /coverage/positions-state (every position's state in one call) R times: p50 and p99, and
 *   the same for GET /site-settings/display in the same run (a baseline: one small read);
 * - the Map view's time to first render in Chromium with no base map (the grid), from navigation
 *   to the first state mark drawn, and the report view's time to its first table row as the
 *   baseline, each T times (the first cold); goal < 1.5 s;
 * and the load average (the machine is shared). Asserts nothing.
 *
 *   npm run -s build && node bench/coverage-map.ts [positions=10000] [requests=30] [renders=3]
 *   (needs TEST_DATABASE_URL)
 */
import os from 'node:os';
import pg from 'pg';
import { ADMIN, apiToken, launchBrowser, newPage, signIn, startServer } from '../tests/e2e/support.ts';

const [N, R, T] = [10_000, 30, 3].map((d, i) => Number(process.argv[2 + i] ?? d));
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set TEST_DATABASE_URL (a PostgreSQL the bench may create a database in).');
  process.exit(1);
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;
const f = (n: number) => n.toFixed(1);

async function asAdmin(text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(text);
  await c.end();
}

const name = `tagger_bench_map_${process.pid}`;
await asAdmin(`drop database if exists ${name} with (force)`);
await asAdmin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
// The close job would judge the seeded windows meanwhile: not what is measured here
// (bench/coverage.ts measures it).
const server = await startServer({ DATABASE_URL: url.toString(), COVERAGE_CLOSE_SECONDS: '86400' });
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
try {
  const t0 = performance.now();
  // Spread over about 2 × 1.5 km around Kalasatama.
  await db.query(
    `insert into positions (site_id, position_code, position_name, latitude, longitude)
     select 'main', 'MAP-' || g, 'Map position ' || g, 60.18 + random() * 0.014, 24.97 + random() * 0.03
     from generate_series(1, $1::int) g`,
    [N],
  );
  const ruleFrom = new Date(Date.now() - 3 * 86_400_000).toISOString();
  await db.query(
    `insert into visit_schedules (site_id, schedule_name, position_id, days, window_start, window_end, frequency_kind, frequency_value, tolerance_minutes, rule_from)
     select 'main', 'Rounds ' || p.id, p.id, '{1,2,3,4,5,6,7}', '00:00', '23:59', 'every', 2, 15, $2::timestamptz
     from (select id from positions order by id limit $1::int) p`,
    [Math.floor(N / 5), ruleFrom],
  );
  await db.query(
    `insert into work_entries (site_id, user_id, position_id, status, started_at, created_at, completed_at, duration_minutes)
     select 'main', (select min(id) from users), (select min(id) from positions) + (g % $1::int), 'completed', t, t, t + interval '10 minutes', 10
     from (select g, now() - random() * interval '1 day' as t from generate_series(1, $2::int) g) s`,
    [N, N * 5],
  );
  await db.query(
    `insert into coverage_windows (site_id, schedule_id, schedule_name, position_id, day, window_start, window_end, due_at, verdict, judged_verdict, rule)
     select 'main', s.id, s.schedule_name, s.position_id, to_char(now() - interval '1 day', 'YYYY-MM-DD'),
       now() - interval '1 day', now() - interval '22 hours', now() - interval '22 hours',
       v, v, '{"days":[1],"window_start":"00:00","window_end":"23:59","frequency_kind":"every","frequency_value":2,"due_time":null,"tolerance_minutes":15,"task_ids":null,"time_zone":"UTC"}'::jsonb
     from (select *, (array['on_time','late','missed'])[1 + id % 3] as v from visit_schedules) s`,
  );
  await db.query('analyze');
  console.log(
    `${N} positions (${Math.floor(N / 5)} scheduled), ${N * 5} entries seeded in ${f((performance.now() - t0) / 1000)} s`,
  );

  const token = await apiToken(server.url, ADMIN.email, ADMIN.password);
  const time = async (path: string) => {
    const s = performance.now();
    const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - s, bytes: body.length };
  };
  await time('/coverage/positions-state');
  const states: number[] = [];
  const base: number[] = [];
  let bytes = 0;
  for (let i = 0; i < R; i++) {
    const r = await time('/coverage/positions-state');
    states.push(r.ms);
    bytes = r.bytes;
    base.push((await time('/site-settings/display')).ms);
  }
  console.log(
    `GET /coverage/positions-state (${N} positions, ${(bytes / 1024).toFixed(0)} KB): p50 ${f(pct(states, 0.5))} ms, p99 ${f(pct(states, 0.99))} ms` +
      ` | baseline GET /site-settings/display: p50 ${f(pct(base, 0.5))} ms, p99 ${f(pct(base, 0.99))} ms`,
  );

  const browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  await page.goto(`${server.url}/login`);
  await signIn(page, ADMIN.email, ADMIN.password);
  const render = async (path: string, selector: string) => {
    await page.goto('about:blank');
    const s = performance.now();
    await page.goto(`${server.url}${path}`);
    await page.locator(selector).first().waitFor({ timeout: 30_000 });
    return performance.now() - s;
  };
  const maps: number[] = [];
  const reports: number[] = [];
  for (let i = 0; i < T; i++) {
    maps.push(await render('/coverage?view=map', '.coverage-grid [data-state]'));
    reports.push(await render('/coverage', '.coverage .p-datatable tbody tr'));
  }
  const marks = await page.goto(`${server.url}/coverage?view=map`).then(async () => {
    await page.locator('.coverage-grid [data-state]').first().waitFor();
    return page.locator('.coverage-grid__svg').getAttribute('data-marks');
  });
  // Panning: a drag across the grid, frames while it runs.
  const box = await page.locator('.coverage-grid__svg').boundingBox();
  let pan = Number.NaN;
  if (box) {
    const s = performance.now();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++)
      await page.mouse.move(box.x + box.width / 2 + i * 10, box.y + box.height / 2 + i * 5);
    await page.mouse.up();
    pan = (performance.now() - s) / 20;
  }
  console.log(
    `Map view, first render in Chromium (grid, ${marks} marks drawn for ${N} positions): ${maps.map(f).join(', ')} ms` +
      ` (goal < 1500) | baseline report view: ${reports.map(f).join(', ')} ms | ratio (warm median) ${f(pct(maps.slice(1), 0.5) / pct(reports.slice(1), 0.5))}×`,
  );
  console.log(`Panning the grid: ${f(pan)} ms per pointer move (20 moves)`);
  await context.close();
  await browser.close();
} finally {
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  await db.end();
  await server.stop();
  await asAdmin(`drop database if exists ${name} with (force)`);
}
