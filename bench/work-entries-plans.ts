/**
 * What each request of the work-entries benchmark costs, one at a time, on the seeded 1M-row
 * database: wall time, the server's CPU (Node, and for PostgreSQL the backends' CPU from /proc),
 * the statements it sends, and each statement's plan (EXPLAIN ANALYZE: planning and execution
 * time, the plan's first lines; all of it with PLANS=full).
 *
 * Run: node bench/work-entries-plans.ts   (BENCH_DB=postgres|pglite, ONLY=<substring of a path>,
 *      REPEAT=20 requests per path for the CPU figures, PLANS=none|short|full,
 *      PROFILE=file.cpuprofile: a CPU profile of the repeated requests only)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { listen } from './harness.ts';
import { type Kind, openApp, paths, signIn } from './work-entries-data.ts';

const KIND = (process.env.BENCH_DB ?? 'postgres') as Kind;
const ONLY = process.env.ONLY;
const REPEAT = Number(process.env.REPEAT ?? 20);
const PLANS = process.env.PLANS ?? 'short';
const PROFILE = process.env.PROFILE;
const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');

interface Statement {
  text: string;
  values: unknown[];
}
let recording: Statement[] | undefined;

function record(text: unknown, values: unknown) {
  if (!recording) return;
  const t = typeof text === 'string' ? text : (text as { text: string }).text;
  const v = values ?? (typeof text === 'string' ? undefined : (text as { values?: unknown[] }).values);
  recording.push({ text: t, values: (v as unknown[]) ?? [] });
}

// Every statement the app sends while a request is recorded.
const pgQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, text: unknown, values?: unknown, ...rest: unknown[]) {
  record(text, values);
  return (pgQuery as (...a: unknown[]) => unknown).call(this, text, values, ...rest);
} as typeof pgQuery;
const liteQuery = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, text: string, values?: unknown[], ...rest: unknown[]) {
  record(text, values);
  return (liteQuery as (...a: unknown[]) => unknown).call(this, text, values, ...rest);
} as typeof liteQuery;

const app = await openApp(KIND);
const apiUrl = await listen(app);
const token = await signIn(apiUrl);
const headers = { authorization: `Bearer ${token}` };

/** CPU seconds (user + system) of this database's PostgreSQL backends, from /proc. */
async function backendCpu(): Promise<number> {
  if (KIND !== 'postgres') return 0;
  const pids = await app.database.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the backend ended meanwhile
    }
  }
  return ticks / 100;
}

async function request(url: string) {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res;
}

const rowsOf = (r: unknown) =>
  (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

async function explain(s: Statement): Promise<string[]> {
  const text = `explain (analyze, buffers, format text) ${s.text}`;
  if (KIND === 'pglite') {
    const client = (app.database.db as unknown as { $client: PGlite }).$client;
    return rowsOf(await liteQuery.call(client, text, s.values)).map((r) => String(r['QUERY PLAN']));
  }
  const pool = (app.database.db as unknown as { $client: pg.Pool }).$client;
  return rowsOf(
    await (pgQuery as (t: string, v: unknown[]) => Promise<unknown>).call(pool, text, s.values),
  ).map((r) => String(r['QUERY PLAN']));
}

const { pages, filters } = await paths(app);
// GET /users (a cached list of 44) first: the floor of an authenticated request on this machine now.
const all = ['/api/v1/users', ...pages, ...filters, '/api/v1/dashboard/summary'].filter(
  (p) => !ONLY || p.includes(ONLY),
);
const summary: {
  path: string;
  wall: number;
  node: number;
  pg: number;
  statements: number;
  repeated: number;
}[] = [];
for (const p of all) {
  // Statements of the first request (nothing remembered yet) and of a repeated one.
  recording = [];
  await request(p);
  const statements = recording;
  recording = [];
  await request(p);
  const repeated = recording;
  recording = undefined;
  const walls: number[] = [];
  if (PROFILE) await inspector.post('Profiler.start');
  const cpu0 = process.cpuUsage();
  const pg0 = await backendCpu();
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    await request(p);
    walls.push(performance.now() - t0);
  }
  const pg1 = await backendCpu();
  const cpu = process.cpuUsage(cpu0);
  if (PROFILE) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(PROFILE, JSON.stringify(profile));
  }
  walls.sort((a, b) => a - b);
  const row = {
    path: p.replace('/api/v1', '').slice(0, 110),
    wall: walls[Math.floor(walls.length / 2)],
    node: (cpu.user + cpu.system) / 1000 / REPEAT,
    pg: ((pg1 - pg0) * 1000) / REPEAT,
    statements: statements.length,
    repeated: repeated.length,
  };
  summary.push(row);
  console.log(
    `\n${row.path}\n  median ${row.wall.toFixed(2)} ms, Node CPU ${row.node.toFixed(2)} ms/req, PG CPU ${row.pg.toFixed(2)} ms/req, ${row.statements} statements (repeated: ${row.repeated})`,
  );
  if (PLANS === 'none') continue;
  for (const s of statements) {
    const plan = await explain(s);
    console.log(`  > ${s.text.replace(/\s+/g, ' ').slice(0, PLANS === 'full' ? 10_000 : 240)}`);
    console.log(`    values ${JSON.stringify(s.values).slice(0, 200)}`);
    const lines = PLANS === 'full' ? plan : [...plan.slice(0, 6), ...plan.slice(-2)];
    for (const line of lines) console.log(`    | ${line}`);
  }
}
console.log('\nmedian wall ms | Node CPU ms | PG CPU ms | statements first/repeated | path');
for (const r of summary)
  console.log(
    `${r.wall.toFixed(2).padStart(6)} | ${r.node.toFixed(2).padStart(5)} | ${r.pg.toFixed(2).padStart(5)} | ${r.statements}/${r.repeated} | ${r.path}`,
  );
const mean = (k: 'wall' | 'node' | 'pg') => summary.reduce((n, r) => n + r[k], 0) / summary.length;
console.log(
  `mean: wall ${mean('wall').toFixed(2)} ms, Node CPU ${mean('node').toFixed(2)} ms, PG CPU ${mean('pg').toFixed(2)} ms`,
);
await app.close();
