/**
 * The queries of optimistic concurrency (routes/edit-conflict.ts): a guarded record's version (its
 * updated_at) read under a row lock, and what the audit log says changed in it since a moment
 * (the events naming the record, oldest first; the log itself is written by
 * repositories/audit-events.ts).
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  customRoles,
  auditEvents as e,
  legacyTaskTemplates,
  positionGroups,
  positions,
  taskInstances,
  tasks,
  taskTemplates,
  userGroups,
  users,
  visitSchedules,
  workEntries,
} from '../db/schema/index.ts';

/** The tables of the records an update may guard, by the audit entity their changes are logged under. */
const TABLES = {
  user: users,
  position: positions,
  position_group: positionGroups,
  user_group: userGroups,
  role: customRoles,
  task: tasks,
  task_template: taskTemplates,
  legacy_task_template: legacyTaskTemplates,
  task_instance: taskInstances,
  visit_schedule: visitSchedules,
  work_entry: workEntries,
} as const;

export type GuardedEntity = keyof typeof TABLES;

export const isGuardedEntity = (entity: string): entity is GuardedEntity => entity in TABLES;

/** Locks the record's row for the transaction (FOR UPDATE) and answers its updated_at; none when it is gone. */
export async function lockRecordVersion(
  db: Db,
  siteId: string,
  entity: GuardedEntity,
  id: number,
): Promise<Date | undefined> {
  const table = TABLES[entity];
  const [row] = await db
    .select({ updatedAt: table.updatedAt })
    .from(table)
    .where(and(eq(table.siteId, siteId), eq(table.id, id)))
    .for('update');
  return row?.updatedAt;
}

export interface RecordChange {
  at: Date;
  changes: unknown;
}

export async function recordChangesSince(
  db: Db,
  siteId: string,
  entity: string,
  id: string,
  since: Date,
): Promise<RecordChange[]> {
  return db
    .select({ at: e.at, changes: e.changes })
    .from(e)
    .where(and(eq(e.siteId, siteId), eq(e.entityType, entity), eq(e.entityId, id), gte(e.at, since)))
    .orderBy(asc(e.id))
    .limit(200);
}
