import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/common/form-field.tsx';
import { SwitchField, TextAreaField, TextField } from '../../components/common/form-inputs.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { COORDINATE_DECIMALS, generateNfcTagId } from '../../domain/positions.ts';
import { currentCoordinates } from './current-location.ts';
import type { PositionFormValues } from './position-form.schema.ts';

type Props = {
  form: UseFormReturn<PositionFormValues>;
  /** The active switch shows only when editing; a new position starts active. */
  editing: boolean;
};

/** Spec §5 position form: code, name, description, location, NFC id (generated on request), coordinates. */
export function PositionFormFields({ form, editing }: Props) {
  const { t, i18n } = useTranslation();
  const { control, setValue, setError, clearErrors } = form;
  const [locating, setLocating] = useState(false);

  const useLocation = async () => {
    setLocating(true);
    try {
      const { latitude, longitude } = await currentCoordinates();
      setValue('latitude', latitude, { shouldDirty: true, shouldValidate: true });
      setValue('longitude', longitude, { shouldDirty: true, shouldValidate: true });
      clearErrors('location');
    } catch {
      // Spec §8: the failure shows on the location field.
      setError('location', { type: 'geolocation', message: formMessage('positions.form.locationFailed') });
    } finally {
      setLocating(false);
    }
  };

  const coordinateField = (name: 'latitude' | 'longitude') => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={`position-${name}`} label={t(`positions.form.${name}`)} error={error?.message}>
          <InputNumber
            inputId={`position-${name}`}
            inputRef={field.ref}
            value={field.value ?? null}
            onValueChange={(e) => field.onChange(e.value ?? null)}
            onBlur={field.onBlur}
            mode="decimal"
            locale={i18n.resolvedLanguage}
            useGrouping={false}
            minFractionDigits={0}
            maxFractionDigits={COORDINATE_DECIMALS}
            invalid={Boolean(error)}
            aria-describedby={error ? `position-${name}-error` : undefined}
          />
        </FormField>
      )}
    />
  );

  return (
    <div className="form-grid position-form">
      <TextField control={control} name="position_code" id="position-code" label={t('positions.form.code')} />
      <TextField control={control} name="name" id="position-name" label={t('positions.form.name')} />
      <TextAreaField
        control={control}
        name="description"
        id="position-description"
        label={t('positions.form.description')}
        rows={2}
        className="form-grid__full"
      />
      <TextField
        control={control}
        name="location"
        id="position-location"
        label={t('positions.form.location')}
        className="form-grid__full"
      />
      <Controller
        name="nfc_tag_id"
        control={control}
        render={({ field, fieldState: { error } }) => (
          <FormField
            id="position-nfc"
            label={t('positions.form.nfcTagId')}
            error={error?.message}
            hint={t('positions.form.nfcHint')}
            className="form-grid__full"
          >
            <div className="p-inputgroup">
              <InputText
                id="position-nfc"
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete="off"
                spellCheck={false}
                invalid={Boolean(error)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'position-nfc-error' : 'position-nfc-hint'}
              />
              <Button
                type="button"
                icon="pi pi-refresh"
                label={t('positions.form.generate')}
                aria-label={t('positions.form.generateLabel')}
                outlined
                onClick={() =>
                  setValue('nfc_tag_id', generateNfcTagId(), { shouldDirty: true, shouldValidate: true })
                }
              />
            </div>
          </FormField>
        )}
      />
      {coordinateField('latitude')}
      {coordinateField('longitude')}
      <div className="form-grid__full position-form__locate">
        <Button
          type="button"
          icon={locating ? 'pi pi-spin pi-spinner' : 'pi pi-map-marker'}
          label={locating ? t('positions.form.locating') : t('positions.form.useLocation')}
          text
          disabled={locating}
          onClick={useLocation}
        />
        <small className="form-field__hint">{t('positions.form.coordinatesHint')}</small>
      </div>
      {editing ? (
        <SwitchField
          control={control}
          name="is_active"
          id="position-active"
          label={t('positions.form.active')}
          hint={t('positions.form.activeHint')}
          className="form-grid__full"
        />
      ) : null}
    </div>
  );
}
