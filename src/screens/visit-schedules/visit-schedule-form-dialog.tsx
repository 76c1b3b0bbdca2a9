import { useMemo } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VisitSchedule } from '../../api/gen/model';
import { useListPositionGroups } from '../../api/gen/position-groups/position-groups.ts';
import { useListPositions } from '../../api/gen/positions/positions.ts';
import { useListTasks } from '../../api/gen/tasks/tasks.ts';
import {
  getListVisitSchedulesQueryKey,
  useCreateVisitSchedule,
  useUpdateVisitSchedule,
} from '../../api/gen/visit-schedules/visit-schedules.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import {
  DropdownField,
  fieldsOf,
  MultiSelectField,
  NumberField,
  SwitchField,
  TextField,
} from '../../components/common/form-inputs.tsx';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import { COVERAGE_LIMITS, FREQUENCY_KINDS, WEEKDAYS } from '../../domain/coverage.ts';
import {
  newScheduleValues,
  toCreateBody,
  toUpdateBody,
  type VisitScheduleFormValues,
  visitScheduleForm,
} from './visit-schedule-form.schema.ts';
import './visit-schedules.css';

type Props = RecordDialogProps & {
  schedule: VisitSchedule | null;
  /** A new schedule's target when the screen is filtered to one. */
  target: { positionId?: number; positionGroupId?: number };
};

export function VisitScheduleFormDialog({ schedule, target, ...shown }: Props) {
  const { t } = useTranslation();
  const listKey = getListVisitSchedulesQueryKey();
  const create = useInvalidatingMutation(useCreateVisitSchedule, [listKey]);
  const update = useInvalidatingMutation(useUpdateVisitSchedule, [listKey]);
  const { form, dialogProps } = useRecordForm({
    ...visitScheduleForm,
    values: (s) => (s ? visitScheduleForm.values?.(s) : newScheduleValues(target)) as VisitScheduleFormValues,
    record: schedule,
    ...shown,
    header: [t('visitSchedules.add'), t('visitSchedules.edit')],
    create: (v) => create.mutateAsync({ data: toCreateBody(v) }),
    update: (row, v) => update.mutateAsync({ id: row.id, data: toUpdateBody(v) }),
    failureMessage: t('visitSchedules.saveFailed'),
  });
  return (
    <AppDialog formId="visit-schedule-form" size="wide" {...dialogProps}>
      <ScheduleFields form={form} editing={schedule !== null} />
    </AppDialog>
  );
}

function ScheduleFields({
  form,
  editing,
}: {
  form: UseFormReturn<VisitScheduleFormValues>;
  editing: boolean;
}) {
  const { t } = useTranslation();
  const { control } = form;
  const field = fieldsOf(control, 'schedule');
  const kind = useWatch({ control, name: 'target_kind' });
  const frequency = useWatch({ control, name: 'frequency_kind' });
  const positions = useListPositions({}, { query: { select: (b) => b.positions } });
  const groups = useListPositionGroups({ query: { select: (b) => b.position_groups } });
  const tasks = useListTasks(undefined, { query: { select: (b) => b.tasks } });
  const positionOptions = useMemo(
    () =>
      (positions.data ?? []).map((p) => ({ value: p.id, label: `${p.position_code} – ${p.position_name}` })),
    [positions.data],
  );
  const groupOptions = useMemo(
    () => (groups.data ?? []).map((g) => ({ value: g.id, label: `${g.group_code} – ${g.group_name}` })),
    [groups.data],
  );
  const taskOptions = useMemo(
    () => (tasks.data ?? []).map((x) => ({ value: x.id, label: `${x.task_code} – ${x.task_name}` })),
    [tasks.data],
  );
  const dayOptions = WEEKDAYS.map((d) => ({ value: d, label: t(`visitSchedules.weekdays.d${d}`) }));
  const kindOptions = FREQUENCY_KINDS.map((k) => ({ value: k, label: t(`visitSchedules.kinds.${k}`) }));
  const targetOptions = [
    { value: 'position', label: t('visitSchedules.form.position') },
    { value: 'group', label: t('visitSchedules.form.group') },
  ];

  return (
    <div className="form-grid">
      <TextField {...field('schedule_name', t('visitSchedules.form.name'))} className="form-grid__full" />
      <DropdownField
        {...field('target_kind', t('visitSchedules.form.targetKind'))}
        options={targetOptions as { value: 'position' | 'group'; label: string }[]}
      />
      {kind === 'group' ? (
        <DropdownField
          {...field('position_group_id', t('visitSchedules.form.group'))}
          options={groupOptions}
          placeholder={t('visitSchedules.form.chooseGroup')}
          filter
          loading={groups.isPending}
        />
      ) : (
        <DropdownField
          {...field('position_id', t('visitSchedules.form.position'))}
          options={positionOptions}
          placeholder={t('visitSchedules.form.choosePosition')}
          filter
          loading={positions.isPending}
        />
      )}
      <MultiSelectField
        {...field('days', t('visitSchedules.form.days'))}
        options={dayOptions}
        filterLabel={t('visitSchedules.form.daysFilter')}
        inputClassName="schedule-picker"
      />
      <TextField {...field('window_start', t('visitSchedules.form.windowStart'))} />
      <TextField
        {...field('window_end', t('visitSchedules.form.windowEnd'))}
        hint={t('visitSchedules.form.windowHint')}
      />
      <DropdownField
        {...field('frequency_kind', t('visitSchedules.form.frequencyKind'))}
        options={kindOptions}
      />
      {frequency === 'by' ? (
        <TextField {...field('due_time', t('visitSchedules.form.dueTime'))} />
      ) : (
        <NumberField
          {...field(
            'frequency_value',
            t(
              frequency === 'every'
                ? 'visitSchedules.form.frequencyValueEvery'
                : 'visitSchedules.form.frequencyValueTimes',
            ),
          )}
          min={1}
          max={frequency === 'every' ? COVERAGE_LIMITS.everyHoursMax : COVERAGE_LIMITS.timesMax}
        />
      )}
      <NumberField
        {...field('tolerance_minutes', t('visitSchedules.form.tolerance'))}
        hint={t('visitSchedules.form.toleranceHint')}
        min={0}
        max={COVERAGE_LIMITS.toleranceMax}
      />
      <MultiSelectField
        {...field('task_ids', t('visitSchedules.form.tasks'))}
        options={taskOptions}
        filterLabel={t('visitSchedules.form.tasksFilter')}
        hint={t('visitSchedules.form.tasksHint')}
        loading={tasks.isPending}
        className="form-grid__full"
        inputClassName="schedule-picker"
      />
      {editing && <SwitchField {...field('is_active', t('visitSchedules.form.active'))} />}
    </div>
  );
}
