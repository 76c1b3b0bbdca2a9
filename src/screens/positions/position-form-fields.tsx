import { Button } from 'primereact/button';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  fieldsOf,
  NumberField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../components/common/form-inputs.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { COORDINATE_DECIMALS, generateNfcTagId } from '../../domain/positions.ts';
import { currentCoordinates } from './current-location.ts';
import type { PositionFormValues } from './position-form.schema.ts';

type Props = {
  form: UseFormReturn<PositionFormValues>;
  /** The active switch shows only when editing; a new position starts active. */
  editing: boolean;
};

/** The position form: code, name, description, location, NFC id (generated on request), coordinates. */
export function PositionFormFields({ form, editing }: Props) {
  const { t } = useTranslation();
  const { control, setValue, setError, clearErrors } = form;
  const field = fieldsOf(control, 'position');
  const [locating, setLocating] = useState(false);

  const useLocation = async () => {
    setLocating(true);
    try {
      const { latitude, longitude } = await currentCoordinates();
      setValue('latitude', latitude, { shouldDirty: true, shouldValidate: true });
      setValue('longitude', longitude, { shouldDirty: true, shouldValidate: true });
      clearErrors('location');
    } catch {
      // A failed lookup shows on the location field.
      setError('location', { type: 'geolocation', message: formMessage('positions.form.locationFailed') });
    } finally {
      setLocating(false);
    }
  };

  const coordinateField = (name: 'latitude' | 'longitude') => (
    <NumberField {...field(name, t(`positions.form.${name}`))} decimals={COORDINATE_DECIMALS} />
  );

  return (
    <div className="form-grid position-form">
      <TextField {...field('position_code', t('positions.form.code'), 'position-code')} />
      <TextField {...field('name', t('positions.form.name'))} />
      <TextAreaField
        {...field('description', t('positions.form.description'))}
        rows={2}
        className="form-grid__full"
      />
      <TextField {...field('location', t('positions.form.location'))} className="form-grid__full" />
      <TextField
        {...field('nfc_tag_id', t('positions.form.nfcTagId'), 'position-nfc')}
        hint={t('positions.form.nfcHint')}
        className="form-grid__full"
        spellCheck={false}
        addon={
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
        }
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
          {...field('is_active', t('positions.form.active'), 'position-active')}
          hint={t('positions.form.activeHint')}
          className="form-grid__full"
        />
      ) : null}
    </div>
  );
}
