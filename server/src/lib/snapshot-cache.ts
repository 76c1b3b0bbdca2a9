/**
 * Answers cached under the database snapshot, for a read that is asked far more often than anything
 * commits (GET /position-groups, GET /positions: README, Benchmarks). Measured, not a default: a
 * list that is cheap to read needs no cache.
 *
 * Why it is never stale: `pg_current_snapshot()` is `xmin:xmax:in-progress ids`. A transaction that
 * commits (or aborts) between two readings changes it: either it was in progress at the first one
 * (listed, or above xmax) and is not at the second, or it started after and moves xmax. So two equal
 * readings mean nothing committed in between, in any connection or process, whichever table it
 * wrote. An answer is stored under the reading taken *before* it was computed, so it holds at least
 * everything committed up to that reading, and it is served only while the reading is unchanged. Any
 * commit anywhere (another area's too) costs one re-read; nothing has to remember to invalidate it.
 *
 * Not inside a transaction: there the transaction's own writes change what a query sees without
 * changing the snapshot, so a transaction's handle computes every time. Keys must name the site and
 * everything else the answer depends on.
 *
 * Memory is bounded: at most `maxEntries` answers and `maxWeight` units (characters or bytes of JSON by
 * default), least recently used first out; an answer heavier than a quarter of the bound is not kept.
 * When xmax moves past every reading the cache holds, all its answers are dead and are dropped at once.
 * Requests that miss at the same snapshot share one computation (a commit under load at 1,000 req/s
 * would otherwise start as many identical queries as requests arrive while the first runs).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** One reading of the database's snapshot, taken once per request and shared by its caches. */
export interface DbSnapshot {
  db: Db;
  /** The snapshot as text; null inside a transaction (nothing is cached there). */
  version: string | null;
  xmax: bigint;
}

/** PGlite and node-postgres's pool both answer `query(text)` with `{ rows }`. */
interface DriverClient {
  query(text: string): Promise<{ rows: { snapshot: string }[] }>;
}

export async function readSnapshot(db: Db): Promise<DbSnapshot> {
  // (unknown: the instanceof would narrow Db to a transaction type the schema generic lacks)
  if ((db as unknown) instanceof PgTransaction) return { db, version: null, xmax: 0n };
  // Straight to the driver: through Drizzle's execute this one statement cost 0.32 ms of CPU on
  // PGlite, directly 0.14 ms, and it runs on every request of a cached list.
  const client = (db as unknown as { $client: DriverClient }).$client;
  const result = await client.query('select pg_current_snapshot()::text as snapshot');
  const version = result.rows[0].snapshot;
  return { db, version, xmax: BigInt(version.split(':')[1]) };
}

export interface SnapshotCacheOptions<V> {
  maxEntries: number;
  maxWeight: number;
  /** The weight of a value against maxWeight: a string's length or a Buffer's bytes by default, else 1. */
  weigh?: (value: V) => number;
}

interface Entry<V> {
  version: string;
  value: V;
  weight: number;
}

interface PerDatabase<V> {
  /** The highest xmax read so far: an entry stored under a lower one can never be served again. */
  xmax: bigint;
  /** In least-recently-used order (a Map iterates in insertion order; a hit re-inserts). */
  entries: Map<string, Entry<V>>;
  weight: number;
  /** Answers being computed: a request reading the same snapshot waits for one instead of its own. */
  pending: Map<string, { version: string; promise: Promise<V> }>;
}

export class SnapshotCache<V> {
  // Per database handle, so two apps in one process (tests) never share answers.
  private readonly perDatabase = new WeakMap<Db, PerDatabase<V>>();
  private readonly options: SnapshotCacheOptions<V>;
  private readonly weigh: (value: V) => number;

  constructor(options: SnapshotCacheOptions<V>) {
    this.options = options;
    this.weigh =
      options.weigh ?? ((value) => (typeof value === 'string' || Buffer.isBuffer(value) ? value.length : 1));
  }

  /** The answer stored under `key` at this snapshot, or `compute()`'s, which is then kept. */
  async get(snapshot: DbSnapshot, key: string, compute: () => Promise<V>): Promise<V> {
    const { version, xmax } = snapshot;
    if (version === null) return compute();
    const state = this.stateOf(snapshot.db);
    if (xmax > state.xmax) {
      state.entries.clear();
      state.weight = 0;
      state.xmax = xmax;
    }
    const found = state.entries.get(key);
    if (found) {
      this.remove(state, key, found);
      if (found.version === version) {
        state.entries.set(key, found);
        state.weight += found.weight;
        return found.value;
      }
    }
    const running = state.pending.get(key);
    if (running?.version === version) return running.promise;
    const promise = compute();
    state.pending.set(key, { version, promise });
    let value: V;
    try {
      value = await promise;
    } finally {
      if (state.pending.get(key)?.promise === promise) state.pending.delete(key);
    }
    // A reading older than the newest one seen (a slow request) is not stored: it is already dead.
    if (xmax < state.xmax) return value;
    const weight = this.weigh(value);
    if (weight > this.options.maxWeight / 4) return value;
    const stale = state.entries.get(key);
    if (stale) this.remove(state, key, stale);
    state.entries.set(key, { version, value, weight });
    state.weight += weight;
    for (const [oldKey, oldest] of state.entries) {
      if (state.entries.size <= this.options.maxEntries && state.weight <= this.options.maxWeight) break;
      this.remove(state, oldKey, oldest);
    }
    return value;
  }

  /** How many answers are kept for this database (tests). */
  size(db: Db): number {
    return this.perDatabase.get(db)?.entries.size ?? 0;
  }

  private stateOf(db: Db): PerDatabase<V> {
    let state = this.perDatabase.get(db);
    if (!state) {
      state = { xmax: 0n, entries: new Map(), weight: 0, pending: new Map() };
      this.perDatabase.set(db, state);
    }
    return state;
  }

  private remove(state: PerDatabase<V>, key: string, entry: Entry<V>) {
    state.entries.delete(key);
    state.weight -= entry.weight;
  }
}
