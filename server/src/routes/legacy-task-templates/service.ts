/**
 * Legacy template rules: name, priority and a positive duration required; skills, safety
 * requirements, instructions and typical dependencies kept as given (trimmed, blanks dropped).
 */
import type { Static } from '@sinclair/typebox';
import { LIMITS } from '#domain/validation.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors } from '../../lib/errors.ts';
import { optionalText, trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/tasks-legacy.ts';
import type {
  LegacyTaskTemplateCreate,
  LegacyTaskTemplateListQuery,
  LegacyTaskTemplateUpdate,
} from '../../schemas/task-legacy.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';

const { legacyRows } = repo;
type Create = Static<typeof LegacyTaskTemplateCreate>;
type Update = Static<typeof LegacyTaskTemplateUpdate>;

const notFound = () => errors.notFound('Template not found', 'TEMPLATE_NOT_FOUND');
const cleanList = (items: string[]) => items.map((s) => s.trim()).filter(Boolean);
const cleanDependencies = (deps: NonNullable<Create['typical_dependencies']>) =>
  deps
    .map((d) => ({ depends_on_task: d.depends_on_task.trim(), dependency_type: d.dependency_type }))
    .filter((d) => d.depends_on_task !== '');

/** The row values of a create; `field` prefixes the field of a 400 (bulk: templates.3.name). */
function valuesOf(input: Create, field = ''): repo.NewLegacy {
  return {
    name: trimmedName(`${field}name`, input.name, LIMITS.taskNameMin),
    priority: input.priority,
    category: input.category ?? null,
    durationMinutes: input.duration_minutes,
    description: optionalText(input.description) ?? null,
    requiredSkills: cleanList(input.required_skills ?? []),
    safetyRequirements: cleanList(input.safety_requirements ?? []),
    instructions: optionalText(input.instructions) ?? null,
    typicalDependencies: cleanDependencies(input.typical_dependencies ?? []),
    isActive: input.is_active ?? true,
  };
}

export async function listLegacyTaskTemplates(
  ctx: RequestContext,
  q: Static<typeof LegacyTaskTemplateListQuery>,
) {
  return (await repo.listLegacy(ctx.db, ctx.siteId, q)).map(repo.toApiLegacy);
}

export async function getLegacyTaskTemplate(ctx: RequestContext, id: number) {
  const row = await legacyRows.find(ctx.db, ctx.siteId, id);
  if (!row) throw notFound();
  return repo.toApiLegacy(row);
}

export async function createLegacyTaskTemplate(ctx: RequestContext, input: Create) {
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await legacyRows.insert(tx, ctx.siteId, valuesOf(input));
    const changes = auditDiff(null, inserted);
    await ctx.audit(tx, {
      action: 'legacy_task_template.create',
      entity: 'legacy_task_template',
      id: inserted.id,
      changes,
    });
    return inserted;
  });
  return repo.toApiLegacy(row);
}

/** All or none: one bad template refuses the call, naming it (templates.N.field). */
export async function bulkCreateLegacyTemplates(ctx: RequestContext, inputs: Create[]) {
  const values = inputs.map((input, n) => valuesOf(input, `templates.${n}.`));
  const rows = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertLegacy(tx, ctx.siteId, values);
    const details = { created_count: inserted.length, created_ids: inserted.map((r) => r.id) };
    await ctx.audit(tx, {
      action: 'legacy_task_template.bulk_create',
      entity: 'legacy_task_template',
      details,
    });
    return inserted;
  });
  return { templates: rows.map(repo.toApiLegacy), created_count: rows.length };
}

export async function updateLegacyTaskTemplate(ctx: RequestContext, id: number, input: Update) {
  const current = await legacyRows.find(ctx.db, ctx.siteId, id);
  if (!current) throw notFound();
  const changes = legacyRows.changes(input, {
    name: (name) => trimmedName('name', name, LIMITS.taskNameMin),
    description: optionalText,
    required_skills: cleanList,
    safety_requirements: cleanList,
    instructions: optionalText,
    typical_dependencies: cleanDependencies,
  });
  const row = await ctx.db.transaction(async (tx) => {
    const updated = Object.keys(changes).length
      ? await legacyRows.update(tx, ctx.siteId, id, changes)
      : current;
    if (!updated) throw notFound();
    const diff = auditDiff(current, changes);
    await ctx.audit(tx, {
      action: 'legacy_task_template.update',
      entity: 'legacy_task_template',
      id,
      changes: diff,
    });
    return updated;
  });
  return repo.toApiLegacy(row);
}

export async function deleteLegacyTaskTemplate(ctx: RequestContext, id: number) {
  const trashItemId = await ctx.db.transaction(async (tx) => {
    const target = await legacyRows.find(tx, ctx.siteId, id);
    if (!target) throw notFound();
    const moved = await moveToTrash(ctx, tx, 'legacy_task_template', { id }, () =>
      legacyRows.remove(tx, ctx.siteId, id),
    );
    if (!moved.removed) throw notFound();
    const changes = auditDiff(target, null);
    await ctx.audit(tx, {
      action: 'legacy_task_template.delete',
      entity: 'legacy_task_template',
      id,
      changes,
      details: { trash_item_id: moved.trashItemId },
    });
    return moved.trashItemId;
  });
  return { message: 'Template deleted', trash_item_id: trashItemId };
}
