import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DropdownField,
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
  return (
    <div className="form-grid">
      {editing ? (
        <div className="form-field form-grid__full">
          <span className="form-field__label">{t('tasks.form.position')}</span>
          <span className="task-form__position">{positionLabel}</span>
        </div>
      ) : (
        <DropdownField
          control={control}
          name="position_id"
          id="instance-position"
          label={t('tasks.form.position')}
          options={positions}
          placeholder={t('tasks.filters.positionPlaceholder')}
          className="form-grid__full"
        />
      )}
      <TextField
        control={control}
        name="task_name"
        id="instance-task_name"
        label={t('tasks.form.taskName')}
      />
      <TextField
        control={control}
        name="task_code"
        id="instance-task_code"
        label={t('tasks.form.taskCode')}
      />
      <TaskDetailFields control={control} idPrefix="instance" />
      <TextAreaField
        control={control}
        name="specific_notes"
        id="instance-notes"
        label={t('tasks.form.specificNotes')}
        className="form-grid__full"
      />
      <SwitchField
        control={control}
        name="is_mandatory"
        id="instance-mandatory"
        label={t('tasks.form.mandatory')}
      />
      <SwitchField
        control={control}
        name="is_primary"
        id="instance-primary"
        label={t('tasks.form.primary')}
      />
      {editing ? (
        <SwitchField control={control} name="is_active" id="instance-active" label={t('tasks.form.active')} />
      ) : null}
    </div>
  );
}
