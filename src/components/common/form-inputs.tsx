/**
 * Form inputs bound to react-hook-form, each in a labelled FormField that shows its translated
 * error: the Controller wiring every resource form would otherwise repeat per field. The input's
 * id is `id` (tests and e2e find fields by their label; a few by id, e.g. '#user-role').
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { Switch } from './switch.tsx';

type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  /** The input's id, unique on the page, e.g. 'user-email'. */
  id: string;
  label: string;
  hint?: string;
  /** Layout classes for the field, e.g. 'form-grid__full'. */
  className?: string;
};

const described = (id: string, error: unknown, hint?: string) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextField<T extends FieldValues>(
  props: FieldProps<T> & { type?: 'text' | 'email'; autoComplete?: string; readOnly?: boolean },
) {
  const { control, name, id, label, hint, className, type = 'text', autoComplete = 'off', readOnly } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint} className={className}>
          <InputText
            id={id}
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            type={type}
            autoComplete={autoComplete}
            readOnly={readOnly}
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={described(id, error, hint)}
          />
        </FormField>
      )}
    />
  );
}

export function TextAreaField<T extends FieldValues>(props: FieldProps<T> & { rows?: number }) {
  const { control, name, id, label, hint, className, rows = 3 } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint} className={className}>
          <InputTextarea
            id={id}
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            rows={rows}
            autoResize
            invalid={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={described(id, error, hint)}
          />
        </FormField>
      )}
    />
  );
}

export function PasswordField<T extends FieldValues>(props: FieldProps<T> & { autoComplete?: string }) {
  const { control, name, id, label, hint, className, autoComplete = 'new-password' } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint} className={className}>
          <Password
            inputId={id}
            inputRef={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            feedback={false}
            toggleMask
            autoComplete={autoComplete}
            invalid={Boolean(error)}
            aria-describedby={described(id, error, hint)}
          />
        </FormField>
      )}
    />
  );
}

export function DropdownField<T extends FieldValues, V extends string | number>(
  props: FieldProps<T> & { options: readonly { label: string; value: V }[]; placeholder?: string },
) {
  const { control, name, id, label, hint, className, options, placeholder } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint} className={className}>
          <Dropdown
            inputId={id}
            inputRef={field.ref}
            value={field.value}
            onChange={(e) => field.onChange(e.value)}
            onBlur={field.onBlur}
            options={[...options]}
            placeholder={placeholder}
            invalid={Boolean(error)}
            aria-describedby={described(id, error, hint)}
            // axe: PrimeReact's decorative trigger and hidden native select otherwise have no name.
            pt={{ trigger: { 'aria-hidden': true }, select: { 'aria-label': label } }}
          />
        </FormField>
      )}
    />
  );
}

/** A switch with its label beside it and the hint below (spec §5: is_active). */
export function SwitchField<T extends FieldValues>(props: FieldProps<T>) {
  const { control, name, id, label, hint, className } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div className={`form-switch${className ? ` ${className}` : ''}`}>
          <Switch
            inputId={id}
            inputRef={field.ref}
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.value)}
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
          <div>
            <label htmlFor={id}>{label}</label>
            {hint ? (
              <small id={`${id}-hint`} className="form-field__hint">
                {hint}
              </small>
            ) : null}
          </div>
        </div>
      )}
    />
  );
}
