import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DropdownField,
  fieldsOf,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../components/common/form-inputs.tsx';
import type { InstanceFormValues } from './instance-form.schema.ts';
import { TaskDetailFields } from './task-detail-fields.tsx';

type Props = {
  control: Control<InstanceFormValues>;
  editing: boolean;
  positions: readonly { value: number; label: string }[];
  /** On edit the position is shown, not changed. */
  positionLabel?: string;
};

export function InstanceFormFields({ control, editing, positions, positionLabel }: Props) {
  const { t } = useTranslation();
  const field = fieldsOf(control, 'instance');
  return (
    <div className="form-grid">
      {editing ? (
        <div className="form-field form-grid__full">
          <span className="form-field__label">{t('tasks.form.position')}</span>
          <span className="task-form__position">{positionLabel}</span>
        </div>
      ) : (
        <DropdownField
          {...field('position_id', t('tasks.form.position'), 'instance-position')}
          options={positions}
          placeholder={t('tasks.filters.positionPlaceholder')}
          className="form-grid__full"
        />
      )}
      <TextField {...field('task_name', t('tasks.form.taskName'))} />
      <TextField {...field('task_code', t('tasks.form.taskCode'))} />
      <TaskDetailFields control={control} idPrefix="instance" />
      <TextAreaField
        {...field('specific_notes', t('tasks.form.specificNotes'), 'instance-notes')}
        className="form-grid__full"
      />
      <SwitchField {...field('is_mandatory', t('tasks.form.mandatory'), 'instance-mandatory')} />
      <SwitchField {...field('is_primary', t('tasks.form.primary'), 'instance-primary')} />
      {editing ? <SwitchField {...field('is_active', t('tasks.form.active'), 'instance-active')} /> : null}
    </div>
  );
}
