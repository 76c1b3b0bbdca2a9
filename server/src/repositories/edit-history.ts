/**
 * What the audit log says changed in one record since a moment (an edit conflict's changed fields,
 * routes/edit-conflict.ts): the events naming the record, oldest first. Read only; the log itself
 * is written by repositories/audit-events.ts.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEvents as e } from '../db/schema/index.ts';

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
