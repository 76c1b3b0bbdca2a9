/**
 * How many CSV exports (live and archive together) may stream at once, per user and per site, in
 * this process. An export holds one database connection while a batch is read and keeps the
 * event loop busy while it is written, so without a bound one manager's ten parallel downloads
 * slowed every other request (GET /users p50 5 → 526 ms). A request over a bound is refused at
 * once (429 EXPORT_BUSY) rather than queued: the client retries after Retry-After. With several
 * instances each counts its own; the site bound then multiplies by the number of instances.
 *
 * The exports admitted then take turns at the database: at most `readers` of their batch queries
 * run at once in this process (first come, first served). A batch query is the costly part (the
 * database writes a few thousand CSV lines), and five of them at once took every core of a small
 * server from everyone else; in turns, the exports share what one reader gets and the other
 * requests keep theirs.
 */
export interface ExportSlots {
  /** A release function when a slot is free for this user and site (call it once the export ends), else null. */
  acquire(siteId: string, userId: number): (() => void) | null;
  /** Runs one batch query of an export in its turn. */
  turn<T>(read: () => Promise<T>): Promise<T>;
  readonly perUser: number;
  readonly perSite: number;
}

export function createExportSlots(perUser: number, perSite: number, readers = 1): ExportSlots {
  let reading = 0;
  const waiting: (() => void)[] = [];
  const byUser = new Map<string, number>();
  const bySite = new Map<string, number>();
  const change = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };
  return {
    perUser,
    perSite,
    async turn(read) {
      if (reading >= readers) await new Promise<void>((resolve) => waiting.push(resolve));
      else reading++;
      try {
        return await read();
      } finally {
        // The turn passes straight to the next in line (reading stays counted), or is given back.
        const next = waiting.shift();
        if (next) next();
        else reading--;
      }
    },
    acquire(siteId, userId) {
      const user = `${siteId}\u0000${userId}`;
      if ((byUser.get(user) ?? 0) >= perUser || (bySite.get(siteId) ?? 0) >= perSite) return null;
      change(byUser, user, 1);
      change(bySite, siteId, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        change(byUser, user, -1);
        change(bySite, siteId, -1);
      };
    },
  };
}
