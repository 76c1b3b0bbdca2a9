/**
 * The field app's reads, always within one site: a position by tag or id, the positions a user's
 * groups may work in, the tasks assigned at positions, and the entries a worker's screen shows
 * (open ones, and those finished today in the site's time zone).
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  positionGroupPositions,
  positionGroups,
  positions,
  positionTaskAssignments,
  tasks,
  userGroupMembers,
  userGroupPositionAccess,
  userGroups,
  users,
  workEntries,
  workEntryPhotos,
} from '../db/schema/index.ts';

const p = positions;
const w = workEntries;

const positionColumns = {
  id: p.id,
  positionCode: p.positionCode,
  positionName: p.positionName,
  locationDetails: p.locationDetails,
  nfcTagId: p.nfcTagId,
  latitude: p.latitude,
  longitude: p.longitude,
  isActive: p.isActive,
};

export type FieldPositionRow = Awaited<ReturnType<typeof positionBy>>[number];

/** The site's position with this NFC tag (unique per site) or id. */
export function positionBy(db: Db, siteId: string, by: { tag: string } | { id: number }) {
  return db
    .select(positionColumns)
    .from(p)
    .where(and(eq(p.siteId, siteId), 'tag' in by ? eq(p.nfcTagId, by.tag) : eq(p.id, by.id)))
    .limit(1);
}

/**
 * The active positions of the active position groups that the user's active user groups were
 * granted (position access), by code; at most `limit`.
 */
export function positionsOpenTo(db: Db, siteId: string, userId: number, limit: number) {
  const granted = db
    .select({ id: positionGroupPositions.positionId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .innerJoin(userGroupPositionAccess, eq(userGroupPositionAccess.userGroupId, userGroupMembers.groupId))
    .innerJoin(positionGroups, eq(positionGroups.id, userGroupPositionAccess.positionGroupId))
    .innerJoin(positionGroupPositions, eq(positionGroupPositions.groupId, positionGroups.id))
    .where(
      and(
        eq(userGroupMembers.siteId, siteId),
        eq(userGroupMembers.userId, userId),
        eq(userGroups.isActive, true),
        eq(positionGroups.isActive, true),
      ),
    );
  return db
    .select(positionColumns)
    .from(p)
    .where(and(eq(p.siteId, siteId), eq(p.isActive, true), inArray(p.id, granted)))
    .orderBy(asc(p.positionCode), asc(p.id))
    .limit(limit);
}

/** The active tasks actively assigned at the positions (what a worker may check in to there). */
export function assignedTasks(db: Db, siteId: string, positionIds: number[]) {
  const a = positionTaskAssignments;
  return db
    .select({
      positionId: a.positionId,
      taskId: tasks.id,
      taskCode: tasks.taskCode,
      taskName: tasks.taskName,
      description: tasks.description,
      isPrimary: a.isPrimary,
    })
    .from(a)
    .innerJoin(tasks, eq(tasks.id, a.taskId))
    .where(
      and(
        eq(a.siteId, siteId),
        inArray(a.positionId, positionIds),
        eq(a.isActive, true),
        eq(tasks.isActive, true),
      ),
    );
}

/** The instant the site's day began, in its time zone (a zone name from the site settings). */
export const dayStartIn = (timeZone: string): SQL =>
  sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;

/** The open statuses, as written in the partial indexes' predicate (migration 0013). */
const open = sql`${w.status} in ('in_progress', 'paused')`;

const entryAtColumns = {
  id: w.id,
  positionId: w.positionId,
  taskId: w.taskId,
  status: w.status,
  userId: w.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
};

export type EntryAtRow = Awaited<ReturnType<typeof openEntriesAt>>[number];

/** The entries open at the positions (work_entries_open_position_idx). */
export function openEntriesAt(db: Db, siteId: string, positionIds: number[]) {
  return db
    .select(entryAtColumns)
    .from(w)
    .innerJoin(users, eq(users.id, w.userId))
    .where(and(eq(w.siteId, siteId), inArray(w.positionId, positionIds), open));
}

/** The tasks' entries completed at the positions since `since` (work_entries_completed_task_idx). */
export function completedSinceAt(
  db: Db,
  siteId: string,
  positionIds: number[],
  taskIds: number[],
  since: SQL,
) {
  return db
    .select(entryAtColumns)
    .from(w)
    .innerJoin(users, eq(users.id, w.userId))
    .where(
      and(
        eq(w.siteId, siteId),
        inArray(w.positionId, positionIds),
        sql`${w.status} = 'completed'`,
        inArray(w.taskId, taskIds),
        sql`${w.completedAt} >= ${since}`,
      ),
    );
}

const myEntryColumns = {
  id: w.id,
  status: w.status,
  taskId: w.taskId,
  taskName: w.taskName,
  positionId: w.positionId,
  positionName: w.positionName,
  nfcTagId: p.nfcTagId,
  notes: w.notes,
  createdAt: w.createdAt,
  updatedAt: w.updatedAt,
  completedAt: w.completedAt,
  photoCount: sql<number>`(select count(*)::int from ${workEntryPhotos}
    where ${workEntryPhotos.workEntryId} = ${w.id})`.mapWith(Number),
};

/**
 * The user's open entries (work_entries_open_user_idx) and those they closed since `since` (every
 * closing status stamps completed_at: work_entries_site_completed_idx), newest first; at most
 * `limit` of each.
 */
export async function myWork(db: Db, siteId: string, userId: number, since: SQL, limit: number) {
  const mine = (condition: SQL) =>
    db
      .select(myEntryColumns)
      .from(w)
      .innerJoin(p, eq(p.id, w.positionId))
      .where(and(eq(w.siteId, siteId), eq(w.userId, userId), condition))
      .orderBy(desc(w.createdAt), desc(w.id))
      .limit(limit);
  const ended = sql`coalesce(${w.completedAt}, 'infinity'::timestamptz)`;
  const openRows = await mine(open);
  const closedRows = await mine(sql`${ended} >= ${since} and ${ended} < 'infinity'::timestamptz`);
  return [...openRows, ...closedRows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, limit);
}
