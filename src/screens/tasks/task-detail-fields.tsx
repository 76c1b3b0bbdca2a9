import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DropdownField, fieldsOf, NumberField, TextAreaField } from '../../components/common/form-inputs.tsx';
import { TASK_LIMITS } from '../../domain/tasks.ts';
import { useCategoryOptions } from './use-tasks-api.ts';

/** The values both task forms share: category, priority, duration and description. */
type TaskDetails = {
  category?: string;
  priority?: number | null;
  duration_minutes?: number | null;
  description?: string;
};

type Props<T extends FieldValues> = {
  control: Control<T>;
  /** The form's id prefix: 'instance' or 'template' (ids like 'instance-priority'). */
  idPrefix: string;
};

/** Category, priority, duration and description, as a task instance and a template both ask them. */
export function TaskDetailFields<T extends FieldValues & TaskDetails>({ control, idPrefix }: Props<T>) {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  // The shared fields are in every form that uses this (TaskDetails), whatever else T holds.
  const bind = fieldsOf(control, idPrefix);
  const field = (name: keyof TaskDetails, label: string, id?: string) => bind(name as Path<T>, label, id);
  return (
    <>
      <DropdownField {...field('category', t('tasks.form.category'))} options={categories} />
      <NumberField
        {...field('priority', t('tasks.form.priority'))}
        hint={t('tasks.form.priorityHint')}
        min={TASK_LIMITS.priorityMin}
        max={TASK_LIMITS.priorityMax}
      />
      <NumberField
        {...field('duration_minutes', t('tasks.form.duration'), `${idPrefix}-duration`)}
        min={1}
        max={TASK_LIMITS.durationMax}
      />
      <TextAreaField {...field('description', t('tasks.form.description'))} className="form-grid__full" />
    </>
  );
}
