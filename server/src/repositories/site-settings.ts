/**
 * Site settings and the site row, always for one site id. The settings row's version is its
 * PostgreSQL row version (xmin, as text): every committed change of the row changes it, so a save
 * can be a compare-and-set (`WHERE xmin = <version read>`) without a column of its own. A site
 * with no settings row yet has version '0', and its first save is an insert that only one of two
 * concurrent saves can win.
 */
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { type SiteSettings, withDefaults } from '#domain/site-settings.ts';
import type { Db } from '../db/client.ts';
import { siteSettings, sites, users } from '../db/schema/index.ts';

export const NO_ROW_VERSION = '0';

const rowVersion = sql<string>`${siteSettings}.xmin::text`;
const versionMatches = (version: string): SQL => sql`${siteSettings}.xmin::text = ${version}`;

export interface StoredSettings {
  settings: SiteSettings;
  version: string;
  updatedAt: Date | null;
}

export type SiteRow = typeof sites.$inferSelect;

export async function findSite(db: Db, siteId: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  return row;
}

/** The site's settings over the defaults (the site's own name standing in for a missing siteName). */
export async function readSiteSettings(db: Db, siteId: string): Promise<StoredSettings | undefined> {
  const [row] = await db
    .select({
      siteName: sites.name,
      settings: siteSettings.settings,
      version: rowVersion,
      updatedAt: siteSettings.updatedAt,
    })
    .from(sites)
    .leftJoin(siteSettings, eq(siteSettings.siteId, sites.id))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) return undefined;
  return {
    settings: withDefaults({ siteName: row.siteName, ...(row.settings ?? {}) }),
    version: row.version ?? NO_ROW_VERSION,
    updatedAt: row.updatedAt,
  };
}

/**
 * The effective settings of a site, for rules elsewhere (user limit, NFC validation, upload size):
 * the defaults when the site has none stored.
 */
export async function getSiteSettings(db: Db, siteId: string): Promise<SiteSettings> {
  return (await readSiteSettings(db, siteId))?.settings ?? withDefaults({});
}

/**
 * Saves the whole settings object if the row is still at `version`, and keeps sites.name (the top
 * bar's site chip) equal to siteName, in one transaction. Undefined when the version is stale.
 */
export async function saveSiteSettings(
  db: Db,
  siteId: string,
  version: string,
  settings: SiteSettings,
  updatedBy: number,
): Promise<{ version: string; updatedAt: Date } | undefined> {
  return db.transaction(async (tx) => {
    const returning = { version: rowVersion, updatedAt: siteSettings.updatedAt };
    const values = { settings: { ...settings }, updatedBy, updatedAt: new Date() };
    const [saved] =
      version === NO_ROW_VERSION
        ? await tx
            .insert(siteSettings)
            .values({ siteId, ...values })
            .onConflictDoNothing()
            .returning(returning)
        : await tx
            .update(siteSettings)
            .set(values)
            .where(and(eq(siteSettings.siteId, siteId), versionMatches(version)))
            .returning(returning);
    if (!saved) return undefined;
    await tx.update(sites).set({ name: settings.siteName }).where(eq(sites.id, siteId));
    return saved;
  });
}

/**
 * Locks the site's row until the transaction ends: writers that check a per-site limit before
 * adding (users under maxUsersPerSite) take it first, so concurrent ones queue instead of all
 * seeing room for one more.
 */
export async function lockSite(tx: Db, siteId: string): Promise<void> {
  await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('update');
}

/** Active accounts of the site: what maxUsersPerSite limits. */
export async function countActiveUsers(db: Db, siteId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.isActive, true)));
  return row?.n ?? 0;
}
