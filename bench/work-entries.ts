/**
 * Work entries at a million rows (issue 9 §5), on PostgreSQL and PGlite:
 * - GET /work-entries: first pages of every sort in both orders, deep pages (cursors half-way and
 *   near the end), and filters (status, worker, position, task, days, search over names and notes,
 *   combined) at a fixed rate; target p99 < 50 ms on PostgreSQL and < 100 ms on PGlite at 300 req/s;
 * - GET /dashboard/summary at the same rate; target p99 < 20 ms;
 * - GET /work-entries/export of every row: target ≥ 50,000 rows/s, server memory growth < 100 MB.
 *
 * Data: `scripts/seed.ts` (the same one `npm run seed` runs), once per database; later runs reuse
 * it. PostgreSQL: database tagger_bench_we next to TEST_DATABASE_URL (or BENCH_DATABASE_URL);
 * PGlite: BENCH_PGLITE_DIR (default the system temp folder).
 * Run: npm run bench:work-entries   (BENCH_DB=postgres|pglite|both, BENCH_ENTRIES=1000000,
 *      BENCH_RATE=300, BENCH_DURATION=10)
 */
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { encodeCursor } from '../server/src/repositories/work-entries-keyset.ts';
import { listen, measure, ms, type Run } from './harness.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WHICH = process.env.BENCH_DB ?? 'both';
const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'seed.admin@example.com', password: 'Seed-Pass-1' };
const TARGETS = {
  postgres: 50,
  pglite: 100,
  dashboard: 20,
  exportRowsPerSecond: 50_000,
  exportMemoryMb: 100,
};

type App = Awaited<ReturnType<typeof buildApp>>;
type Kind = 'postgres' | 'pglite';

function pgUrl(): string {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = '/tagger_bench_we';
  return url.toString();
}

async function ensurePgDatabase(url: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', ['tagger_bench_we']);
  if (exists.rowCount === 0) await client.query('create database tagger_bench_we');
  await client.end();
}

/** The app on the seeded database; seeds it first when it holds fewer entries than asked. */
async function openApp(kind: Kind): Promise<App> {
  const env: Record<string, string> =
    kind === 'postgres'
      ? { DATABASE_URL: pgUrl(), DATA_DIR: path.join(os.tmpdir(), 'tagger-bench-we-photos') }
      : {
          DATABASE_URL: '',
          DATA_DIR: process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'tagger-bench-we-pglite'),
        };
  if (kind === 'postgres') await ensurePgDatabase(env.DATABASE_URL);
  const config = {
    ...loadConfig({ ...process.env, ...env, LOG_LEVEL: 'warn', REDIS_URL: '' }),
    staticDir: '',
  };
  let app = await buildApp({ config, serveConsole: false });
  const [row] = await app.database.query<{ n: number }>('select count(*)::int as n from work_entries');
  if (row.n < ENTRIES) {
    await app.close();
    console.log(`${kind}: seeding ${(ENTRIES - row.n).toLocaleString('en')} work entries…`);
    execFileSync(
      process.execPath,
      ['scripts/seed.ts', '--work-entries', String(ENTRIES - row.n), '--photos', '0'],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: 'inherit',
      },
    );
    app = await buildApp({ config, serveConsole: false });
  }
  return app;
}

async function signIn(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const rowsOf = (r: unknown) =>
  (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

/** A cursor `offset` rows into a sort, made the way the server makes them (the row's key as text). */
async function cursorAt(
  app: App,
  sort: 'created' | 'worker' | 'duration',
  order: 'asc' | 'desc',
  offset: number,
) {
  const key = {
    created: sql`created_at`,
    worker: sql`worker_name`,
    duration: sql`coalesce(duration_minutes, -1)`,
  }[sort];
  const dir = sql.raw(order);
  const [row] = rowsOf(
    await app.database.db.execute(
      sql`select id, (${key})::text as k0 from work_entries where site_id = 'main' order by ${key} ${dir}, id ${dir} offset ${offset} limit 1`,
    ),
  );
  return encodeURIComponent(
    encodeCursor({ sort, order }, { id: Number(row.id), k0: String(row.k0), k1: null }),
  );
}

async function paths(app: App) {
  const one = async (q: string) =>
    rowsOf(await app.database.db.execute(sql.raw(q)))[0] as Record<string, unknown>;
  const worker = await one(
    `select id, last_name from users where site_id = 'main' and role = 'worker' order by id limit 1`,
  );
  const position = await one(`select id from positions where site_id = 'main' order by id limit 1`);
  const task = await one(`select id from tasks where site_id = 'main' and task_code = 'SAFETY'`);
  const L = '/api/v1/work-entries?limit=25';
  const pages = [
    L,
    ...['created', 'completed', 'status', 'worker', 'position', 'task', 'duration'].flatMap((s) => [
      `${L}&sort=${s}&order=asc`,
      `${L}&sort=${s}&order=desc`,
    ]),
    `${L}&cursor=${await cursorAt(app, 'created', 'desc', Math.floor(ENTRIES / 2))}`,
    `${L}&cursor=${await cursorAt(app, 'created', 'desc', ENTRIES - 30)}`,
    `${L}&sort=worker&order=asc&cursor=${await cursorAt(app, 'worker', 'asc', Math.floor(ENTRIES * 0.7))}`,
    `${L}&sort=duration&order=desc&cursor=${await cursorAt(app, 'duration', 'desc', Math.floor(ENTRIES * 0.9))}`,
  ];
  const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const filters = [
    `${L}&status=failed`,
    `${L}&status=in_progress&sort=worker&order=asc`,
    `${L}&user_id=${worker.id}`,
    `${L}&user_id=${worker.id}&sort=duration&order=desc`,
    `${L}&position_id=${position.id}`,
    `${L}&position_id=${position.id}&sort=completed&order=desc`,
    `${L}&task_id=${task.id}`,
    `${L}&from=${month}&to=${today}`,
    `${L}&from=${month}&to=${today}&sort=position&order=asc`,
    `${L}&search=${encodeURIComponent(String(worker.last_name))}`,
    `${L}&search=moisture`,
    `${L}&search=stairwell&status=completed`,
    `${L}&status=completed&position_id=${position.id}&task_id=${task.id}&sort=worker&order=desc`,
  ];
  return { pages, filters };
}

/**
 * Downloads the whole export from another process (so only the server's memory is in
 * this one), counting its lines, while sampling this process's resident memory.
 */
async function measureExport(apiUrl: string, token: string) {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed;
  let peakBuffers = before.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  }, 50);
  const started = performance.now();
  const client = `
    const res = await fetch(process.argv[1], { headers: { authorization: process.argv[2], 'accept-encoding': 'identity' } });
    let lines = 0, bytes = 0;
    for await (const chunk of res.body) { bytes += chunk.length; for (const b of chunk) if (b === 10) lines++; }
    console.log(JSON.stringify({ status: res.status, declared: res.headers.get('x-total-count'), lines, bytes }));`;
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', client, `${apiUrl}/api/v1/work-entries/export`, `Bearer ${token}`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.on('error', reject);
    child.on('close', () => resolve(stdout));
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const got = JSON.parse(out.trim() || '{}') as {
    status: number;
    declared: string;
    lines: number;
    bytes: number;
  };
  const rows = got.lines - 1;
  return {
    status: got.status,
    rows,
    declared: Number(got.declared),
    seconds,
    rowsPerSecond: rows / seconds,
    mb: got.bytes / 1024 / 1024,
    growthMb: (peak - before.rss) / 1024 / 1024,
    heapMb: (peakHeap - before.heapUsed) / 1024 / 1024,
    buffersMb: (peakBuffers - before.arrayBuffers) / 1024 / 1024,
  };
}

/**
 * One request at a time (no queueing): each request's own cost, the figure that compares across
 * machines and loads. Median and the slowest path's median of three passes, ms.
 */
async function oneAtATime(apiUrl: string, headers: Record<string, string>, list: string[]) {
  const medians: number[] = [];
  for (const p of list) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await (await fetch(`${apiUrl}${p}`, { headers })).arrayBuffer();
      times.push(performance.now() - t0);
    }
    medians.push(times.sort((a, b) => a - b)[2]);
  }
  medians.sort((a, b) => a - b);
  return { median: medians[Math.floor(medians.length / 2)], worst: medians.at(-1) ?? Number.NaN };
}

function table(runs: Run[]) {
  console.table(
    runs.map((r) => ({
      run: r.name,
      'rate req/s': r.rate,
      requests: r.requests,
      'non-2xx': r.non2xx,
      errors: r.errors,
      'p50 ms': ms(r.p50),
      'p95 ms': ms(r.p95),
      'p99 ms': ms(r.p99),
      'max ms': ms(r.max),
    })),
  );
}

async function bench(kind: Kind) {
  const app = await openApp(kind);
  try {
    const apiUrl = await listen(app);
    const token = await signIn(apiUrl);
    const headers = { authorization: `Bearer ${token}` };
    const { pages, filters } = await paths(app);
    for (const p of [...pages, ...filters]) {
      const res = await fetch(`${apiUrl}${p}`, { headers });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    }
    const [{ n }] = await app.database.query<{ n: number }>('select count(*)::int as n from work_entries');
    console.log(
      `\n${kind}: ${n.toLocaleString('en')} work entries — Node ${process.version}, ${os.cpus().length} CPUs, ` +
        `load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, ${RATE} req/s, ${DURATION} s per run`,
    );
    const exportOnly = process.env.BENCH_ONLY === 'export';
    for (const [name, list] of exportOnly
      ? []
      : ([
          ['pages and sorts', pages],
          ['filters and search', filters],
          ['dashboard summary', ['/api/v1/dashboard/summary']],
        ] as const)) {
      const one = await oneAtATime(apiUrl, headers, [...list]);
      console.log(
        `${kind} ${name}, one request at a time: median ${ms(one.median)} ms, slowest path ${ms(one.worst)} ms`,
      );
    }
    const fixed = { url: apiUrl, headers, overallRate: RATE, connections: 20 };
    if (!exportOnly)
      await measure({
        name: 'warm-up',
        path: pages[0],
        paths: [...pages, ...filters],
        ...fixed,
        duration: 3,
      });
    const runs = exportOnly
      ? []
      : [
          await measure({
            name: 'pages and sorts',
            path: pages[0],
            paths: pages,
            ...fixed,
            duration: DURATION,
          }),
          await measure({
            name: 'filters and search',
            path: filters[0],
            paths: filters,
            ...fixed,
            duration: DURATION,
          }),
          await measure({
            name: 'dashboard summary',
            path: '/api/v1/dashboard/summary',
            ...fixed,
            duration: DURATION,
          }),
        ];
    if (runs.length) table(runs);
    const listTarget = TARGETS[kind];
    for (const r of runs) {
      const target = r.name === 'dashboard summary' ? TARGETS.dashboard : listTarget;
      const ok = r.p99 < target && r.non2xx === 0 && r.errors === 0;
      console.log(`${kind} ${r.name}: p99 ${ms(r.p99)} ms (target < ${target}): ${ok ? 'PASS' : 'FAIL'}`);
    }
    const e = await measureExport(apiUrl, token);
    const ok =
      e.status === 200 &&
      e.rows === e.declared &&
      e.rowsPerSecond >= TARGETS.exportRowsPerSecond &&
      e.growthMb < TARGETS.exportMemoryMb;
    console.log(
      `${kind} export: ${e.rows.toLocaleString('en')} rows (${e.mb.toFixed(0)} MB) in ${e.seconds.toFixed(1)} s = ` +
        `${Math.round(e.rowsPerSecond).toLocaleString('en')} rows/s, server memory +${e.growthMb.toFixed(1)} MB resident (heap +${e.heapMb.toFixed(1)} MB, buffers +${e.buffersMb.toFixed(1)} MB) ` +
        `(targets ≥ ${TARGETS.exportRowsPerSecond.toLocaleString('en')} rows/s, < ${TARGETS.exportMemoryMb} MB): ${ok ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await app.close();
  }
}

for (const kind of ['postgres', 'pglite'] as const) {
  if (WHICH === kind || WHICH === 'both') await bench(kind);
}
