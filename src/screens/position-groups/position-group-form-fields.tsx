import { Button } from 'primereact/button';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldsOf, SwitchField, TextAreaField, TextField } from '../../components/common/form-inputs.tsx';
import { generatePositionGroupCode } from '../../domain/position-groups.ts';
import type { PositionGroupFormValues } from './position-group-form.schema.ts';
import { PositionPicker } from './position-picker.tsx';

type Props = {
  form: UseFormReturn<PositionGroupFormValues>;
  mode: 'create' | 'edit';
};

export function PositionGroupFormFields({ form, mode }: Props) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = form;
  const field = fieldsOf(control, 'position-group');
  // The button makes the code from the name; the code stays editable.
  const generate = () =>
    setValue('group_code', generatePositionGroupCode(getValues('group_name') ?? ''), {
      shouldValidate: true,
      shouldDirty: true,
    });

  return (
    <div className="form-grid">
      <TextField {...field('group_name', t('positionGroups.form.name'))} />
      <TextField
        {...field('group_code', t('positionGroups.form.code'))}
        hint={t('positionGroups.form.codeHint')}
        spellCheck={false}
        addon={
          <Button
            type="button"
            icon="pi pi-bolt"
            outlined
            onClick={generate}
            aria-label={t('positionGroups.form.generateCode')}
            tooltip={t('positionGroups.form.generateCode')}
            tooltipOptions={{ position: 'top' }}
          />
        }
      />
      <TextAreaField
        {...field('description', t('positionGroups.form.description'))}
        className="form-grid__full"
      />
      <PositionPicker control={control} />
      {mode === 'edit' ? (
        <SwitchField
          {...field('is_active', t('positionGroups.form.active'), 'position-group-active')}
          hint={t('positionGroups.form.activeHint')}
          className="form-grid__full"
        />
      ) : null}
    </div>
  );
}
