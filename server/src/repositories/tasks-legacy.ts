/** Legacy task templates (legacy_task_templates), always within one site; rows leave as the API's LegacyTaskTemplate. */
import type { Static } from '@sinclair/typebox';
import { asc, eq } from 'drizzle-orm';
import type { LegacyPriority } from '#domain/tasks.ts';
import type { Db } from '../db/client.ts';
import { legacyTaskTemplates } from '../db/schema/index.ts';
import { rowMapper } from '../lib/api-row.ts';
import { LegacyTaskTemplate } from '../schemas/task-legacy.ts';
import { siteScoped } from './site-scoped.ts';

export type LegacyRow = typeof legacyTaskTemplates.$inferSelect;
export type NewLegacy = Omit<typeof legacyTaskTemplates.$inferInsert, 'siteId' | 'id'>;
export type ApiLegacyTemplate = Static<typeof LegacyTaskTemplate>;

export const legacyRows = siteScoped(legacyTaskTemplates);

const mapLegacy = rowMapper(LegacyTaskTemplate);

/** The priority and the dependencies' shape were checked on the way in (schemas/task-legacy.ts). */
export const toApiLegacy = (row: LegacyRow): ApiLegacyTemplate =>
  mapLegacy({
    ...row,
    priority: row.priority as LegacyPriority,
    typicalDependencies: row.typicalDependencies as ApiLegacyTemplate['typical_dependencies'],
  });

export function listLegacy(
  db: Db,
  siteId: string,
  filter: { category?: string; priority?: string },
): Promise<LegacyRow[]> {
  const t = legacyTaskTemplates;
  return db
    .select()
    .from(t)
    .where(
      legacyRows.where(
        siteId,
        filter.category === undefined ? undefined : eq(t.category, filter.category),
        filter.priority === undefined ? undefined : eq(t.priority, filter.priority),
      ),
    )
    .orderBy(asc(t.name), asc(t.id));
}

export function insertLegacy(db: Db, siteId: string, values: NewLegacy[]): Promise<LegacyRow[]> {
  return db
    .insert(legacyTaskTemplates)
    .values(values.map((v) => ({ ...v, siteId })))
    .returning();
}
