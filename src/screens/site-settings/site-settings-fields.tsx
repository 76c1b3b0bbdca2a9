/**
 * The two inputs the settings form needs beyond the kit's fields: a whole-number text input
 * (anything can be typed; the schema parses it) that can be disabled, and the time zone
 * picker (every zone the server accepts, i.e. the database knows, filterable).
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useMemo } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useListTimeZones } from '../../api/gen/site-settings/site-settings.ts';
import { FormField } from '../../components/common/form-field.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
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

type ZoneOption = { label: string; value: string };
const zoneOption = (zone: string): ZoneOption => ({ label: zone.replaceAll('_', ' '), value: zone });

/** The saved zone stays shown while the list loads (or if the list no longer has it). */
const withValue = (options: ZoneOption[], value: string | undefined) =>
  !value || options.some((o) => o.value === value) ? options : [zoneOption(value), ...options];

export function TimezoneField(props: Props<'timezone'>) {
  const { control, name, id, label, hint, placeholder } = props;
  // The list changes only with a server upgrade: fetched once per page load.
  const zones = useListTimeZones({ query: { staleTime: Number.POSITIVE_INFINITY } });
  const options = useMemo(() => (zones.data?.time_zones ?? []).map(zoneOption), [zones.data]);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint}>
          <Dropdown
            inputId={id}
            options={withValue(options, field.value)}
            inputRef={field.ref}
            value={field.value}
            onChange={(e) => field.onChange(e.value)}
            onBlur={field.onBlur}
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
