import { InputNumber } from 'primereact/inputnumber';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '../../components/common/form-field.tsx';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  hint?: string;
  min: number;
  max: number;
  className?: string;
};

/** A whole-number input bound to the form (priority, duration); empty is null. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  min,
  max,
  className,
}: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint} className={className}>
          <InputNumber
            inputId={id}
            inputRef={field.ref}
            value={field.value ?? null}
            onValueChange={(e) => field.onChange(e.value ?? null)}
            onBlur={field.onBlur}
            min={min}
            max={max}
            useGrouping={false}
            invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          />
        </FormField>
      )}
    />
  );
}
