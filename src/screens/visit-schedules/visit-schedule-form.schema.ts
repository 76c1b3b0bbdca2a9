import * as yup from 'yup';
import type { CreateVisitScheduleBody, UpdateVisitScheduleBody, VisitSchedule } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { maxMessage, minMessage, requiredMessage, requiredText } from '../../components/common/form-rules.ts';
import type { RecordForm } from '../../components/common/use-record-form.ts';
import { FREQUENCY_KINDS, COVERAGE_LIMITS as L, ruleProblem, TIME_REGEX } from '../../domain/coverage.ts';

const time = () =>
  yup.string().required(requiredMessage).matches(TIME_REGEX, formMessage('visitSchedules.rules.time'));

/** The visit schedule form, with the server's limits and rule check (src/domain/coverage.ts). */
export const visitScheduleFormSchema = yup.object({
  schedule_name: requiredText(L.nameMin, L.nameMax),
  target_kind: yup.mixed<'position' | 'group'>().oneOf(['position', 'group']).required().default('position'),
  position_id: yup
    .number()
    .nullable()
    .default(null)
    .when('target_kind', ([kind], s) =>
      kind === 'position' ? s.required(formMessage('visitSchedules.rules.target')) : s,
    ),
  position_group_id: yup
    .number()
    .nullable()
    .default(null)
    .when('target_kind', ([kind], s) =>
      kind === 'group' ? s.required(formMessage('visitSchedules.rules.target')) : s,
    ),
  days: yup
    .array(yup.number().integer().required())
    .required()
    .min(1, formMessage('visitSchedules.rules.days'))
    .default([1, 2, 3, 4, 5]),
  window_start: time().default('06:00'),
  window_end: time().default('18:00'),
  frequency_kind: yup
    .mixed<(typeof FREQUENCY_KINDS)[number]>()
    .oneOf(FREQUENCY_KINDS)
    .required()
    .default('every'),
  frequency_value: yup
    .number()
    .nullable()
    .default(2)
    .when('frequency_kind', ([kind], s) =>
      kind === 'by'
        ? s
        : s
            .required(formMessage('visitSchedules.rules.frequencyValue'))
            .integer()
            .min(1, formMessage('visitSchedules.rules.frequencyValue'))
            .max(
              kind === 'every' ? L.everyHoursMax : L.timesMax,
              formMessage('visitSchedules.rules.frequencyValue'),
            ),
    ),
  due_time: yup
    .string()
    .default('')
    .when('frequency_kind', ([kind], s) =>
      kind !== 'by'
        ? s
        : time().test('inside', formMessage('visitSchedules.rules.dueInsideWindow'), (value, ctx) => {
            const p = ctx.parent as { window_start: string; window_end: string };
            if (!TIME_REGEX.test(p.window_start) || !TIME_REGEX.test(p.window_end)) return true;
            const problem = ruleProblem({
              days: [1],
              window_start: p.window_start,
              window_end: p.window_end,
              frequency_kind: 'by',
              frequency_value: null,
              due_time: value ?? null,
              tolerance_minutes: 0,
              task_ids: null,
            });
            return problem === null;
          }),
    ),
  tolerance_minutes: yup
    .number()
    .required(requiredMessage)
    .integer()
    .min(0, minMessage(0))
    .max(L.toleranceMax, maxMessage(L.toleranceMax))
    .default(15),
  task_ids: yup.array(yup.number().integer().required()).required().default([]),
  is_active: yup.boolean().required().default(true),
});

export type VisitScheduleFormValues = yup.InferType<typeof visitScheduleFormSchema>;

/** A new schedule for the position or group the screen is filtered to. */
export const newScheduleValues = (target: { positionId?: number; positionGroupId?: number }) =>
  ({
    ...visitScheduleFormSchema.getDefault(),
    schedule_name: '',
    target_kind: target.positionGroupId ? 'group' : 'position',
    position_id: target.positionId ?? null,
    position_group_id: target.positionGroupId ?? null,
  }) as VisitScheduleFormValues;

export const visitScheduleForm: RecordForm<VisitSchedule, typeof visitScheduleFormSchema> = {
  schema: visitScheduleFormSchema,
  values: (s) =>
    s
      ? {
          schedule_name: s.schedule_name,
          target_kind: s.position_group_id ? 'group' : 'position',
          position_id: s.position_id,
          position_group_id: s.position_group_id,
          days: s.days,
          window_start: s.window_start,
          window_end: s.window_end,
          frequency_kind: s.frequency_kind,
          frequency_value: s.frequency_value,
          due_time: s.due_time ?? '',
          tolerance_minutes: s.tolerance_minutes,
          task_ids: s.task_ids ?? [],
          is_active: s.is_active,
        }
      : newScheduleValues({}),
  name: (values) => values.schedule_name,
};

export function toCreateBody(v: VisitScheduleFormValues): CreateVisitScheduleBody {
  const byGroup = v.target_kind === 'group';
  return {
    schedule_name: v.schedule_name,
    position_id: byGroup ? null : v.position_id,
    position_group_id: byGroup ? v.position_group_id : null,
    days: v.days,
    window_start: v.window_start,
    window_end: v.window_end,
    frequency_kind: v.frequency_kind,
    frequency_value: v.frequency_kind === 'by' ? null : v.frequency_value,
    due_time: v.frequency_kind === 'by' ? v.due_time : null,
    tolerance_minutes: v.tolerance_minutes,
    task_ids: v.task_ids.length > 0 ? v.task_ids : null,
  };
}

export const toUpdateBody = (v: VisitScheduleFormValues): UpdateVisitScheduleBody => ({
  ...toCreateBody(v),
  is_active: v.is_active,
});
