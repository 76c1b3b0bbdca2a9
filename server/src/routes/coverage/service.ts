/**
 * Coverage: the stored verdicts as a report (totals, per day, per position worst
 * first, per worker), the windows with their entries, and a manager's excuse of a miss. Nothing
 * here recomputes a verdict: the close job (jobs/coverage-close.ts) stored them.
 */
import type { Static } from '@sinclair/typebox';
import { COVERAGE_LIMITS, COVERAGE_MESSAGES, onTimePercent, type Verdict } from '#domain/coverage.ts';
import { errors } from '../../lib/errors.ts';
import * as repo from '../../repositories/coverage-windows.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import type { CoverageExcuse, CoverageReportQuery, CoverageWindowsQuery } from '../../schemas/coverage.ts';
import type { RequestContext } from '../../types.ts';

type ReportQuery = Static<typeof CoverageReportQuery>;
type WindowsQuery = Static<typeof CoverageWindowsQuery>;

const DAY_MS = 86_400_000;

export function filterOf(q: ReportQuery | WindowsQuery): repo.CoverageFilter {
  const span = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS;
  if (span < 0) {
    const message = 'The last day must not be before the first';
    throw errors.badRequest(message, 'VALIDATION_ERROR', [{ field: 'to', message }]);
  }
  if (span >= COVERAGE_LIMITS.reportDaysMax) {
    const message = `At most ${COVERAGE_LIMITS.reportDaysMax} days`;
    throw errors.badRequest(message, 'VALIDATION_ERROR', [{ field: 'to', message }]);
  }
  return {
    from: q.from,
    to: q.to,
    positionGroupId: q.position_group_id,
    positionId: q.position_id,
    userId: q.user_id,
    verdict: 'verdict' in q ? q.verdict : undefined,
  };
}

export const countsOf = (r: repo.CountRow) => {
  const c = { on_time: r.onTime, late: r.late, missed: r.missed, excused: r.excused };
  return { windows: r.windows, ...c, on_time_percent: onTimePercent(c) };
};

export async function coverageReport(ctx: RequestContext, q: ReportQuery) {
  const filter = filterOf(q);
  const { timezone } = await getSiteSettings(ctx.db, ctx.siteId);
  const rows = await repo.reportRows(ctx.db, ctx.siteId, filter);
  return {
    from: q.from,
    to: q.to,
    time_zone: timezone,
    totals: countsOf(rows.totals),
    days: rows.days.map((d) => ({ day: d.day, counts: countsOf(d) })),
    positions: rows.byPosition.map((p) => ({
      position_id: p.positionId,
      position_code: p.positionCode,
      position_name: p.positionName,
      counts: countsOf(p),
    })),
    workers: rows.byWorker.map((w) => ({
      user_id: w.userId,
      worker_name: w.workerName,
      counts: countsOf(w),
    })),
  };
}

type Listed = Awaited<ReturnType<typeof repo.findWindow>>;

/** Windows as the API shows them, with their visiting entries. */
export async function presentWindows(ctx: RequestContext, rows: NonNullable<Listed>[]) {
  const ids = [...new Set(rows.flatMap((r) => r.row.entryIds))];
  const entries = new Map((await repo.entriesById(ctx.db, ctx.siteId, ids)).map((e) => [e.id, e]));
  return rows.map(({ row, positionCode, positionName, excusedByName, workerReasonByName }) => ({
    id: row.id,
    schedule_id: row.scheduleId,
    schedule_name: row.scheduleName,
    position_id: row.positionId,
    position_code: positionCode,
    position_name: positionName,
    day: row.day,
    window_start: row.windowStart.toISOString(),
    window_end: row.windowEnd.toISOString(),
    due_at: row.dueAt.toISOString(),
    tolerance_minutes: row.rule.tolerance_minutes,
    verdict: row.verdict as Verdict,
    judged_verdict: row.judgedVerdict as Verdict,
    judged_at: row.judgedAt.toISOString(),
    entries: row.entryIds.flatMap((id) => {
      const e = entries.get(id);
      return e
        ? [
            {
              id,
              user_id: e.userId,
              worker_name: e.workerName,
              task_name: e.taskName,
              started_at: e.startedAt.toISOString(),
            },
          ]
        : [];
    }),
    excuse_reason: row.excuseReason,
    excused_by_name: excusedByName,
    excused_at: row.excusedAt?.toISOString() ?? null,
    worker_reason: row.workerReason,
    worker_reason_by_name: workerReasonByName,
    worker_reason_at: row.workerReasonAt?.toISOString() ?? null,
  }));
}

export async function listCoverageWindows(ctx: RequestContext, q: WindowsQuery) {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? 50;
  const { total, rows } = await repo.listWindows(ctx.db, ctx.siteId, filterOf(q), page, pageSize);
  return { windows: await presentWindows(ctx, rows), total, page, page_size: pageSize };
}

export async function excuseCoverageWindow(
  ctx: RequestContext,
  id: number,
  body: Static<typeof CoverageExcuse>,
) {
  const reason = body.reason.trim();
  if (reason.length < COVERAGE_LIMITS.reasonMin)
    throw errors.fieldError('reason', 'minLength', { min: COVERAGE_LIMITS.reasonMin });
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findWindow(tx, ctx.siteId, id);
    if (!before) throw errors.notFound('Coverage window not found', 'COVERAGE_WINDOW_NOT_FOUND');
    if (!(await repo.excuseWindow(tx, ctx.siteId, id, { reason, by: ctx.actor.userId }))) {
      throw errors.conflict('verdict', COVERAGE_MESSAGES.notExcusable, 'NOT_EXCUSABLE');
    }
    await ctx.audit(tx, {
      action: 'coverage_window.excuse',
      entity: 'coverage_window',
      id,
      changes: {
        verdict: { old: before.row.verdict, new: 'excused' },
        excuse_reason: { old: null, new: reason },
      },
    });
    const after = await repo.findWindow(tx, ctx.siteId, id);
    const [window] = await presentWindows({ ...ctx, db: tx }, after ? [after] : []);
    return window;
  });
}
