/**
 * The field app's reads, always within one site: a position by tag or id, the positions a user's
 * groups may work in, the tasks assigned at positions, and the entries a worker's screen shows
 * (open ones, and those finished today in the site's time zone).
 */
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
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

const OPEN = ['in_progress', 'paused'];

/** Entries open at the positions, or completed there since `since`, newest change first. */
export function openOrDoneEntries(db: Db, siteId: string, positionIds: number[], since: SQL) {
  return db
    .select({
      id: w.id,
      positionId: w.positionId,
      taskId: w.taskId,
      status: w.status,
      userId: w.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: w.createdAt,
      updatedAt: w.updatedAt,
    })
    .from(w)
    .innerJoin(users, eq(users.id, w.userId))
    .where(
      and(
        eq(w.siteId, siteId),
        inArray(w.positionId, positionIds),
        or(inArray(w.status, OPEN), and(eq(w.status, 'completed'), sql`${w.completedAt} >= ${since}`)),
      ),
    )
    .orderBy(desc(w.updatedAt), desc(w.id));
}

/** The user's open entries and those they closed since `since`, newest first; at most `limit`. */
export function myWork(db: Db, siteId: string, userId: number, since: SQL, limit: number) {
  return db
    .select({
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
    })
    .from(w)
    .innerJoin(p, eq(p.id, w.positionId))
    .where(
      and(
        eq(w.siteId, siteId),
        eq(w.userId, userId),
        or(inArray(w.status, OPEN), sql`coalesce(${w.completedAt}, ${w.updatedAt}) >= ${since}`),
      ),
    )
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(limit);
}
