/** Visit schedules: their targets, rules and tasks. Every query takes the site id. */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ScheduleRule } from '#domain/coverage.ts';
import type { Db } from '../db/client.ts';
import {
  positionGroupPositions,
  positionGroups,
  positions,
  tasks,
  visitSchedules as v,
} from '../db/schema/index.ts';
import { rowMapper } from '../lib/api-row.ts';
import { VisitSchedule } from '../schemas/visit-schedule.ts';
import { siteScoped } from './site-scoped.ts';

export type ApiVisitSchedule = Static<typeof VisitSchedule>;
export type ScheduleRow = typeof v.$inferSelect;

export const scheduleRows = siteScoped(v);

const toApi = rowMapper(VisitSchedule);

async function select(db: Db, where: SQL): Promise<ApiVisitSchedule[]> {
  const rows = await db
    .select({
      row: v,
      targetCode: sql<string>`coalesce(${positions.positionCode}, ${positionGroups.groupCode}, '')`,
      targetName: sql<string>`coalesce(${positions.positionName}, ${positionGroups.groupName}, '')`,
    })
    .from(v)
    .leftJoin(positions, eq(positions.id, v.positionId))
    .leftJoin(positionGroups, eq(positionGroups.id, v.positionGroupId))
    .where(where)
    .orderBy(asc(v.scheduleName), asc(v.id));
  return rows.map(({ row, targetCode, targetName }) =>
    toApi({
      ...row,
      frequencyKind: row.frequencyKind as ApiVisitSchedule['frequency_kind'],
      targetCode,
      targetName,
    }),
  );
}

/** The site's schedules; given a position, also those of the groups it belongs to. */
export function listSchedules(
  db: Db,
  siteId: string,
  filter: { positionId?: number; positionGroupId?: number },
): Promise<ApiVisitSchedule[]> {
  const conditions: SQL[] = [];
  if (filter.positionId !== undefined) {
    conditions.push(
      sql`(${v.positionId} = ${filter.positionId} or ${v.positionGroupId} in (select ${positionGroupPositions.groupId} from ${positionGroupPositions} where ${positionGroupPositions.positionId} = ${filter.positionId} and ${positionGroupPositions.siteId} = ${siteId}))`,
    );
  }
  if (filter.positionGroupId !== undefined) conditions.push(eq(v.positionGroupId, filter.positionGroupId));
  return select(db, scheduleRows.where(siteId, ...conditions));
}

export async function findSchedule(
  db: Db,
  siteId: string,
  id: number,
): Promise<ApiVisitSchedule | undefined> {
  const [row] = await select(db, scheduleRows.where(siteId, eq(v.id, id)));
  return row;
}

export async function positionExists(db: Db, siteId: string, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.siteId, siteId), eq(positions.id, id)));
  return rows.length > 0;
}

export async function groupExists(db: Db, siteId: string, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: positionGroups.id })
    .from(positionGroups)
    .where(and(eq(positionGroups.siteId, siteId), eq(positionGroups.id, id)));
  return rows.length > 0;
}

/** Which of the ids are tasks of the site. */
export async function siteTaskIds(db: Db, siteId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.siteId, siteId), inArray(tasks.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Active schedules of a site with the active positions each covers (a group's members). */
export async function activeSchedulesWithPositions(
  db: Db,
  siteId: string,
): Promise<{ schedule: ScheduleRow; positionIds: number[] }[]> {
  const schedules = await db
    .select()
    .from(v)
    .where(scheduleRows.where(siteId, eq(v.isActive, true)))
    .orderBy(asc(v.id));
  if (schedules.length === 0) return [];
  const members = await db
    .select({ groupId: positionGroupPositions.groupId, positionId: positionGroupPositions.positionId })
    .from(positionGroupPositions)
    .innerJoin(positions, eq(positions.id, positionGroupPositions.positionId))
    .where(and(eq(positionGroupPositions.siteId, siteId), eq(positions.isActive, true)));
  const active = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.siteId, siteId), eq(positions.isActive, true)));
  const activeIds = new Set(active.map((p) => p.id));
  return schedules.map((schedule) => ({
    schedule,
    positionIds:
      schedule.positionId !== null
        ? activeIds.has(schedule.positionId)
          ? [schedule.positionId]
          : []
        : members.filter((m) => m.groupId === schedule.positionGroupId).map((m) => m.positionId),
  }));
}

/** Sites that have an active schedule (the close job walks these). */
export async function schedulingSites(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ siteId: v.siteId }).from(v).where(eq(v.isActive, true));
  return rows.map((r) => r.siteId).sort();
}

/** A schedule's rule as the windows are made and judged by it (domain/coverage.ts). */
export const ruleOf = (s: ScheduleRow): ScheduleRule => ({
  days: s.days,
  window_start: s.windowStart,
  window_end: s.windowEnd,
  frequency_kind: s.frequencyKind as ScheduleRule['frequency_kind'],
  frequency_value: s.frequencyValue,
  due_time: s.dueTime,
  tolerance_minutes: s.toleranceMinutes,
  task_ids: s.taskIds,
});
