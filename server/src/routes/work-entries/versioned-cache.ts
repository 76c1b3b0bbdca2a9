/**
 * Results computed from a site's work entries (the dashboard's recent five and chart, the list's
 * capped counts), remembered per database with the site's entry version they were computed at:
 * work_entry_site_totals.version, which the counting triggers bump in the same transaction as
 * every statement that inserts, updates or deletes entries of the site, whichever process runs
 * it (migration 0009). A result is served only while a version read afresh equals its own, so it
 * is never stale after a commit. The caller reads the version first (or in the same statement)
 * and computes after it, so a result is never older than the version it is stored with.
 *
 * Measured with bench/work-entries-plans.ts (README, "Work entries at a million rows").
 */
export class VersionedCache<V> {
  private readonly byDb = new WeakMap<object, Map<string, { version: number; value: V }>>();
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get(db: object, key: string, version: number): V | undefined {
    const entry = this.byDb.get(db)?.get(key);
    return entry && entry.version === version ? entry.value : undefined;
  }

  /** The remembered result and its version, whatever the version is now (the caller checks it). */
  peek(db: object, key: string): { version: number; value: V } | undefined {
    return this.byDb.get(db)?.get(key);
  }

  set(db: object, key: string, version: number, value: V): void {
    let entries = this.byDb.get(db);
    if (!entries) {
      entries = new Map();
      this.byDb.set(db, entries);
    }
    entries.delete(key);
    // Oldest first out: a Map iterates in insertion order.
    if (entries.size >= this.max) entries.delete(entries.keys().next().value as string);
    entries.set(key, { version, value });
  }
}
