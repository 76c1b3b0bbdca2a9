/**
 * A worker's coverage windows in the field app: today's and tomorrow's windows at
 * the positions of the worker's area (the position groups granted to their user groups, as the
 * offline pack) and those the worker visited. A judged window shows its stored verdict; one not
 * judged yet is `due`, or already `on_time` (`late` after its end) when a counting entry at the
 * position visited it. The worker may give a reason for a missed or late window of theirs, kept
 * apart from a manager's excuse.
 */
import type { Static } from '@sinclair/typebox';
import {
  addDays,
  COVERAGE_LIMITS,
  judge,
  localDay,
  type ScheduleRule,
  taskCounts,
  windowsOfDay,
} from '#domain/coverage.ts';
import { errors } from '../../lib/errors.ts';
import * as windows from '../../repositories/coverage-windows.ts';
import * as repo from '../../repositories/field.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import { activeSchedulesWithPositions, ruleOf } from '../../repositories/visit-schedules.ts';
import type { FieldCoverageReason, FieldCoverageWindow } from '../../schemas/field-coverage.ts';
import type { RequestContext } from '../../types.ts';

type Item = Static<typeof FieldCoverageWindow>;

/** Windows one answer holds: a worker's area over two days. */
export const FIELD_WINDOWS_MAX = 200;
const AREA_MAX = 1000;

async function areaOf(ctx: RequestContext) {
  const rows = await repo.positionsOpenTo(ctx.db, ctx.siteId, ctx.actor.userId, AREA_MAX);
  return new Map(rows.map((r) => [r.id, r]));
}

function stored(w: NonNullable<Awaited<ReturnType<typeof windows.findWindow>>>): Item {
  const { row } = w;
  return {
    id: row.id,
    position_id: row.positionId,
    position_code: w.positionCode,
    position_name: w.positionName,
    schedule_name: row.scheduleName,
    day: row.day,
    window_start: row.windowStart.toISOString(),
    window_end: row.windowEnd.toISOString(),
    tolerance_minutes: row.rule.tolerance_minutes,
    state: row.verdict as Item['state'],
    judged: true,
    can_give_reason: row.judgedVerdict === 'missed' || row.judgedVerdict === 'late',
    worker_reason: row.workerReason,
    excuse_reason: row.excuseReason,
  };
}

export async function myCoverageWindows(ctx: RequestContext, now = new Date()) {
  const { timezone } = await getSiteSettings(ctx.db, ctx.siteId);
  const today = localDay(now, timezone);
  const days = { from: today, to: addDays(today, 1) };
  const area = await areaOf(ctx);
  const judged = await windows.windowsOfWorker(
    ctx.db,
    ctx.siteId,
    ctx.actor.userId,
    [...area.keys()],
    days,
    FIELD_WINDOWS_MAX,
  );
  const items = judged.map(stored);
  const judgedKeys = new Set(
    judged.map((w) => `${w.row.scheduleId}:${w.row.positionId}:${w.row.windowStart.getTime()}`),
  );
  // The windows not judged yet, from the active schedules at the area's positions.
  const open: {
    rule: ScheduleRule;
    name: string;
    positionId: number;
    start: Date;
    end: Date;
    day: string;
  }[] = [];
  for (const { schedule, positionIds } of await activeSchedulesWithPositions(ctx.db, ctx.siteId)) {
    const mine = positionIds.filter((p) => area.has(p));
    if (mine.length === 0) continue;
    const rule = ruleOf(schedule);
    for (const day of [days.from, days.to]) {
      for (const w of windowsOfDay(rule, day, timezone)) {
        if (w.start < schedule.ruleFrom) continue;
        for (const p of mine) {
          if (judgedKeys.has(`${schedule.id}:${p}:${w.start.getTime()}`)) continue;
          open.push({ rule, name: schedule.scheduleName, positionId: p, start: w.start, end: w.end, day });
        }
      }
    }
  }
  open.sort((a, b) => a.start.getTime() - b.start.getTime() || a.positionId - b.positionId);
  const shown = open.slice(0, Math.max(0, FIELD_WINDOWS_MAX - items.length));
  const begun = shown.filter((o) => o.start <= now);
  const entries =
    begun.length === 0
      ? []
      : await windows.entriesAt(
          ctx.db,
          ctx.siteId,
          [...new Set(begun.map((o) => o.positionId))],
          new Date(Math.min(...begun.map((o) => o.start.getTime()))),
          now,
        );
  for (const o of shown) {
    const position = area.get(o.positionId);
    if (!position) continue;
    let state: Item['state'] = 'due';
    if (o.start <= now) {
      const at = entries.filter((e) => e.positionId === o.positionId && taskCounts(o.rule, e.taskId));
      const { verdict } = judge(o, o.rule, at);
      if (verdict === 'on_time' || (verdict === 'late' && now > o.end)) state = verdict;
    }
    items.push({
      id: null,
      position_id: o.positionId,
      position_code: position.positionCode,
      position_name: position.positionName,
      schedule_name: o.name,
      day: o.day,
      window_start: o.start.toISOString(),
      window_end: o.end.toISOString(),
      tolerance_minutes: o.rule.tolerance_minutes,
      state,
      judged: false,
      can_give_reason: false,
      worker_reason: null,
      excuse_reason: null,
    });
  }
  items.sort(
    (a, b) => a.window_start.localeCompare(b.window_start) || a.position_code.localeCompare(b.position_code),
  );
  return { windows: items, time_zone: timezone, server_time: now.toISOString() };
}

/** The worker's reason for a missed or late window of theirs (their area, or one they visited). */
export async function giveWorkerReason(
  ctx: RequestContext,
  id: number,
  body: Static<typeof FieldCoverageReason>,
) {
  const reason = body.reason.trim();
  if (reason.length < COVERAGE_LIMITS.reasonMin)
    throw errors.fieldError('reason', 'minLength', { min: COVERAGE_LIMITS.reasonMin });
  const area = await areaOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await windows.findWindow(tx, ctx.siteId, id);
    const own = before && (area.has(before.row.positionId) || before.row.visitedBy === ctx.actor.userId);
    if (!before || !own) throw errors.notFound('Coverage window not found', 'COVERAGE_WINDOW_NOT_FOUND');
    if (!(await windows.setWorkerReason(tx, ctx.siteId, id, { text: reason, by: ctx.actor.userId }))) {
      throw errors.conflict('reason', 'Only a missed or late window takes a reason', 'NOT_EXCUSABLE');
    }
    await ctx.audit(tx, {
      action: 'coverage_window.worker_reason',
      entity: 'coverage_window',
      id,
      changes: { worker_reason: { old: before.row.workerReason, new: reason } },
    });
    const after = await windows.findWindow(tx, ctx.siteId, id);
    return { window: stored(after as NonNullable<typeof after>) };
  });
}
