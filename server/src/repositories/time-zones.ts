/**
 * The time zones a site may use: every zone the database knows (pg_timezone_names, which PostgreSQL
 * and PGlite keep more current than the runtime's list: Europe/Kyiv, Pacific/Kanton) that this
 * process can format dates in too, since the dashboard counts local days with Intl. What that
 * leaves out is PostgreSQL's own extras: the posix/ copies, Factory, localtime, posixrules.
 * Read once per database and process (the list changes only with a PostgreSQL upgrade, i.e. a restart).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ReadCache } from '../lib/read-cache.ts';

/** One list per database (lib/read-cache.ts); its version is the server's run: it never moves. */
const known = new ReadCache<readonly string[]>({ maxEntries: 1 });

function formattable(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function load(db: Db): Promise<readonly string[]> {
  const result = await db.execute(sql`select name from pg_timezone_names order by name`);
  const names = (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const usable = names.filter((zone) => zone !== 'UTC' && formattable(zone));
  return ['UTC', ...usable];
}

/** UTC first, then the others by name. */
export function siteTimeZones(db: Db): Promise<readonly string[]> {
  // Concurrent first reads share one; a failed read (the database was away) is read again next time.
  return known.get(db, 'zones', 'this run', () => load(db));
}

export async function isSiteTimeZone(db: Db, zone: string): Promise<boolean> {
  return (await siteTimeZones(db)).includes(zone);
}
