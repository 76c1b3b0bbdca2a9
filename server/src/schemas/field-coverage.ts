/** The field app's coverage windows: a worker's own, and their reason for a miss. */
import { Type } from '@sinclair/typebox';
import { COVERAGE_LIMITS } from '#domain/coverage.ts';
import { Nullable } from './common.ts';

export const FieldCoverageWindow = Type.Object(
  {
    id: Nullable(Type.Integer({ description: 'Null until the window is judged' })),
    position_id: Type.Integer(),
    position_code: Type.String(),
    position_name: Type.String(),
    schedule_name: Type.String(),
    day: Type.String({ format: 'date' }),
    window_start: Type.String({ format: 'date-time' }),
    window_end: Type.String({ format: 'date-time' }),
    tolerance_minutes: Type.Integer(),
    state: Type.Union(
      [
        Type.Literal('due'),
        Type.Literal('on_time'),
        Type.Literal('late'),
        Type.Literal('missed'),
        Type.Literal('excused'),
      ],
      {
        description: 'due: not judged and not visited yet; otherwise the verdict (provisional until judged)',
      },
    ),
    judged: Type.Boolean(),
    can_give_reason: Type.Boolean({ description: 'Judged missed or late: the worker may give a reason' }),
    worker_reason: Nullable(Type.String()),
    excuse_reason: Nullable(Type.String()),
  },
  { $id: 'FieldCoverageWindow' },
);

export const FieldCoverageWindows = Type.Object(
  {
    windows: Type.Array(FieldCoverageWindow),
    time_zone: Type.String(),
    server_time: Type.String({ format: 'date-time' }),
  },
  { $id: 'FieldCoverageWindows' },
);

export const FieldCoverageReason = Type.Object(
  { reason: Type.String({ minLength: COVERAGE_LIMITS.reasonMin, maxLength: COVERAGE_LIMITS.reasonMax }) },
  { $id: 'FieldCoverageReason', additionalProperties: false },
);

export const FieldCoverageWindowResponse = Type.Object(
  { window: FieldCoverageWindow },
  { $id: 'FieldCoverageWindowResponse' },
);
