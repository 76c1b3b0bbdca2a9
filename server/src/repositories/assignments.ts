/**
 * Position-task assignments with their position's and task's code and name, always within one
 * site; rows leave as the API's PositionTaskAssignment.
 */
import type { Static } from '@sinclair/typebox';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positions, positionTaskAssignments, taskDependencies, tasks } from '../db/schema/index.ts';
import type { Assignment, AssignmentListOptions } from '../schemas/assignment.ts';
import { onPosition, onTask, positionTaskColumns, positionTaskFields } from './position-task-names.ts';
import { siteCondition } from './site-scoped.ts';

export type ApiAssignment = Static<typeof Assignment>;

const a = positionTaskAssignments;
const p = positions;
const t = tasks;

const siteWhere = siteCondition(a);

const columns = {
  ...positionTaskColumns(a),
  isPrimary: a.isPrimary,
  isActive: a.isActive,
  assignedAt: a.assignedAt,
  updatedAt: a.updatedAt,
};

function joined(db: Db) {
  return db.select(columns).from(a).innerJoin(p, onPosition(a)).innerJoin(t, onTask(a));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

function toApi(r: JoinedRow): ApiAssignment {
  return {
    ...positionTaskFields(r),
    is_primary: r.isPrimary,
    is_active: r.isActive,
    assigned_at: r.assignedAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const SORT_COLUMNS = {
  position_code: p.positionCode,
  position_name: p.positionName,
  task_code: t.taskCode,
  task_name: t.taskName,
  assigned_at: a.assignedAt,
} as const;

/** One page of the matching assignments and how many match in all (counted in the same query). */
export async function listAssignments(
  db: Db,
  siteId: string,
  o: AssignmentListOptions,
): Promise<{ rows: ApiAssignment[]; total: number }> {
  const direction = o.order === 'desc' ? desc : asc;
  const where = siteWhere(
    siteId,
    o.position_id === undefined ? undefined : eq(a.positionId, o.position_id),
    o.task_id === undefined ? undefined : eq(a.taskId, o.task_id),
  );
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(a)
    .innerJoin(p, onPosition(a))
    .innerJoin(t, onTask(a))
    .where(where)
    .orderBy(
      direction(SORT_COLUMNS[o.sort ?? 'position_code']),
      direction(t.taskCode),
      direction(a.positionId),
      direction(a.taskId),
    )
    .limit(o.limit ?? 50)
    .offset(o.offset ?? 0);
  if (rows.length > 0 || (o.offset ?? 0) === 0) return { rows: rows.map(toApi), total: rows[0]?.total ?? 0 };
  // A page past the end: the window count came back with no row to carry it.
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(a)
    .where(where);
  return { rows: [], total: count?.n ?? 0 };
}

/** Every assignment of a position (by task code) or of a task (by position code). */
export async function assignmentsOf(
  db: Db,
  siteId: string,
  by: { positionId: number } | { taskId: number },
): Promise<ApiAssignment[]> {
  const rows =
    'positionId' in by
      ? await joined(db)
          .where(siteWhere(siteId, eq(a.positionId, by.positionId)))
          .orderBy(asc(t.taskCode))
      : await joined(db)
          .where(siteWhere(siteId, eq(a.taskId, by.taskId)))
          .orderBy(asc(p.positionCode));
  return rows.map(toApi);
}

export async function findAssignment(
  db: Db,
  siteId: string,
  positionId: number,
  taskId: number,
): Promise<ApiAssignment | undefined> {
  const [row] = await joined(db).where(siteWhere(siteId, eq(a.positionId, positionId), eq(a.taskId, taskId)));
  return row ? toApi(row) : undefined;
}

/** Locks an assignment's row for the transaction and answers its updated_at (an edit's version). */
export async function lockAssignmentVersion(
  db: Db,
  siteId: string,
  positionId: number,
  taskId: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ updatedAt: a.updatedAt })
    .from(a)
    .where(siteWhere(siteId, eq(a.positionId, positionId), eq(a.taskId, taskId)))
    .for('update');
  return row?.updatedAt;
}

export async function insertAssignment(
  db: Db,
  siteId: string,
  values: { positionId: number; taskId: number; isPrimary: boolean; assignedBy: number },
): Promise<void> {
  await db.insert(a).values({ ...values, siteId });
}

export async function setPrimary(
  db: Db,
  siteId: string,
  positionId: number,
  taskId: number,
  isPrimary: boolean,
): Promise<boolean> {
  const rows = await db
    .update(a)
    .set({ isPrimary })
    .where(siteWhere(siteId, eq(a.positionId, positionId), eq(a.taskId, taskId)))
    .returning({ taskId: a.taskId });
  return rows.length > 0;
}

/**
 * Removes an assignment and the task's dependencies at that position (either side), which name a
 * task no longer assigned there. Answers how many dependencies went, or undefined if none existed.
 */
export async function removeAssignment(
  db: Db,
  siteId: string,
  positionId: number,
  taskId: number,
): Promise<number | undefined> {
  const rows = await db
    .delete(a)
    .where(siteWhere(siteId, eq(a.positionId, positionId), eq(a.taskId, taskId)))
    .returning({ taskId: a.taskId });
  if (rows.length === 0) return undefined;
  const d = taskDependencies;
  const removed = await db
    .delete(d)
    .where(
      and(
        eq(d.siteId, siteId),
        eq(d.positionId, positionId),
        or(eq(d.taskId, taskId), eq(d.dependsOnTaskId, taskId)),
      ),
    )
    .returning({ id: d.id });
  return removed.length;
}

/**
 * A list of ids as one array parameter (`{1,2,3}`), for `= any(…::int[])` and `unnest`: one bound
 * value however many ids, where PGlite spends most of a big statement binding and decoding.
 * The values are integers the schema checked, sent as a parameter, never as SQL text.
 */
export const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** Id and active flag of the site's tasks among `ids` (unknown or other-site ids are left out). */
export function taskStates(db: Db, siteId: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: t.id, isActive: t.isActive })
    .from(t)
    .where(and(eq(t.siteId, siteId), sql`${t.id} = any(${intArray(ids)}::int[])`));
}

/** Id and active flag of the site's positions among `ids`. */
export function positionStates(db: Db, siteId: string, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: p.id, isActive: p.isActive })
    .from(p)
    .where(and(eq(p.siteId, siteId), sql`${p.id} = any(${intArray(ids)}::int[])`));
}

export interface NewPair {
  positionId: number;
  taskId: number;
  isPrimary: boolean;
}

/**
 * Inserts the pairs in one statement, skipping those that exist (the primary key decides, also
 * against a concurrent call), and answers the pairs really inserted. The pairs travel as three
 * array parameters and the inserted ones come back as one packed text: 10,000 pairs bound and
 * returned row by row cost PGlite seconds (measured in bench/assignments.ts).
 */
export async function insertPairsSkippingExisting(
  db: Db,
  siteId: string,
  pairs: NewPair[],
  assignedBy: number,
): Promise<{ positionId: number; taskId: number }[]> {
  if (pairs.length === 0) return [];
  const primary = `{${pairs.map((x) => (x.isPrimary ? 't' : 'f')).join(',')}}`;
  const result = await db.execute<{ packed: string }>(sql`
    with inserted as (
      insert into position_task_assignments (site_id, position_id, task_id, is_primary, assigned_by)
      select ${siteId}, x.position_id, x.task_id, x.is_primary, ${assignedBy}::int
      from unnest(
        ${intArray(pairs.map((x) => x.positionId))}::int[],
        ${intArray(pairs.map((x) => x.taskId))}::int[],
        ${primary}::bool[]
      ) as x(position_id, task_id, is_primary)
      on conflict do nothing
      returning position_id, task_id
    )
    select coalesce(string_agg(position_id || ':' || task_id, ','), '') as packed from inserted`);
  const packed = (result as unknown as { rows: { packed: string }[] }).rows[0]?.packed ?? '';
  if (packed === '') return [];
  return packed.split(',').map((pair) => {
    const [positionId, taskId] = pair.split(':');
    return { positionId: Number(positionId), taskId: Number(taskId) };
  });
}
