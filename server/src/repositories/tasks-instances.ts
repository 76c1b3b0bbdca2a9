/**
 * Task instances (task_instances) with their position's code and name and the completer's name,
 * always within one site; rows leave as the API's TaskInstance.
 */
import type { Static } from '@sinclair/typebox';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { positions, taskInstances, users } from '../db/schema/index.ts';
import type { TaskInstance } from '../schemas/task-instance.ts';
import { siteScoped } from './site-scoped.ts';

export type InstanceRow = typeof taskInstances.$inferSelect;
export type NewInstance = Omit<typeof taskInstances.$inferInsert, 'siteId' | 'id'>;
export type ApiInstance = Static<typeof TaskInstance>;

export const instanceRows = siteScoped(taskInstances);

const i = taskInstances;
const p = positions;

const joinedColumns = {
  instance: i,
  positionCode: p.positionCode,
  positionName: p.positionName,
  completedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

export type JoinedRow = {
  instance: InstanceRow;
  positionCode: string;
  positionName: string;
  completedByName: string | null;
};

export function toApiInstance(r: JoinedRow): ApiInstance {
  const row = r.instance;
  return {
    id: row.id,
    position_id: row.positionId,
    position_code: r.positionCode,
    position_name: r.positionName,
    template_id: row.templateId,
    task_code: row.taskCode,
    task_name: row.taskName,
    description: row.description,
    category: row.category,
    priority: row.priority,
    duration_minutes: row.durationMinutes,
    is_primary: row.isPrimary,
    is_mandatory: row.isMandatory,
    specific_notes: row.specificNotes,
    is_completed: row.isCompleted,
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    completed_by: row.completedBy,
    completed_by_name: r.completedByName,
    completion_notes: row.completionNotes,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function joined(db: Db) {
  return db
    .select(joinedColumns)
    .from(i)
    .innerJoin(p, eq(p.id, i.positionId))
    .leftJoin(users, eq(users.id, i.completedBy));
}

export async function findInstance(db: Db, siteId: string, id: number): Promise<ApiInstance | undefined> {
  const [row] = await joined(db).where(instanceRows.where(siteId, eq(i.id, id)));
  return row ? toApiInstance(row) : undefined;
}

export async function findInstances(db: Db, siteId: string, ids: number[]): Promise<ApiInstance[]> {
  if (ids.length === 0) return [];
  const rows = await joined(db)
    .where(instanceRows.where(siteId, inArray(i.id, ids)))
    .orderBy(asc(p.positionCode), asc(i.id));
  return rows.map(toApiInstance);
}

/** Rows a single insert may carry: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

/**
 * Inserts the instances; a (template, position) pair that already has an open instance is left out
 * by the partial unique index (on conflict do nothing), even if it appeared since the caller looked.
 * Rows go in sorted by (template, position), so two concurrent calls that share pairs take the
 * index's locks in the same order: the later one waits and skips, instead of each holding a pair
 * the other needs (a deadlock PostgreSQL would end with an error). Returns the new rows' ids and pairs.
 */
export async function insertInstancesSkippingOpen(
  db: Db,
  siteId: string,
  values: NewInstance[],
): Promise<{ id: number; templateId: number | null; positionId: number }[]> {
  const out: { id: number; templateId: number | null; positionId: number }[] = [];
  const ordered = [...values].sort(
    (a, b) => (a.templateId ?? 0) - (b.templateId ?? 0) || a.positionId - b.positionId,
  );
  for (let start = 0; start < ordered.length; start += INSERT_CHUNK) {
    const chunk = ordered.slice(start, start + INSERT_CHUNK).map((v) => ({ ...v, siteId }));
    out.push(
      ...(await db
        .insert(i)
        .values(chunk)
        .onConflictDoNothing()
        .returning({ id: i.id, templateId: i.templateId, positionId: i.positionId })),
    );
  }
  return out;
}

/** Marks an open instance completed; undefined if it is missing or already completed. */
export async function completeInstance(
  db: Db,
  siteId: string,
  id: number,
  completedBy: number,
  notes: string | null,
): Promise<InstanceRow | undefined> {
  const [row] = await db
    .update(i)
    .set({ isCompleted: true, completedAt: new Date(), completedBy, completionNotes: notes })
    .where(instanceRows.where(siteId, eq(i.id, id), eq(i.isCompleted, false)))
    .returning();
  return row;
}

export interface Counts {
  total: number;
  completed: number;
}

const counts = {
  total: sql<number>`count(*)`.mapWith(Number),
  completed: sql<number>`count(*) filter (where ${i.isCompleted})`.mapWith(Number),
};

/** Active instances of a position, done and in all. */
export async function positionCounts(db: Db, siteId: string, positionId: number): Promise<Counts> {
  const [row] = await db
    .select(counts)
    .from(i)
    .where(instanceRows.where(siteId, eq(i.positionId, positionId), eq(i.isActive, true)));
  return row ?? { total: 0, completed: 0 };
}

/** Active instances of the site per category (null for none), done and in all. */
export function categoryCounts(db: Db, siteId: string): Promise<(Counts & { category: string | null })[]> {
  return db
    .select({ category: i.category, ...counts })
    .from(i)
    .where(instanceRows.where(siteId, eq(i.isActive, true)))
    .groupBy(i.category)
    .orderBy(asc(i.category));
}
