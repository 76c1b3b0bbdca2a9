import { Type } from '@sinclair/typebox';
import { FREQUENCY_KINDS, COVERAGE_LIMITS as L, TIME_PATTERN } from '#domain/coverage.ts';
import { IdParam, Nullable } from './common.ts';

const Time = (description: string) => Type.String({ pattern: TIME_PATTERN, description });

const ruleFields = {
  days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
    minItems: 1,
    maxItems: 7,
    uniqueItems: true,
    description: 'ISO weekdays the window starts on: 1 Monday … 7 Sunday',
  }),
  window_start: Time('Start of the time window, HH:MM in the site’s time zone'),
  window_end: Time('End of the time window, HH:MM; at or before the start: the next day'),
  frequency_kind: Type.Union(
    FREQUENCY_KINDS.map((k) => Type.Literal(k)),
    { description: 'every N hours, N times spread evenly, or by a deadline' },
  ),
  frequency_value: Nullable(
    Type.Integer({ minimum: 1, maximum: L.timesMax, description: 'Hours apart (every) or times (times)' }),
  ),
  due_time: Nullable(Time('The deadline (by), inside the window')),
  tolerance_minutes: Type.Integer({ minimum: 0, maximum: L.toleranceMax }),
  task_ids: Nullable(
    Type.Array(IdParam, { maxItems: L.taskIdsMax, description: 'Tasks that count; null: any task' }),
  ),
};

const scheduleFields = {
  id: Type.Integer(),
  schedule_name: Type.String(),
  position_id: Nullable(Type.Integer()),
  position_group_id: Nullable(Type.Integer()),
  /** The position's or group's code and name, for lists. */
  target_code: Type.String(),
  target_name: Type.String(),
  ...ruleFields,
  is_active: Type.Boolean(),
  rule_from: Type.String({ format: 'date-time' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

export const VisitSchedule = Type.Object(scheduleFields, { $id: 'VisitSchedule' });

const bodyFields = {
  schedule_name: Type.String({ minLength: L.nameMin, maxLength: L.nameMax }),
  position_id: Type.Optional(Nullable(IdParam)),
  position_group_id: Type.Optional(Nullable(IdParam)),
  days: ruleFields.days,
  window_start: ruleFields.window_start,
  window_end: ruleFields.window_end,
  frequency_kind: ruleFields.frequency_kind,
  frequency_value: Type.Optional(ruleFields.frequency_value),
  due_time: Type.Optional(ruleFields.due_time),
  tolerance_minutes: Type.Optional(ruleFields.tolerance_minutes),
  task_ids: Type.Optional(ruleFields.task_ids),
};

export const VisitScheduleCreate = Type.Object(bodyFields, {
  $id: 'VisitScheduleCreate',
  additionalProperties: false,
});

export const VisitScheduleUpdate = Type.Partial(Type.Object({ ...bodyFields, is_active: Type.Boolean() }), {
  $id: 'VisitScheduleUpdate',
  additionalProperties: false,
});

export const VisitScheduleListQuery = Type.Object(
  { position_id: Type.Optional(IdParam), position_group_id: Type.Optional(IdParam) },
  { $id: 'VisitScheduleListQuery', additionalProperties: false },
);

export const VisitScheduleList = Type.Object(
  { visit_schedules: Type.Array(Type.Ref(VisitSchedule)) },
  { $id: 'VisitScheduleList' },
);

export const VisitScheduleResponse = Type.Object(
  { visit_schedule: Type.Ref(VisitSchedule) },
  { $id: 'VisitScheduleResponse' },
);
