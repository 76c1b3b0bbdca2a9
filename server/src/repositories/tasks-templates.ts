/** Unified task templates (task_templates), always within one site; rows leave as the API's TaskTemplate. */
import type { Static } from '@sinclair/typebox';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { taskInstances, taskTemplates } from '../db/schema/index.ts';
import { rowMapper } from '../lib/api-row.ts';
import { TaskTemplate } from '../schemas/task-template.ts';
import { siteScoped } from './site-scoped.ts';
import { foldedSearch } from './tasks-search.ts';

export type TemplateRow = typeof taskTemplates.$inferSelect;
export type ApiTemplate = Static<typeof TaskTemplate>;

export const templateRows = siteScoped(taskTemplates);

export const toApiTemplate: (row: TemplateRow) => ApiTemplate = rowMapper(TaskTemplate);

export interface TemplateFilter {
  category?: string;
  priority?: number;
  search?: string;
  isActive?: boolean;
  /** Only templates without an open instance at this position. */
  availableAt?: number;
}

const searchable = [
  taskTemplates.taskName,
  taskTemplates.taskCode,
  taskTemplates.templateName,
  taskTemplates.description,
];

export async function listTemplates(
  db: Db,
  siteId: string,
  filter: TemplateFilter = {},
): Promise<TemplateRow[]> {
  const t = taskTemplates;
  const i = taskInstances;
  const where = templateRows.where(
    siteId,
    filter.category === undefined ? undefined : eq(t.category, filter.category),
    filter.priority === undefined ? undefined : eq(t.priority, filter.priority),
    filter.isActive === undefined ? undefined : eq(t.isActive, filter.isActive),
    foldedSearch(filter.search, searchable),
  );
  if (filter.availableAt === undefined) {
    return db.select().from(t).where(where).orderBy(asc(t.taskName), asc(t.id));
  }
  // An anti-join on the open-instance index: templates with no open instance at the position.
  const rows = await db
    .select({ template: t })
    .from(t)
    .leftJoin(i, and(eq(i.templateId, t.id), eq(i.positionId, filter.availableAt), eq(i.isCompleted, false)))
    .where(and(where, isNull(i.id)))
    .orderBy(asc(t.taskName), asc(t.id));
  return rows.map((r) => r.template);
}

/** The site's template codes starting with `prefix_` (the prefix's own underscores matched literally). */
export async function codesWithPrefix(db: Db, siteId: string, prefix: string): Promise<Set<string>> {
  const escaped = `${prefix.replace(/[\\%_]/g, '\\$&')}\\_%`;
  const rows = await db
    .select({ code: taskTemplates.taskCode })
    .from(taskTemplates)
    .where(templateRows.where(siteId, like(taskTemplates.taskCode, escaped)));
  return new Set(rows.map((r) => r.code));
}

/** The templates with these ids on the site (any order; missing ids are simply absent). */
export function findTemplates(db: Db, siteId: string, ids: number[]): Promise<TemplateRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(taskTemplates)
    .where(templateRows.where(siteId, inArray(taskTemplates.id, ids)));
}

export async function countInstancesOf(db: Db, siteId: string, templateId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskInstances)
    .where(and(eq(taskInstances.siteId, siteId), eq(taskInstances.templateId, templateId)));
  return row?.n ?? 0;
}
