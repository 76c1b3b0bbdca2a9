import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Position } from '../../api/gen/model';
import { FormField } from '../../components/common/form-field.tsx';
import { SwitchField, TextAreaField, TextField } from '../../components/common/form-inputs.tsx';
import { generatePositionGroupCode } from '../../domain/position-groups.ts';
import type { PositionGroupFormValues } from './position-group-form.schema.ts';
import { PositionPicker } from './position-picker.tsx';

type Props = {
  form: UseFormReturn<PositionGroupFormValues>;
  mode: 'create' | 'edit';
  positions: Position[] | undefined;
  positionsLoading: boolean;
};

const CODE_ID = 'position-group-group_code';

export function PositionGroupFormFields({ form, mode, positions, positionsLoading }: Props) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = form;
  // Spec §5: the button makes the code from the name; the code stays editable.
  const generate = () =>
    setValue('group_code', generatePositionGroupCode(getValues('group_name') ?? ''), {
      shouldValidate: true,
      shouldDirty: true,
    });

  return (
    <div className="form-grid">
      <TextField
        control={control}
        name="group_name"
        id="position-group-group_name"
        label={t('positionGroups.form.name')}
      />
      <Controller
        name="group_code"
        control={control}
        render={({ field, fieldState: { error } }) => (
          <FormField
            id={CODE_ID}
            label={t('positionGroups.form.code')}
            error={error?.message}
            hint={t('positionGroups.form.codeHint')}
          >
            <div className="p-inputgroup">
              <InputText
                id={CODE_ID}
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete="off"
                spellCheck={false}
                invalid={Boolean(error)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${CODE_ID}-error` : `${CODE_ID}-hint`}
              />
              <Button
                type="button"
                icon="pi pi-bolt"
                outlined
                onClick={generate}
                aria-label={t('positionGroups.form.generateCode')}
                tooltip={t('positionGroups.form.generateCode')}
                tooltipOptions={{ position: 'top' }}
              />
            </div>
          </FormField>
        )}
      />
      <TextAreaField
        control={control}
        name="description"
        id="position-group-description"
        label={t('positionGroups.form.description')}
        className="form-grid__full"
      />
      <PositionPicker control={control} positions={positions} loading={positionsLoading} />
      {mode === 'edit' ? (
        <SwitchField
          control={control}
          name="is_active"
          id="position-group-active"
          label={t('positionGroups.form.active')}
          hint={t('positionGroups.form.activeHint')}
          className="form-grid__full"
        />
      ) : null}
    </div>
  );
}
