import { Type } from '@sinclair/typebox';
import { COVERAGE_LIMITS, VERDICTS } from '#domain/coverage.ts';
import { IdParam, Nullable } from './common.ts';

const Verdict = Type.Union(
  VERDICTS.map((v) => Type.Literal(v)),
  { description: 'on_time, late (within the tolerance after the window), missed, or excused' },
);

export const CoverageEntry = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  worker_name: Type.String(),
  task_name: Nullable(Type.String()),
  started_at: Type.String({ format: 'date-time' }),
});

export const CoverageWindow = Type.Object(
  {
    id: Type.Integer(),
    schedule_id: Nullable(Type.Integer()),
    schedule_name: Type.String(),
    position_id: Type.Integer(),
    position_code: Type.String(),
    position_name: Type.String(),
    day: Type.String({ format: 'date' }),
    window_start: Type.String({ format: 'date-time' }),
    window_end: Type.String({ format: 'date-time' }),
    due_at: Type.String({ format: 'date-time' }),
    tolerance_minutes: Type.Integer(),
    verdict: Verdict,
    judged_verdict: Verdict,
    judged_at: Type.String({ format: 'date-time' }),
    entries: Type.Array(CoverageEntry),
    excuse_reason: Nullable(Type.String()),
    excused_by_name: Nullable(Type.String()),
    excused_at: Nullable(Type.String({ format: 'date-time' })),
    worker_reason: Nullable(
      Type.String({ description: 'The worker’s own reason (field app), apart from the excuse' }),
    ),
    worker_reason_by_name: Nullable(Type.String()),
    worker_reason_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'CoverageWindow' },
);

export const CoverageCounts = Type.Object(
  {
    windows: Type.Integer(),
    on_time: Type.Integer(),
    late: Type.Integer(),
    missed: Type.Integer(),
    excused: Type.Integer(),
    on_time_percent: Nullable(Type.Number({ description: 'On time and excused of all windows, in percent' })),
  },
  { $id: 'CoverageCounts' },
);

const Counts = Type.Ref(CoverageCounts);

const filters = {
  from: Type.String({ format: 'date', description: 'First day (inclusive), in the site’s time zone' }),
  to: Type.String({ format: 'date', description: 'Last day (inclusive), in the site’s time zone' }),
  position_group_id: Type.Optional(IdParam),
  position_id: Type.Optional(IdParam),
  user_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Windows this worker visited' }),
  ),
};

export const CoverageReportQuery = Type.Object(
  { ...filters, format: Type.Optional(Type.Literal('csv', { description: 'csv: every window as CSV' })) },
  { $id: 'CoverageReportQuery', additionalProperties: false },
);

export const CoverageReport = Type.Object(
  {
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    time_zone: Type.String(),
    totals: Counts,
    days: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), counts: Counts })),
    positions: Type.Array(
      Type.Object({
        position_id: Type.Integer(),
        position_code: Type.String(),
        position_name: Type.String(),
        counts: Counts,
      }),
      { description: 'Worst first: most missed, then most late, then the lowest on-time share' },
    ),
    workers: Type.Array(
      Type.Object({ user_id: Type.Integer(), worker_name: Type.String(), counts: Counts }),
      { description: 'Windows each worker visited first (on time or late; excused after a late visit)' },
    ),
  },
  { $id: 'CoverageReport' },
);

export const CoverageWindowsQuery = Type.Object(
  {
    ...filters,
    verdict: Type.Optional(Verdict),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { $id: 'CoverageWindowsQuery', additionalProperties: false },
);

export const CoverageWindowList = Type.Object(
  {
    windows: Type.Array(Type.Ref(CoverageWindow)),
    total: Type.Integer(),
    page: Type.Integer(),
    page_size: Type.Integer(),
  },
  { $id: 'CoverageWindowList' },
);

export const CoverageExcuse = Type.Object(
  {
    reason: Type.String({ minLength: COVERAGE_LIMITS.reasonMin, maxLength: COVERAGE_LIMITS.reasonMax }),
  },
  { $id: 'CoverageExcuse', additionalProperties: false },
);

export const CoverageWindowResponse = Type.Object(
  { window: Type.Ref(CoverageWindow) },
  { $id: 'CoverageWindowResponse' },
);
