/**
 * Legacy template rules (spec §5): name, priority and a positive duration required; skills, safety
 * requirements, instructions and typical dependencies kept as given (trimmed, blanks dropped).
 */
import type { Static } from '@sinclair/typebox';
import { LIMITS } from '#domain/validation.ts';
import { errors } from '../../lib/errors.ts';
import * as repo from '../../repositories/tasks-legacy.ts';
import type {
  LegacyTaskTemplateCreate,
  LegacyTaskTemplateListQuery,
  LegacyTaskTemplateUpdate,
} from '../../schemas/task-legacy.ts';
import type { RequestContext } from '../../types.ts';
import { optionalText, trimmedText } from '../tasks/input.ts';

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
    name: trimmedText(`${field}name`, input.name, LIMITS.taskNameMin),
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
  return repo.toApiLegacy(await legacyRows.insert(ctx.db, ctx.siteId, valuesOf(input)));
}

/** All or none: one bad template refuses the call, naming it (templates.N.field). */
export async function bulkCreateLegacyTemplates(ctx: RequestContext, inputs: Create[]) {
  const values = inputs.map((input, n) => valuesOf(input, `templates.${n}.`));
  const rows = await repo.insertLegacy(ctx.db, ctx.siteId, values);
  return { templates: rows.map(repo.toApiLegacy), created_count: rows.length };
}

export async function updateLegacyTaskTemplate(ctx: RequestContext, id: number, input: Update) {
  const current = await legacyRows.find(ctx.db, ctx.siteId, id);
  if (!current) throw notFound();
  const changes = legacyRows.changes(input, {
    name: (name) => trimmedText('name', name, LIMITS.taskNameMin),
    description: optionalText,
    required_skills: cleanList,
    safety_requirements: cleanList,
    instructions: optionalText,
    typical_dependencies: cleanDependencies,
  });
  if (Object.keys(changes).length === 0) return repo.toApiLegacy(current);
  const row = await legacyRows.update(ctx.db, ctx.siteId, id, changes);
  if (!row) throw notFound();
  return repo.toApiLegacy(row);
}

export async function deleteLegacyTaskTemplate(ctx: RequestContext, id: number) {
  if (!(await legacyRows.remove(ctx.db, ctx.siteId, id))) throw notFound();
  return { message: 'Template deleted' };
}
