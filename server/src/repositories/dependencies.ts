/**
 * Task dependencies with the codes and names of their position and both tasks, and the reads the
 * dependency rules need (a position's edges, which tasks are assigned or completed there), always
 * within one site.
 */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DependencyGraph, graphOf, HARD_DEPENDENCY_TYPES } from '#domain/dependencies.ts';
import type { Db } from '../db/client.ts';
import {
  positions,
  positionTaskAssignments,
  taskDependencies,
  tasks,
  workEntries,
} from '../db/schema/index.ts';
import { ReadCache, readSnapshot, underSnapshot } from '../lib/read-cache.ts';
import type { Dependency } from '../schemas/dependency.ts';
import { intArray } from './assignments.ts';
import { onPosition, onTask, positionTaskColumns, positionTaskFields } from './position-task-names.ts';
import { siteCondition } from './site-scoped.ts';

export type ApiDependency = Static<typeof Dependency>;
export interface Edge {
  taskId: number;
  dependsOnTaskId: number;
  dependencyType: string;
}

const d = taskDependencies;
const p = positions;
const t = tasks;
const on = alias(tasks, 'depends_on');

const siteWhere = siteCondition(d);

function joined(db: Db) {
  return db
    .select({
      id: d.id,
      ...positionTaskColumns(d),
      dependsOnTaskId: d.dependsOnTaskId,
      dependsOnTaskCode: on.taskCode,
      dependsOnTaskName: on.taskName,
      dependencyType: d.dependencyType,
      createdAt: d.createdAt,
    })
    .from(d)
    .innerJoin(p, onPosition(d))
    .innerJoin(t, onTask(d))
    .innerJoin(on, eq(on.id, d.dependsOnTaskId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

function toApi(r: JoinedRow): ApiDependency {
  return {
    id: r.id,
    ...positionTaskFields(r),
    depends_on_task_id: r.dependsOnTaskId,
    depends_on_task_code: r.dependsOnTaskCode,
    depends_on_task_name: r.dependsOnTaskName,
    dependency_type: r.dependencyType as ApiDependency['dependency_type'],
    created_at: r.createdAt.toISOString(),
  };
}

export async function listDependencies(
  db: Db,
  siteId: string,
  filter: { positionId?: number; taskId?: number },
): Promise<ApiDependency[]> {
  const rows = await joined(db)
    .where(
      siteWhere(
        siteId,
        filter.positionId === undefined ? undefined : eq(d.positionId, filter.positionId),
        filter.taskId === undefined
          ? undefined
          : or(eq(d.taskId, filter.taskId), eq(d.dependsOnTaskId, filter.taskId)),
      ),
    )
    .orderBy(asc(p.positionCode), asc(t.taskCode), asc(on.taskCode));
  return rows.map(toApi);
}

export async function findDependency(db: Db, siteId: string, id: number): Promise<ApiDependency | undefined> {
  const [row] = await joined(db).where(siteWhere(siteId, eq(d.id, id)));
  return row ? toApi(row) : undefined;
}

/** What the dependency rules read about one position, in one statement. */
export interface RuleFacts {
  positionExists: boolean;
  /** Which of the asked task ids are assigned to the position. */
  assigned: ReadonlySet<number>;
  /** Every dependency at the position (all types), as a graph. */
  graph: DependencyGraph;
  /** The snapshot the facts hold for (with `reuse`; cycleCodes takes it). */
  snapshot?: string;
}

interface KeptFacts {
  snapshot: string;
  positionExists: boolean;
  graph: DependencyGraph;
  /** Task id → assigned there or not, for the ids asked about under this snapshot. */
  assigned: Map<number, boolean>;
  /** Task id → code, for the tasks of cycles named under this snapshot. */
  codes: Map<number, string>;
}

/**
 * A position's facts kept between validate calls under the database snapshot they were read in
 * (pg_current_snapshot(): xmin:xmax:in-progress ids, which any commit or abort changes): the facts
 * statement returns the snapshot it ran in, and a later call that reads the same snapshot, and asks
 * about tasks already asked about, is served the kept facts. Equal snapshots mean no transaction
 * committed in between, in any connection or process, so the kept facts are exactly what the
 * statement would read now (a commit to any table costs one re-read). For the read-only validate
 * only (never in a transaction): create reads afresh under its lock. Measured with
 * bench/assignments.ts (README, Benchmarks). Kept in lib/read-cache.ts: at most 64 positions per
 * database, least recently read out first.
 */
const factsCache = new ReadCache<KeptFacts>({ ...underSnapshot, maxEntries: 64 });

/**
 * The position's existence, which of `taskIds` are assigned there and its dependency graph, in one
 * statement (each an index lookup; PGlite pays per statement). With `reuse` (outside a transaction
 * only) the answer may come from the snapshot-keyed cache above, after one statement that reads no
 * table. The edges come back packed in one text value: PGlite decodes rows one by one (2,000 edges
 * as rows took 30 ms against 3 ms for the query).
 */
export async function ruleFacts(
  db: Db,
  siteId: string,
  positionId: number,
  taskIds: number[],
  options: { reuse: boolean },
): Promise<RuleFacts> {
  const a = positionTaskAssignments;
  const key = `${siteId}\u0000${positionId}`;
  const kept = options.reuse ? factsCache.peek(db, key)?.value : undefined;
  if (kept && taskIds.every((id) => kept.assigned.has(id))) {
    // The snapshot alone, as the list caches read it (a statement with no table, straight to the
    // driver): PGlite plans the facts statement anew each time (~1 ms of CPU).
    const now = await readSnapshot(db);
    if (now === kept.snapshot)
      return {
        positionExists: kept.positionExists,
        assigned: new Set(taskIds.filter((id) => kept.assigned.get(id))),
        graph: kept.graph,
        snapshot: kept.snapshot,
      };
  }
  const result = await db.execute(sql`
    select pg_current_snapshot()::text as snapshot,
      exists (select 1 from ${p} where ${p.siteId} = ${siteId} and ${p.id} = ${positionId}) as position_exists,
      (select coalesce(string_agg(${a.taskId}::text, ','), '') from ${a}
        where ${a.siteId} = ${siteId} and ${a.positionId} = ${positionId}
          and ${a.taskId} = any(${intArray(taskIds)}::int[])) as assigned,
      (select coalesce(string_agg(${d.taskId} || ':' || ${d.dependsOnTaskId}, ','), '') from ${d}
        where ${d.siteId} = ${siteId} and ${d.positionId} = ${positionId}) as packed`);
  const row = (
    result as unknown as {
      rows: { snapshot: string; position_exists: boolean; assigned: string; packed: string }[];
    }
  ).rows[0];
  const facts: RuleFacts = {
    positionExists: row.position_exists,
    assigned: new Set(row.assigned === '' ? [] : row.assigned.split(',').map(Number)),
    graph: graphOf(unpack(row.packed, (f) => ({ taskId: Number(f[0]), dependsOnTaskId: Number(f[1]) }))),
  };
  if (options.reuse) {
    // What was asked under the same snapshot before still holds; anything older is dropped.
    const same = kept?.snapshot === row.snapshot;
    const assigned = new Map(same ? kept?.assigned : []);
    for (const id of taskIds) assigned.set(id, facts.assigned.has(id));
    factsCache.set(db, key, row.snapshot, {
      snapshot: row.snapshot,
      positionExists: facts.positionExists,
      graph: facts.graph,
      assigned,
      codes: new Map(same ? kept?.codes : []),
    });
    facts.snapshot = row.snapshot;
  }
  return facts;
}

/** The dependencies at a position that can block (requires, blocks), with their type. */
export async function hardEdgesAt(db: Db, siteId: string, positionId: number): Promise<Edge[]> {
  const result = await db.execute<{ packed: string }>(sql`
    select coalesce(string_agg(${d.taskId} || ':' || ${d.dependsOnTaskId} || ':' || ${d.dependencyType}, ','), '') as packed
    from ${d} where ${d.siteId} = ${siteId} and ${d.positionId} = ${positionId}
      and ${d.dependencyType} = any(${`{${HARD_DEPENDENCY_TYPES.join(',')}}`}::text[])`);
  return unpack((result as unknown as { rows: { packed: string }[] }).rows[0]?.packed ?? '', (f) => ({
    taskId: Number(f[0]),
    dependsOnTaskId: Number(f[1]),
    dependencyType: f[2],
  }));
}

function unpack<T>(packed: string, row: (fields: string[]) => T): T[] {
  return packed === '' ? [] : packed.split(',').map((item) => row(item.split(':')));
}

/**
 * The position, locked until the transaction ends (FOR UPDATE): dependency creates at one
 * position take turns, so each sees the edges the one before it wrote. Undefined if not the site's.
 */
export async function lockPosition(db: Db, siteId: string, positionId: number) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.siteId, siteId), eq(p.id, positionId)))
    .for('update');
  return row;
}

export async function positionExists(db: Db, siteId: string, positionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.siteId, siteId), eq(p.id, positionId)));
  return row !== undefined;
}

/**
 * Task codes for a cycle's path at a position. Given the snapshot its facts hold for (ruleFacts with
 * `reuse`), codes already read under that snapshot come from the kept facts, and codes read now are
 * kept if nothing committed since; the path is named as of the facts it was found in.
 */
export async function cycleCodes(
  db: Db,
  siteId: string,
  positionId: number,
  ids: number[],
  snapshot: string | undefined,
): Promise<Map<number, string>> {
  const kept =
    snapshot === undefined ? undefined : factsCache.peek(db, `${siteId}\u0000${positionId}`)?.value;
  const current = kept?.snapshot === snapshot ? kept : undefined;
  if (current && ids.every((id) => current.codes.has(id)))
    return new Map(ids.map((id) => [id, current.codes.get(id) as string]));
  const result = await db.execute(sql`
    select pg_current_snapshot()::text as snapshot,
      (select coalesce(json_agg(json_build_array(${t.id}, ${t.taskCode})), '[]'::json)
        from ${t} where ${t.siteId} = ${siteId} and ${t.id} = any(${intArray(ids)}::int[])) as codes`);
  const row = (result as unknown as { rows: { snapshot: string; codes: unknown }[] }).rows[0];
  // node-postgres and PGlite both parse json; a driver that did not would hand back the text.
  const list = (typeof row.codes === 'string' ? JSON.parse(row.codes) : row.codes) as [number, string][];
  const codes = new Map(list);
  if (current && row.snapshot === current.snapshot)
    for (const [id, code] of list) current.codes.set(id, code);
  return codes;
}

/** Code and name of the site's tasks among `ids` (as one JSON value: a cycle path may name hundreds). */
export async function taskLabels(db: Db, siteId: string, ids: number[]) {
  if (ids.length === 0) return [];
  const result = await db.execute<{ labels: unknown }>(sql`
    select coalesce(json_agg(json_build_array(${t.id}, ${t.taskCode}, ${t.taskName})), '[]'::json) as labels
    from ${t} where ${t.siteId} = ${siteId} and ${t.id} = any(${intArray(ids)}::int[])`);
  const raw = (result as unknown as { rows: { labels: unknown }[] }).rows[0]?.labels ?? [];
  // node-postgres and PGlite both parse json; a driver that did not would hand back the text.
  const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [number, string, string][];
  return list.map(([id, taskCode, taskName]) => ({ id, taskCode, taskName }));
}

/**
 * The tasks among `taskIds` completed at the position: those with a work entry of status
 * 'completed' for that task there (work entries are the record of work actually done). One probe
 * of work_entries_completed_task_idx per task, however many entries the position has: a lateral
 * LIMIT 1, as an EXISTS lets the planner hash every completed entry of the site instead.
 */
export async function completedAt(db: Db, siteId: string, positionId: number, taskIds: number[]) {
  if (taskIds.length === 0) return new Set<number>();
  const w = workEntries;
  const result = await db.execute<{ packed: string }>(sql`
    select coalesce(string_agg(task.id::text, ','), '') as packed
    from unnest(${intArray(taskIds)}::int[]) as task(id)
    cross join lateral (select 1 from ${w} where ${w.siteId} = ${siteId} and ${w.positionId} = ${positionId}
      and ${w.status} = 'completed' and ${w.taskId} = task.id limit 1) as hit`);
  const packed = (result as unknown as { rows: { packed: string }[] }).rows[0]?.packed ?? '';
  return new Set(packed === '' ? [] : packed.split(',').map(Number));
}

/** Every dependency (any type) at the positions, with its position: what the field app orders by. */
export async function edgesAtPositions(db: Db, siteId: string, positionIds: number[]) {
  if (positionIds.length === 0) return [];
  return db
    .select({
      positionId: d.positionId,
      taskId: d.taskId,
      dependsOnTaskId: d.dependsOnTaskId,
      dependencyType: d.dependencyType,
    })
    .from(d)
    .where(siteWhere(siteId, sql`${d.positionId} = any(${intArray(positionIds)}::int[])`));
}

/** `completedAt` for several positions at once: the pairs as `${positionId}:${taskId}`. */
export async function completedAtPositions(db: Db, siteId: string, positionIds: number[], taskIds: number[]) {
  if (positionIds.length === 0 || taskIds.length === 0) return new Set<string>();
  const w = workEntries;
  const result = await db.execute<{ packed: string }>(sql`
    select coalesce(string_agg(pos.id || ':' || task.id, ','), '') as packed
    from unnest(${intArray(positionIds)}::int[]) as pos(id) cross join unnest(${intArray(taskIds)}::int[]) as task(id)
    cross join lateral (select 1 from ${w} where ${w.siteId} = ${siteId} and ${w.positionId} = pos.id
      and ${w.status} = 'completed' and ${w.taskId} = task.id limit 1) as hit`);
  const packed = (result as unknown as { rows: { packed: string }[] }).rows[0]?.packed ?? '';
  return new Set(packed === '' ? [] : packed.split(','));
}

export async function insertDependency(
  db: Db,
  siteId: string,
  values: { positionId: number; taskId: number; dependsOnTaskId: number; dependencyType: string },
): Promise<number> {
  const [row] = await db
    .insert(d)
    .values({ ...values, siteId })
    .returning({ id: d.id });
  return row.id;
}

export async function removeDependency(db: Db, siteId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(d)
    .where(siteWhere(siteId, eq(d.id, id)))
    .returning({ id: d.id });
  return rows.length > 0;
}
