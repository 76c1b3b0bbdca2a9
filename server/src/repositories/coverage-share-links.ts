/**
 * Share links to the coverage report and their recorded views. The console's reads
 * and writes are site-scoped; the public page finds a link by the hash of its secret alone (the
 * secret is the whole of a guest's access), then reads within the link's own site.
 */
import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  coverageShareLinks as l,
  positionGroups,
  users,
  coverageShareViews as v,
} from '../db/schema/index.ts';
import { siteCondition } from './site-scoped.ts';

export type ShareLinkRow = typeof l.$inferSelect;
const siteWhere = siteCondition(l);

const listColumns = {
  row: l,
  groupName: positionGroups.groupName,
  createdByName: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${l.createdBy})`,
  viewCount: sql<number>`(select count(*)::int from ${v} where ${v.linkId} = ${l.id})`,
  lastViewedAt: sql<string | null>`(select max(${v.viewedAt})::text from ${v} where ${v.linkId} = ${l.id})`,
};

export type ListedShareLink = {
  row: ShareLinkRow;
  groupName: string | null;
  createdByName: string | null;
  viewCount: number;
  lastViewedAt: Date | null;
};

const listed = (
  r: Omit<ListedShareLink, 'lastViewedAt'> & { lastViewedAt: string | null },
): ListedShareLink => ({
  ...r,
  lastViewedAt: r.lastViewedAt === null ? null : new Date(r.lastViewedAt),
});

/** The site's links, newest first (a site makes few; the list is bounded by `limit`). */
export async function listShareLinks(db: Db, siteId: string, limit: number): Promise<ListedShareLink[]> {
  const rows = await db
    .select(listColumns)
    .from(l)
    .leftJoin(positionGroups, eq(positionGroups.id, l.positionGroupId))
    .where(siteWhere(siteId))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(limit);
  return rows.map(listed);
}

export async function findShareLink(
  db: Db,
  siteId: string,
  id: number,
): Promise<ListedShareLink | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(l)
    .leftJoin(positionGroups, eq(positionGroups.id, l.positionGroupId))
    .where(siteWhere(siteId, eq(l.id, id)));
  return row && listed(row);
}

export async function insertShareLink(db: Db, values: typeof l.$inferInsert): Promise<number> {
  const [row] = await db.insert(l).values(values).returning({ id: l.id });
  return row.id;
}

/** Revokes a link not yet revoked; false when it is (or is not the site's). */
export async function revokeShareLink(db: Db, siteId: string, id: number, by: number): Promise<boolean> {
  const rows = await db
    .update(l)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(siteWhere(siteId, eq(l.id, id), isNull(l.revokedAt)))
    .returning({ id: l.id });
  return rows.length > 0;
}

/** A link by its secret's hash, whichever site it is of, with its group's name. */
export async function shareLinkByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ row: l, groupName: positionGroups.groupName })
    .from(l)
    .leftJoin(positionGroups, eq(positionGroups.id, l.positionGroupId))
    .where(eq(l.tokenHash, tokenHash));
  return row;
}

export async function recordView(db: Db, link: ShareLinkRow, userAgent: string | null): Promise<void> {
  await db.insert(v).values({ siteId: link.siteId, linkId: link.id, userAgent });
}
