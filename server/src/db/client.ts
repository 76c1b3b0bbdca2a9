/**
 * One Drizzle database over either PGlite (embedded, DATA_DIR) or PostgreSQL (DATABASE_URL).
 * Both run the same schema and the same committed migrations, applied at start-up.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { PgliteThread } from './pglite-thread.ts';

/** The query builder only: queries name their tables, so no table list is handed to Drizzle. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string, on PostgreSQL (the job queue opens its own small pool with it). */
  url?: string;
  /** Runs a read-only SQL statement with no parameters from input (health and metrics only). */
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** Connection and pool figures for the health page, where the driver knows them. */
  stats(): { total?: number; idle?: number; waiting?: number };
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PGlite's defaults start postgres with -F (fsync off). We start it with fsync on instead; see the
 * README for what that does and does not buy on PGlite's Node filesystem.
 */
const PGLITE_START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'fsync=on',
];

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite data folder; omitted or 'memory://' keeps the database in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** An in-memory PGlite starts from this dump of a migrated data folder (tests) instead of initdb. */
  pgliteTemplate?: Blob;
  /** PGlite on a worker thread of its own (pglite-thread.ts; PGLITE_THREAD=true), else on the caller's. */
  pgliteThread?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.pgliteTemplate, options.pgliteThread ?? false);
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // A connection of its own, without the pool's 10 s query timeout: a migration that builds an
  // index over a million entries takes longer than any request may.
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 3000 });
  // A lost connection fails the migration's statement; unheard, it would also end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await migratePg(drizzlePg(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}

/** A single SELECT (no other statement after it): reads, whatever it reads. */
const READ_ONLY = /^\s*select\b[^;]*;?\s*$/i;

const writesOf = new WeakMap<object, { count: number }>();

/**
 * PGlite is one process's own database (no other process opens its folder), so every change to it
 * is a statement this process sent. Counts the statements that may change something as they end
 * (all but a single SELECT; a transaction counts as one, whatever it ran), so a value read from
 * the database is still what the database holds while the count has not moved (localWriteCount).
 */
function countWrites(client: PGlite | PgliteThread) {
  const counter = { count: 0 };
  writesOf.set(client, counter);
  const { query, exec, transaction } = client;
  // biome-ignore lint/suspicious/noExplicitAny: wraps three methods of different signatures alike
  type Run = (...args: any[]) => Promise<unknown>;
  const counted =
    (run: Run, isWrite: (first: unknown) => boolean) =>
    async (...args: unknown[]) => {
      const write = isWrite(args[0]);
      try {
        return await run.apply(client, args);
      } finally {
        // After it ended: a read while it runs keeps what was there before, as it would have.
        if (write) counter.count++;
      }
    };
  const textIsWrite = (text: unknown) => typeof text !== 'string' || !READ_ONLY.test(text);
  client.query = counted(query as Run, textIsWrite) as typeof query;
  client.exec = counted(exec as Run, textIsWrite) as typeof exec;
  client.transaction = counted(transaction as Run, () => true) as typeof transaction;
}

/**
 * How many statements that may change something this process has ended on `db`'s PGlite (see
 * countWrites): a version source for lib/read-cache.ts, under which a value read from the database
 * is still what it holds while the count has not moved. Null on PostgreSQL, which other processes
 * change too, and for a handle that is not the database's own (a transaction).
 */
export function localWriteCount(db: Db): number | null {
  const client = (db as unknown as { $client?: object }).$client;
  return (client && writesOf.get(client)?.count) ?? null;
}

async function startPglite(dir: string | undefined, template: Blob | undefined, thread: boolean) {
  if (thread) return PgliteThread.start({ dir, startParams: PGLITE_START_PARAMS, template });
  const client = dir
    ? new PGlite(dir, { startParams: PGLITE_START_PARAMS })
    : new PGlite({ startParams: PGLITE_START_PARAMS, ...(template ? { loadDataDir: template } : {}) });
  await client.waitReady;
  return client;
}

async function openPglite(
  dataDir: string | undefined,
  template: Blob | undefined,
  thread: boolean,
): Promise<Database> {
  const inMemory = !dataDir || dataDir === 'memory://';
  let lock: DataDirLock | undefined;
  let client: PGlite | PgliteThread;
  if (inMemory) {
    client = await startPglite(undefined, template, thread);
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(path.resolve(dataDir));
    try {
      client = await startPglite(dir, undefined, thread);
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  countWrites(client);
  const db = drizzlePglite({ client: client as PGlite }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string) {
      return (await client.query(text)).rows as T[];
    },
    stats: () => ({ total: 1 }),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A database that does not answer must give a quick 503, not a hung request.
    connectionTimeoutMillis: 3000,
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor a client in use: the pool takes its own listener off a client it hands out (a transaction
  // holds one), and a socket that dies mid-transaction then emits an unheard 'error', which ends
  // the process. The statement under way rejects with the same error, and the pool drops the client
  // when it comes back, so the listener has nothing more to do.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    async query<T>(text: string) {
      return (await pool.query(text)).rows as T[];
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
