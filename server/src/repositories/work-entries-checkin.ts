/** The reads a check-in makes before it starts an entry: the position, the task, its assignment there. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positionTaskAssignments as a, positions, tasks } from '../db/schema/index.ts';

const positionColumns = {
  id: positions.id,
  positionName: positions.positionName,
  nfcTagId: positions.nfcTagId,
  latitude: positions.latitude,
  longitude: positions.longitude,
  isActive: positions.isActive,
};

export type CheckInPosition = Awaited<ReturnType<typeof positionById>>;

export async function positionById(db: Db, siteId: string, id: number) {
  const [row] = await db
    .select(positionColumns)
    .from(positions)
    .where(and(eq(positions.siteId, siteId), eq(positions.id, id)))
    .limit(1);
  return row;
}

/** The site's position with this NFC tag (tags are unique per site). */
export async function positionByTag(db: Db, siteId: string, tag: string) {
  const [row] = await db
    .select(positionColumns)
    .from(positions)
    .where(and(eq(positions.siteId, siteId), eq(positions.nfcTagId, tag)))
    .limit(1);
  return row;
}

export async function taskById(db: Db, siteId: string, id: number) {
  const [row] = await db
    .select({ id: tasks.id, taskCode: tasks.taskCode, taskName: tasks.taskName, isActive: tasks.isActive })
    .from(tasks)
    .where(and(eq(tasks.siteId, siteId), eq(tasks.id, id)))
    .limit(1);
  return row;
}

/** Is the task assigned to the position, and the assignment active? */
export async function isAssigned(db: Db, siteId: string, positionId: number, taskId: number) {
  const [row] = await db
    .select({ active: a.isActive })
    .from(a)
    .where(and(eq(a.siteId, siteId), eq(a.positionId, positionId), eq(a.taskId, taskId)))
    .limit(1);
  return row?.active === true;
}
