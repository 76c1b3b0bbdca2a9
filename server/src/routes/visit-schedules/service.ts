/**
 * Visit-schedule rules: exactly one target (a position or a group of the site), a
 * rule that makes windows (src/domain/coverage.ts ruleProblem, the form's own check), tasks of
 * the site. A change of the rule moves `rule_from` to now: windows that started before it are
 * judged, or were already, by the rule they started under.
 */
import type { Static } from '@sinclair/typebox';
import { COVERAGE_LIMITS, COVERAGE_MESSAGES, ruleProblem, type ScheduleRule } from '#domain/coverage.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors } from '../../lib/errors.ts';
import { trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/visit-schedules.ts';
import type {
  VisitScheduleCreate,
  VisitScheduleListQuery,
  VisitScheduleUpdate,
} from '../../schemas/visit-schedule.ts';
import type { RequestContext } from '../../types.ts';

type Create = Static<typeof VisitScheduleCreate>;
type Update = Static<typeof VisitScheduleUpdate>;

const notFound = () => errors.notFound('Visit schedule not found', 'VISIT_SCHEDULE_NOT_FOUND');
const invalid = (field: string, message: string) =>
  errors.badRequest(message, 'VALIDATION_ERROR', [{ field, message }]);

const RULE_FIELDS = [
  'days',
  'window_start',
  'window_end',
  'frequency_kind',
  'frequency_value',
  'due_time',
  'tolerance_minutes',
  'task_ids',
] as const;

/** The whole body after defaults, checked beyond what the schema states. */
async function checked(ctx: RequestContext, body: Create) {
  const scheduleName = trimmedName('schedule_name', body.schedule_name, COVERAGE_LIMITS.nameMin);
  const positionId = body.position_id ?? null;
  const positionGroupId = body.position_group_id ?? null;
  if ((positionId === null) === (positionGroupId === null)) {
    throw invalid(positionId === null ? 'position_id' : 'position_group_id', COVERAGE_MESSAGES.target);
  }
  if (positionId !== null && !(await repo.positionExists(ctx.db, ctx.siteId, positionId))) {
    throw invalid('position_id', 'No such position on this site');
  }
  if (positionGroupId !== null && !(await repo.groupExists(ctx.db, ctx.siteId, positionGroupId))) {
    throw invalid('position_group_id', 'No such position group on this site');
  }
  const rule: ScheduleRule = {
    days: [...new Set(body.days)].sort(),
    window_start: body.window_start,
    window_end: body.window_end,
    frequency_kind: body.frequency_kind,
    frequency_value: body.frequency_kind === 'by' ? null : (body.frequency_value ?? null),
    due_time: body.frequency_kind === 'by' ? (body.due_time ?? null) : null,
    tolerance_minutes: body.tolerance_minutes ?? 0,
    task_ids:
      body.task_ids && body.task_ids.length > 0 ? [...new Set(body.task_ids)].sort((a, b) => a - b) : null,
  };
  const problem = ruleProblem(rule);
  if (problem) throw invalid(problem.field, problem.message);
  if (rule.task_ids) {
    const known = await repo.siteTaskIds(ctx.db, ctx.siteId, rule.task_ids);
    if (rule.task_ids.some((id) => !known.has(id))) throw invalid('task_ids', 'No such task on this site');
  }
  return { scheduleName, positionId, positionGroupId, rule };
}

const columns = (rule: ScheduleRule) => ({
  days: rule.days,
  windowStart: rule.window_start,
  windowEnd: rule.window_end,
  frequencyKind: rule.frequency_kind,
  frequencyValue: rule.frequency_value,
  dueTime: rule.due_time,
  toleranceMinutes: rule.tolerance_minutes,
  taskIds: rule.task_ids,
});

const audited = (s: repo.ApiVisitSchedule) => {
  const { id: _id, created_at: _c, updated_at: _u, target_code: _tc, target_name: _tn, ...rest } = s;
  return rest;
};

export const listVisitSchedules = (ctx: RequestContext, query: Static<typeof VisitScheduleListQuery>) =>
  repo.listSchedules(ctx.db, ctx.siteId, {
    positionId: query.position_id,
    positionGroupId: query.position_group_id,
  });

export async function getVisitSchedule(ctx: RequestContext, id: number) {
  const found = await repo.findSchedule(ctx.db, ctx.siteId, id);
  if (!found) throw notFound();
  return found;
}

export async function createVisitSchedule(ctx: RequestContext, body: Create) {
  const { scheduleName, positionId, positionGroupId, rule } = await checked(ctx, body);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.scheduleRows.insert(tx, ctx.siteId, {
      scheduleName,
      positionId,
      positionGroupId,
      ...columns(rule),
    });
    const after = await getVisitSchedule({ ...ctx, db: tx }, row.id);
    const changes = auditDiff(null, audited(after));
    await ctx.audit(tx, { action: 'visit_schedule.create', entity: 'visit_schedule', id: row.id, changes });
    return after;
  });
}

export async function updateVisitSchedule(ctx: RequestContext, id: number, body: Update) {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const before = await getVisitSchedule(inTx, id);
    // A target given replaces the other (a position given clears the group).
    const target =
      body.position_id != null
        ? { position_id: body.position_id, position_group_id: null }
        : body.position_group_id != null
          ? { position_id: null, position_group_id: body.position_group_id }
          : { position_id: before.position_id, position_group_id: before.position_group_id };
    const merged: Create = {
      schedule_name: body.schedule_name ?? before.schedule_name,
      ...target,
      ...Object.fromEntries(RULE_FIELDS.map((f) => [f, body[f] === undefined ? before[f] : body[f]])),
    } as Create;
    const { scheduleName, positionId, positionGroupId, rule } = await checked(inTx, merged);
    const ruleChanged =
      RULE_FIELDS.some((f) => JSON.stringify(rule[f]) !== JSON.stringify(before[f])) ||
      positionId !== before.position_id ||
      positionGroupId !== before.position_group_id;
    await repo.scheduleRows.update(tx, ctx.siteId, id, {
      scheduleName,
      positionId,
      positionGroupId,
      ...columns(rule),
      ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      ...(ruleChanged || (body.is_active === true && !before.is_active) ? { ruleFrom: new Date() } : {}),
      updatedAt: new Date(),
    });
    const after = await getVisitSchedule(inTx, id);
    const changes = auditDiff(audited(before), audited(after));
    await ctx.audit(tx, { action: 'visit_schedule.update', entity: 'visit_schedule', id, changes });
    return after;
  });
}

/** The windows it closed stay, with their rule. */
export async function deleteVisitSchedule(ctx: RequestContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findSchedule(tx, ctx.siteId, id);
    if (!before || !(await repo.scheduleRows.remove(tx, ctx.siteId, id))) throw notFound();
    const changes = auditDiff(audited(before), null);
    await ctx.audit(tx, { action: 'visit_schedule.delete', entity: 'visit_schedule', id, changes });
  });
  return { message: 'Visit schedule deleted' };
}
