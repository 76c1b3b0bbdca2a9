/**
 * Creating instances for many positions at once (from-template and bulk create): one transaction,
 * all or nothing for bad input (an unknown or inactive template or position is a 400 on its
 * field), and a (template, position) pair that already has an open instance skipped, not
 * duplicated: the partial unique index decides it, so two concurrent calls cannot both create it.
 */
import { TASK_LIMITS } from '#domain/tasks.ts';
import { errors } from '../../lib/errors.ts';
import { optionalText } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/tasks-instances.ts';
import { findTemplates, type TemplateRow } from '../../repositories/tasks-templates.ts';
import type { RequestContext } from '../../types.ts';
import { assertPositionsUsable } from '../positions/service.ts';
import { templateRefused } from './instances-service.ts';

export interface BulkRequest {
  templateIds: number[];
  positionIds: number[];
  /** The body fields naming them, for the 400 details. */
  templateField: string;
  positionsField: string;
  is_primary?: boolean;
  is_mandatory?: boolean;
  specific_notes?: string | null;
}

const SKIP_MESSAGE = 'The position already has an open task from this template';

export async function createInstances(ctx: RequestContext, req: BulkRequest) {
  if (req.templateIds.length * req.positionIds.length > TASK_LIMITS.bulkPairsMax) {
    const message = `At most ${TASK_LIMITS.bulkPairsMax} template and position pairs at once`;
    throw errors.badRequest(message, 'TOO_MANY_PAIRS', [
      { field: req.positionsField, message, rule: 'maxItems', params: { max: TASK_LIMITS.bulkPairsMax } },
    ]);
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const found = new Map((await findTemplates(tx, ctx.siteId, req.templateIds)).map((t) => [t.id, t]));
    const templates: TemplateRow[] = req.templateIds.map((id) => {
      const t = found.get(id);
      if (!t?.isActive) throw templateRefused(req.templateField, id, !!t);
      return t;
    });
    await assertPositionsUsable(txCtx, req.positionIds, req.positionsField);

    const notes = optionalText(req.specific_notes) ?? null;
    const values: repo.NewInstance[] = templates.flatMap((t) =>
      req.positionIds.map((positionId) => ({
        positionId,
        templateId: t.id,
        taskCode: t.taskCode,
        taskName: t.taskName,
        description: t.description,
        category: t.category,
        priority: t.priority,
        durationMinutes: t.durationMinutes,
        isPrimary: req.is_primary ?? false,
        isMandatory: req.is_mandatory ?? true,
        specificNotes: notes,
      })),
    );
    const inserted = await repo.insertInstancesSkippingOpen(tx, ctx.siteId, values);
    const made = new Set(inserted.map((r) => `${r.templateId}:${r.positionId}`));
    const skipped = values
      .filter((v) => !made.has(`${v.templateId}:${v.positionId}`))
      .map((v) => ({
        template_id: v.templateId as number,
        position_id: v.positionId,
        reason: 'open_instance_exists' as const,
        message: SKIP_MESSAGE,
      }));
    const created = await repo.findInstances(
      tx,
      ctx.siteId,
      inserted.map((r) => r.id),
    );
    // One event for the whole batch: its counts and the instances it made.
    const details = {
      created_count: created.length,
      skipped_count: skipped.length,
      created_ids: inserted.map((r) => r.id),
    };
    await ctx.audit(tx, { action: 'task_instance.bulk_create', entity: 'task_instance', details });
    return { created, skipped, created_count: created.length, skipped_count: skipped.length };
  });
}
