/**
 * The data and request paths of the work-entries benchmark (bench/work-entries.ts) and of its
 * query-plan report (bench/work-entries-plans.ts): the seeded app on PostgreSQL or PGlite, an
 * admin's token, and the pages, sorts and filters every run requests.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { encodeCursor } from '../server/src/repositories/work-entries-keyset.ts';

export const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN = { email: 'seed.admin@example.com', password: 'Seed-Pass-1' };

export type App = Awaited<ReturnType<typeof buildApp>>;
export type Kind = 'postgres' | 'pglite';

/** A benchmark's PostgreSQL database (each benchmark that writes keeps its own). */
export function pgUrl(database = 'tagger_bench_we'): string {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function ensurePgDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database ${name}`);
  await client.end();
}

/** The app on the seeded database; seeds it first when it holds fewer entries than asked. */
export async function openApp(kind: Kind, pgDatabase?: string): Promise<App> {
  const env: Record<string, string> =
    kind === 'postgres'
      ? { DATABASE_URL: pgUrl(pgDatabase), DATA_DIR: path.join(os.tmpdir(), 'tagger-bench-we-photos') }
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

export async function signIn(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export const rowsOf = (r: unknown) =>
  (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

/** A cursor `offset` rows into a sort, made the way the server makes them (the row's key as text). */
export async function cursorAt(
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

export async function paths(app: App) {
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
