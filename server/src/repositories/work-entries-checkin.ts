/**
 * The reads a check-in makes before it starts an entry, in one round trip: the site's NFC
 * validation setting, the position (by id or tag), the task, its assignment there, whether a hard
 * dependency of the task is unfinished at the position, and the worker's name for the answer.
 * At 200 check-ins a second each round trip is CPU on both ends (bench/check-in.ts), so they are
 * one query instead of six.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { HARD_DEPENDENCY_TYPES } from '#domain/dependencies.ts';
import { withDefaults } from '#domain/site-settings.ts';
import type { Db } from '../db/client.ts';
import {
  positionTaskAssignments as a,
  taskDependencies as d,
  positions,
  siteSettings,
  tasks,
  users,
  workEntries as w,
} from '../db/schema/index.ts';
import type { ClaimQuery } from './idempotency-keys.ts';

export type PositionKey = { id: number } | { tag: string };

export interface CheckInFacts {
  enableNfcTagValidation: boolean;
  position: {
    id: number;
    positionName: string;
    nfcTagId: string | null;
    latitude: number | null;
    longitude: number | null;
    isActive: boolean;
  };
  /** Undefined when the site has no such task. */
  task: { id: number; taskCode: string; taskName: string; isActive: boolean } | undefined;
  /** The task's assignment at the position exists and is active. */
  assigned: boolean;
  /** A requires/blocks dependency of the task has no completed entry at the position. */
  blocked: boolean;
  worker: { firstName: string; lastName: string };
}

/** Undefined when the site has no such position (the check-in names that first). */
export async function checkInFacts(
  db: Db,
  siteId: string,
  where: PositionKey,
  taskId: number,
  userId: number,
): Promise<CheckInFacts | undefined> {
  return (await readFacts(db, siteId, where, taskId, userId)).facts;
}

/**
 * The facts, read in the same statement as an Idempotency-Key's claim (a query of
 * repositories/idempotency-keys.ts claimQuery, run as a CTE: it runs whether or not a position is
 * found). `claimed` says whether the claim took the key; undefined when no position was found.
 */
export async function claimWithFacts(
  db: Db,
  claim: ClaimQuery,
  siteId: string,
  where: PositionKey,
  taskId: number,
  userId: number,
): Promise<{ claimed: boolean | undefined; value: CheckInFacts | undefined }> {
  const { facts, claimed } = await readFacts(db, siteId, where, taskId, userId, claim);
  return { claimed: facts ? claimed : undefined, value: facts };
}

async function readFacts(
  db: Db,
  siteId: string,
  where: PositionKey,
  taskId: number,
  userId: number,
  claim?: ClaimQuery,
): Promise<{ facts: CheckInFacts | undefined; claimed: boolean }> {
  const which: SQL = 'id' in where ? eq(positions.id, where.id) : eq(positions.nfcTagId, where.tag);
  const hard = `{${HARD_DEPENDENCY_TYPES.join(',')}}`;
  const claimed = claim ? db.$with('claim').as(claim) : undefined;
  const [row] = await (claimed ? db.with(claimed) : db)
    .select({
      claimed: claimed ? sql<number>`(select count(*) from ${claimed})::int` : sql<number>`0`,
      settings: sql<Record<
        string,
        unknown
      > | null>`(select ${siteSettings.settings} from ${siteSettings} where ${siteSettings.siteId} = ${siteId})`,
      id: positions.id,
      positionName: positions.positionName,
      nfcTagId: positions.nfcTagId,
      latitude: positions.latitude,
      longitude: positions.longitude,
      isActive: positions.isActive,
      taskId: tasks.id,
      taskCode: tasks.taskCode,
      taskName: tasks.taskName,
      taskActive: tasks.isActive,
      assigned: a.isActive,
      blocked: sql<boolean>`exists (select 1 from ${d} where ${d.siteId} = ${siteId}
        and ${d.positionId} = ${positions.id} and ${d.taskId} = ${tasks.id}
        and ${d.dependencyType} = any(${hard}::text[])
        and not exists (select 1 from ${w} where ${w.siteId} = ${siteId} and ${w.positionId} = ${positions.id}
          and ${w.taskId} = ${d.dependsOnTaskId} and ${w.status} = 'completed'))`,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(positions)
    .leftJoin(tasks, and(eq(tasks.siteId, siteId), eq(tasks.id, taskId)))
    .leftJoin(a, and(eq(a.siteId, siteId), eq(a.positionId, positions.id), eq(a.taskId, tasks.id)))
    .leftJoin(users, eq(users.id, userId))
    .where(and(eq(positions.siteId, siteId), which))
    .limit(1);
  if (!row) return { facts: undefined, claimed: false };
  return { facts: factsOf(row), claimed: row.claimed > 0 };
}

function factsOf(row: {
  settings: Record<string, unknown> | null;
  id: number;
  positionName: string;
  nfcTagId: string | null;
  latitude: number | null;
  longitude: number | null;
  isActive: boolean;
  taskId: number | null;
  taskCode: string | null;
  taskName: string | null;
  taskActive: boolean | null;
  assigned: boolean | null;
  blocked: boolean;
  firstName: string | null;
  lastName: string | null;
}): CheckInFacts {
  return {
    enableNfcTagValidation: withDefaults(row.settings ?? {}).enableNfcTagValidation,
    position: {
      id: row.id,
      positionName: row.positionName,
      nfcTagId: row.nfcTagId,
      latitude: row.latitude,
      longitude: row.longitude,
      isActive: row.isActive,
    },
    task:
      row.taskId === null
        ? undefined
        : {
            id: row.taskId,
            taskCode: row.taskCode as string,
            taskName: row.taskName as string,
            isActive: row.taskActive === true,
          },
    assigned: row.assigned === true,
    blocked: row.blocked === true,
    worker: { firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
  };
}
