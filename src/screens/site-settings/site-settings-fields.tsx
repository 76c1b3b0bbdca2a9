/**
 * The two inputs the settings form needs beyond the kit's fields: a whole-number text input
 * (spec §5: anything can be typed; the schema parses it) that can be disabled, and the time zone
 * picker (every IANA zone the browser knows, filterable).
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useMemo } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { FormField } from '../../components/common/form-field.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { timeZones } from '../../domain/site-settings.ts';
import type { SiteSettingsFormValues } from './site-settings-form.schema.ts';

type Props<N extends keyof SiteSettingsFormValues> = {
  control: Control<SiteSettingsFormValues>;
  name: N;
  id: string;
  label: string;
  hint?: string;
  disabled?: boolean;
  placeholder?: string;
};

const described = (id: string, error: unknown, hint?: string) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function WholeNumberField(
  props: Props<'maxUsersPerSite' | 'workEntryRetentionDays' | 'maxFileUploadSize'>,
) {
  const { control, name, id, label, hint, disabled } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint}>
          <InputText
            id={id}
            ref={field.ref}
            name={field.name}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputMode="numeric"
            disabled={disabled}
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={described(id, error, hint)}
          />
        </FormField>
      )}
    />
  );
}

export function TimezoneField(props: Props<'timezone'>) {
  const { control, name, id, label, hint, placeholder } = props;
  const options = useMemo(
    () => timeZones().map((zone) => ({ label: zone.replaceAll('_', ' '), value: zone })),
    [],
  );
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint}>
          <Dropdown
            inputId={id}
            inputRef={field.ref}
            value={field.value}
            onChange={(e) => field.onChange(e.value)}
            onBlur={field.onBlur}
            options={options}
            filter
            filterInputAutoFocus
            placeholder={placeholder}
            virtualScrollerOptions={{ itemSize: 38 }}
            invalid={Boolean(error)}
            aria-describedby={described(id, error, hint)}
            pt={dropdownPt(label)}
          />
        </FormField>
      )}
    />
  );
}
