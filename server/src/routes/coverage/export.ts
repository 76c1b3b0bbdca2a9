/** GET /coverage/report?format=csv: every window of the report's filter, one line each. */
import type { Static } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { csvText } from '../../lib/csv.ts';
import * as repo from '../../repositories/coverage-windows.ts';
import type { CoverageReportQuery } from '../../schemas/coverage.ts';
import type { RequestContext } from '../../types.ts';
import { filterOf, presentWindows } from './service.ts';

/** A year of a large site's windows fits; beyond it the report's filters narrow it. */
const MAX_ROWS = 200_000;

export const COVERAGE_CSV_COLUMNS = [
  'day',
  'position_code',
  'position_name',
  'schedule_name',
  'window_start',
  'window_end',
  'verdict',
  'judged_verdict',
  'entry_ids',
  'workers',
  'excuse_reason',
  'excused_by',
  'worker_reason',
] as const;

export async function exportCoverage(
  ctx: RequestContext,
  q: Static<typeof CoverageReportQuery>,
  reply: FastifyReply,
) {
  const rows = await repo.allWindows(ctx.db, ctx.siteId, filterOf(q), MAX_ROWS);
  const windows = await presentWindows(ctx, rows);
  const lines = windows.map((w) =>
    [
      w.day,
      csvText(w.position_code),
      csvText(w.position_name),
      csvText(w.schedule_name),
      w.window_start,
      w.window_end,
      w.verdict,
      w.judged_verdict,
      w.entries.map((e) => e.id).join(' '),
      csvText(w.entries.map((e) => e.worker_name).join('; ')),
      csvText(w.excuse_reason),
      csvText(w.excused_by_name),
      csvText(w.worker_reason),
    ].join(','),
  );
  const body = `\ufeff${COVERAGE_CSV_COLUMNS.join(',')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="coverage-${q.from}-${q.to}.csv"`)
    .header('x-total-count', String(windows.length))
    .send(body);
}
