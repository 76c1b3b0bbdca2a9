/**
 * Template library rules: a server-generated code that never collides (the uppercased name cut to
 * 15 characters plus a 6-digit suffix; on a clash the next free suffix), names trimmed, and a
 * deleted template's instances kept.
 */
import type { Static } from '@sinclair/typebox';
import { nextFreeTemplateCode, TASK_LIMITS, templateCodePrefix } from '#domain/tasks.ts';
import { LIMITS } from '#domain/validation.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { findPgError } from '../../lib/db-errors.ts';
import { errors } from '../../lib/errors.ts';
import { optionalText, trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/tasks-templates.ts';
import type {
  TaskTemplateCreate,
  TaskTemplateListQuery,
  TaskTemplateUpdate,
} from '../../schemas/task-template.ts';
import type { RequestContext } from '../../types.ts';
import { moveToTrash } from '../trash/bin.ts';
import { assertPositionExists } from './instances-service.ts';

const { templateRows } = repo;
const CODE_ATTEMPTS = 5;

export async function loadTemplate(ctx: RequestContext, id: number): Promise<repo.TemplateRow> {
  const row = await templateRows.find(ctx.db, ctx.siteId, id);
  if (!row) throw errors.notFound('Template not found', 'TEMPLATE_NOT_FOUND');
  return row;
}

export async function listTaskTemplates(ctx: RequestContext, q: Static<typeof TaskTemplateListQuery>) {
  const rows = await repo.listTemplates(ctx.db, ctx.siteId, {
    category: q.category,
    priority: q.priority,
    search: q.search,
    isActive: q.is_active,
  });
  return rows.map(repo.toApiTemplate);
}

export async function getTaskTemplate(ctx: RequestContext, id: number) {
  return repo.toApiTemplate(await loadTemplate(ctx, id));
}

export async function createTaskTemplate(ctx: RequestContext, input: Static<typeof TaskTemplateCreate>) {
  const taskName = trimmedName('task_name', input.task_name, LIMITS.taskNameMin);
  const values = {
    taskName,
    templateName: optionalText(input.template_name) ?? null,
    description: optionalText(input.description) ?? null,
    category: input.category ?? null,
    priority: input.priority ?? TASK_LIMITS.defaultPriority,
    durationMinutes: input.duration_minutes ?? null,
    isActive: input.is_active ?? true,
    createdBy: ctx.actor.userId,
  };
  const prefix = templateCodePrefix(taskName);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const taken = await repo.codesWithPrefix(ctx.db, ctx.siteId, prefix);
    const taskCode = nextFreeTemplateCode(taskName, taken);
    if (!taskCode) break;
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const inserted = await templateRows.insert(tx, ctx.siteId, { ...values, taskCode });
        const changes = auditDiff(null, inserted);
        await ctx.audit(tx, {
          action: 'task_template.create',
          entity: 'task_template',
          id: inserted.id,
          changes,
        });
        return inserted;
      });
      return repo.toApiTemplate(row);
    } catch (err) {
      // Another request took the same code between the look-up and the insert: look again.
      if (findPgError(err)?.constraint !== 'task_templates_site_code_unique') throw err;
    }
  }
  throw errors.conflict(
    'task_code',
    'No free template code is left for this name; please rename the template',
  );
}

export async function updateTaskTemplate(
  ctx: RequestContext,
  id: number,
  input: Static<typeof TaskTemplateUpdate>,
) {
  const current = await loadTemplate(ctx, id);
  const changes = templateRows.changes(input, {
    task_name: (name) => trimmedName('task_name', name, LIMITS.taskNameMin),
    template_name: optionalText,
    description: optionalText,
  });
  const row = await ctx.db.transaction(async (tx) => {
    const updated = Object.keys(changes).length
      ? await templateRows.update(tx, ctx.siteId, id, changes)
      : current;
    if (!updated) throw errors.notFound('Template not found', 'TEMPLATE_NOT_FOUND');
    const diff = auditDiff(current, changes);
    await ctx.audit(tx, { action: 'task_template.update', entity: 'task_template', id, changes: diff });
    return updated;
  });
  return repo.toApiTemplate(row);
}

/** The instances stay (template_id set null by the foreign key), with their own code and name. */
export async function deleteTaskTemplate(ctx: RequestContext, id: number) {
  const target = await loadTemplate(ctx, id);
  const kept = await repo.countInstancesOf(ctx.db, ctx.siteId, id);
  const trashItemId = await ctx.db.transaction(async (tx) => {
    const moved = await moveToTrash(ctx, tx, 'task_template', { id }, () =>
      templateRows.remove(tx, ctx.siteId, id),
    );
    const changes = auditDiff(target, null);
    await ctx.audit(tx, {
      action: 'task_template.delete',
      entity: 'task_template',
      id,
      changes,
      details: { kept_instances: kept, trash_item_id: moved.trashItemId },
    });
    return moved.trashItemId;
  });
  return {
    message: kept > 0 ? `Template deleted; its ${kept} task instance(s) were kept` : 'Template deleted',
    outcome: 'deleted' as const,
    kept_instances: kept,
    trash_item_id: trashItemId,
  };
}

/** Active templates a position has no open instance of: what the console offers to add there. */
export async function availableTemplates(
  ctx: RequestContext,
  positionId: number,
  q: { category?: string; search?: string },
) {
  await assertPositionExists(ctx, positionId);
  const rows = await repo.listTemplates(ctx.db, ctx.siteId, {
    ...q,
    isActive: true,
    availableAt: positionId,
  });
  return rows.map(repo.toApiTemplate);
}
