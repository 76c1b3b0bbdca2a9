/**
 * The one read cache of the server: answers kept per database handle under the version of what
 * they were computed from, never served once that version moved. A new cache is a use of this
 * module plus the write paths that move its version, never a new mechanism (CONVENTIONS, Caches);
 * measure before adding one.
 *
 * Version sources (the caller reads one before it computes, so an answer is never older than the
 * version it is stored under: a change committed in between only costs one more load):
 * - the database snapshot (`readSnapshot`): `pg_current_snapshot()` is `xmin:xmax:in-progress
 *   ids`; any transaction that commits or aborts between two readings changes it, in any
 *   connection or process, whichever table it wrote. So equal readings mean nothing committed in
 *   between, and nothing has to remember to invalidate. Its xmax is the epoch: once a reading with
 *   a higher xmax is seen, every answer stored under a lower one is dead and all are dropped.
 *   Inside a transaction the reading is null and nothing is cached (its own writes change what it
 *   sees without changing the snapshot).
 * - a per-site counter a trigger bumps in the same transaction as the change (sites.users_version,
 *   work_entry_site_totals.version, the sum of the site's rows), read with one short index read or inside the caller's own
 *   statement (then `peek` and `set`);
 * - a shared version written on change (Redis), with `delete` for this process and `maxAgeMs` as the
 *   backstop for a version that failed to be written (effective permissions).
 *
 * Bounded: at most `maxEntries` answers and `maxWeight` units (a string's length or a Buffer's bytes
 * by default, else 1), least recently used out first; an answer heavier than a quarter of the
 * bound is not kept. Requests that miss at the same version share one load (a commit under load at
 * 1,000 req/s would otherwise start as many identical queries as requests arrive while the first
 * runs). A failed load is not kept. Keys must name the site and everything else the answer
 * depends on.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';

/** What an answer was computed from; equal versions mean nothing it depends on changed. */
export type Version = string | number;

export interface ReadCacheOptions<V> {
  maxEntries: number;
  /** Default: unbounded (count the entries only). */
  maxWeight?: number;
  weigh?: (value: V) => number;
  /** A version that only grows in this number (the snapshot's xmax): entries under a lower one are dead. */
  epochOf?: (version: Version) => bigint;
  /** Serve an entry at most this long, whatever its version (a backstop for a shared version). */
  maxAgeMs?: number;
}

interface Entry<V> {
  version: Version;
  value: V;
  weight: number;
  storedAt: number;
}

interface Store<V> {
  epoch: bigint;
  /** In least-recently-used order (a Map iterates in insertion order; a hit re-inserts). */
  entries: Map<string, Entry<V>>;
  weight: number;
  /** Loads running, per key, with the version they load at: the same version waits for one. */
  pending: Map<string, Load<V>>;
}

interface Load<V> {
  version: Version;
  promise: Promise<V>;
  /** `delete` was called while it ran: its answer is not kept. */
  dropped: boolean;
}

/**
 * Every cache's store for a database handle, in one place: two apps in one process (tests) never
 * share answers, and a closed app's stores go with its handle.
 */
const storesOf = new WeakMap<object, Map<ReadCache<unknown>, Store<unknown>>>();

export class ReadCache<V> {
  private readonly options: ReadCacheOptions<V>;
  private readonly weigh: (value: V) => number;

  constructor(options: ReadCacheOptions<V>) {
    this.options = options;
    this.weigh =
      options.weigh ?? ((value) => (typeof value === 'string' || Buffer.isBuffer(value) ? value.length : 1));
  }

  /**
   * The answer kept under `key` at `version`, else `load()`'s (shared with the requests missing at
   * the same version), which is then kept. `version` null: not cached (inside a transaction).
   */
  async get(db: object, key: string, version: Version | null, load: () => Promise<V>): Promise<V> {
    if (version === null) return load();
    const store = this.storeOf(db);
    const epoch = this.advance(store, version);
    const found = this.hit(store, key, version);
    if (found) return found.value;
    const running = store.pending.get(key);
    if (running?.version === version) return running.promise;
    const promise = load();
    const mine: Load<V> = { version, promise, dropped: false };
    store.pending.set(key, mine);
    let value: V;
    try {
      value = await promise;
    } finally {
      if (store.pending.get(key) === mine) store.pending.delete(key);
    }
    // Dropped meanwhile (delete), or a reading older than the newest seen (already dead): not kept.
    if (mine.dropped || epoch < store.epoch) return value;
    this.set(db, key, version, value);
    return value;
  }

  /** The kept answer and its version, whatever the version is now (the caller checks it). */
  peek(db: object, key: string): { version: Version; value: V } | undefined {
    const store = storesOf.get(db)?.get(this as ReadCache<unknown>) as Store<V> | undefined;
    const entry = store?.entries.get(key);
    if (!store || !entry || this.expired(entry)) return undefined;
    return entry;
  }

  /** Keeps an answer read at `version` (a caller that read the version in its own statement). */
  set(db: object, key: string, version: Version, value: V): void {
    const store = this.storeOf(db);
    if (this.advance(store, version) < store.epoch) return;
    const weight = this.weigh(value);
    const { maxEntries, maxWeight = Number.POSITIVE_INFINITY } = this.options;
    if (weight > maxWeight / 4) return;
    const old = store.entries.get(key);
    if (old) this.remove(store, key, old);
    store.entries.set(key, { version, value, weight, storedAt: Date.now() });
    store.weight += weight;
    for (const [oldKey, oldest] of store.entries) {
      if (store.entries.size <= maxEntries && store.weight <= maxWeight) break;
      this.remove(store, oldKey, oldest);
    }
  }

  /** Forgets a key, and any load of it now running (its answer is not kept). */
  delete(db: object, key: string): void {
    const store = storesOf.get(db)?.get(this as ReadCache<unknown>) as Store<V> | undefined;
    if (!store) return;
    const entry = store.entries.get(key);
    if (entry) this.remove(store, key, entry);
    const running = store.pending.get(key);
    if (running) running.dropped = true;
    store.pending.delete(key);
  }

  /** Forgets everything kept for this database. */
  clear(db: object): void {
    storesOf.get(db)?.delete(this as ReadCache<unknown>);
  }

  /** How many answers are kept for this database (tests). */
  size(db: object): number {
    return storesOf.get(db)?.get(this as ReadCache<unknown>)?.entries.size ?? 0;
  }

  private hit(store: Store<V>, key: string, version: Version): Entry<V> | undefined {
    const found = store.entries.get(key);
    if (!found) return undefined;
    this.remove(store, key, found);
    if (found.version !== version || this.expired(found)) return undefined;
    store.entries.set(key, found);
    store.weight += found.weight;
    return found;
  }

  private expired(entry: Entry<V>) {
    const { maxAgeMs } = this.options;
    return maxAgeMs !== undefined && Date.now() - entry.storedAt > maxAgeMs;
  }

  /** The version's epoch; a higher one than any seen drops every entry (all dead). */
  private advance(store: Store<V>, version: Version): bigint {
    if (!this.options.epochOf) return 0n;
    const epoch = this.options.epochOf(version);
    if (epoch > store.epoch) {
      store.entries.clear();
      store.weight = 0;
      store.epoch = epoch;
    }
    return epoch;
  }

  private storeOf(db: object): Store<V> {
    let stores = storesOf.get(db);
    if (!stores) {
      stores = new Map();
      storesOf.set(db, stores);
    }
    let store = stores.get(this as ReadCache<unknown>) as Store<V> | undefined;
    if (!store) {
      store = { epoch: 0n, entries: new Map(), weight: 0, pending: new Map() };
      stores.set(this as ReadCache<unknown>, store as Store<unknown>);
    }
    return store;
  }

  private remove(store: Store<V>, key: string, entry: Entry<V>) {
    store.entries.delete(key);
    store.weight -= entry.weight;
  }
}

/** PGlite and node-postgres's pool both answer `query(text)` with `{ rows }`. */
interface DriverClient {
  query(text: string): Promise<{ rows: { snapshot: string }[] }>;
}

/**
 * The database snapshot as a version (see above); null inside a transaction. Read once per
 * request and shared by its caches.
 */
export async function readSnapshot(db: object): Promise<string | null> {
  if (db instanceof PgTransaction) return null;
  // Straight to the driver: through Drizzle's execute this one statement cost 0.32 ms of CPU on
  // PGlite, directly 0.14 ms, and it runs on every request of a cached list.
  const client = (db as { $client: DriverClient }).$client;
  const result = await client.query('select pg_current_snapshot()::text as snapshot');
  return result.rows[0].snapshot;
}

/** A snapshot's xmax: a commit moves it past every earlier reading's, which are then all dead. */
export const snapshotEpoch = (version: Version) => BigInt(String(version).split(':')[1]);

/** Options of a cache under the database snapshot. */
export const underSnapshot = { epochOf: snapshotEpoch } as const;
