/**
 * Form inputs bound to react-hook-form, each in a labelled FormField that shows its translated
 * error: the Controller wiring every resource form would otherwise repeat per field. The input's
 * id is `id` (tests and e2e find fields by their label; a few by id, e.g. '#user-role').
 */
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './form-field.tsx';
import { AppMultiSelect } from './multi-select.tsx';
import { dropdownPt } from './select-a11y.ts';
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

/** What a bound input needs from its field: the form binding, invalid, and its description's id. */
type Bound<T extends FieldValues> = {
  field: ControllerRenderProps<T, Path<T>>;
  invalid: boolean;
  describedBy: string | undefined;
};

/** The Controller and labelled FormField around one input; `children` renders the input. */
function BoundField<T extends FieldValues>(
  props: FieldProps<T> & { children: (bound: Bound<T>) => ReactNode },
) {
  const { control, name, id, label, hint, className, children } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState: { error } }) => (
        <FormField id={id} label={label} error={error?.message} hint={hint} className={className}>
          {children({ field, invalid: Boolean(error), describedBy: described(id, error, hint) })}
        </FormField>
      )}
    />
  );
}

/**
 * One form's bindings: `field(name, label)` gives an input its control, name, label and the id
 * `${prefix}-${name}` (a third argument names another id), so a form states only what differs.
 *
 *   const field = fieldsOf(control, 'user');
 *   <TextField {...field('email', t('users.form.email'))} type="email" />
 */
export function fieldsOf<T extends FieldValues>(control: Control<T>, prefix: string) {
  return <N extends Path<T>>(name: N, label: string, id = `${prefix}-${name}`) => ({
    control,
    name,
    id,
    label,
  });
}

export function TextField<T extends FieldValues>(
  props: FieldProps<T> & {
    type?: 'text' | 'email';
    autoComplete?: string;
    readOnly?: boolean;
    spellCheck?: boolean;
    /** A button (or more) joined to the input's end, e.g. "Generate" (a PrimeReact input group). */
    addon?: ReactNode;
  },
) {
  const { id, type = 'text', autoComplete = 'off', readOnly, spellCheck, addon } = props;
  return (
    <BoundField {...props}>
      {({ field, invalid, describedBy }) => {
        const input = (
          <InputText
            id={id}
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            type={type}
            autoComplete={autoComplete}
            spellCheck={spellCheck}
            readOnly={readOnly}
            invalid={invalid}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        );
        return addon ? (
          <div className="p-inputgroup">
            {input}
            {addon}
          </div>
        ) : (
          input
        );
      }}
    </BoundField>
  );
}

export function TextAreaField<T extends FieldValues>(props: FieldProps<T> & { rows?: number }) {
  const { id, rows = 3 } = props;
  return (
    <BoundField {...props}>
      {({ field, invalid, describedBy }) => (
        <InputTextarea
          id={id}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          rows={rows}
          autoResize
          invalid={invalid}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      )}
    </BoundField>
  );
}

export function PasswordField<T extends FieldValues>(props: FieldProps<T> & { autoComplete?: string }) {
  const { id, autoComplete = 'new-password' } = props;
  return (
    <BoundField {...props}>
      {({ field, invalid, describedBy }) => (
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
          invalid={invalid}
          aria-describedby={describedBy}
        />
      )}
    </BoundField>
  );
}

export function DropdownField<T extends FieldValues, V extends string | number>(
  props: FieldProps<T> & {
    options: readonly { label: string; value: V }[];
    placeholder?: string;
    /** A filter box in the menu (long lists: users, positions). */
    filter?: boolean;
    /** A clear button: the value becomes null. */
    showClear?: boolean;
    loading?: boolean;
  },
) {
  const { id, label, options, placeholder, filter, showClear, loading } = props;
  return (
    <BoundField {...props}>
      {({ field, invalid, describedBy }) => (
        <Dropdown
          inputId={id}
          inputRef={field.ref}
          value={field.value}
          onChange={(e) => field.onChange(e.value ?? null)}
          onBlur={field.onBlur}
          options={[...options]}
          placeholder={placeholder}
          filter={filter}
          showClear={showClear}
          loading={loading}
          invalid={invalid}
          aria-describedby={describedBy}
          pt={dropdownPt(label)}
        />
      )}
    </BoundField>
  );
}

/**
 * PrimeReact's InputNumber (10.9) takes a minus typed at the start for a decimal sign and shows
 * "0", so -33.8688 would be sent as 33.8688. The sign is put in here; the input reads it back as
 * the number is typed on, and on blur.
 */
function typeMinusSign(event: KeyboardEvent<HTMLInputElement>, min: number | undefined) {
  const input = event.currentTarget;
  if (event.key !== '-' || (min !== undefined && min >= 0)) return;
  if (input.value.includes('-') || input.selectionStart !== 0) return;
  event.preventDefault();
  input.value = `-${input.value}`;
  input.setSelectionRange(1, 1);
}

/**
 * A number, empty as null, in the console's language. Whole numbers unless `decimals` is given
 * (then up to that many fraction digits, e.g. coordinates).
 */
export function NumberField<T extends FieldValues>(
  props: FieldProps<T> & { min?: number; max?: number; decimals?: number },
) {
  const { id, min, max, decimals } = props;
  const { i18n } = useTranslation();
  return (
    <BoundField {...props}>
      {({ field, invalid, describedBy }) => (
        <InputNumber
          inputId={id}
          inputRef={field.ref}
          value={field.value ?? null}
          onValueChange={(e) => field.onChange(e.value ?? null)}
          onKeyDown={(e) => typeMinusSign(e, min)}
          onBlur={field.onBlur}
          min={min}
          max={max}
          mode="decimal"
          locale={i18n.resolvedLanguage}
          useGrouping={false}
          minFractionDigits={decimals === undefined ? undefined : 0}
          maxFractionDigits={decimals}
          invalid={invalid}
          aria-describedby={describedBy}
        />
      )}
    </BoundField>
  );
}

/**
 * A filterable multi-select of ids or codes, shown as chips, its menu at most 300px high. `kept`
 * values stay in the field's value without being offered (e.g. inactive positions already in a
 * group): the menu shows and changes the rest, and every change keeps them. `children` show below
 * the input (e.g. a warning about the kept ones).
 */
export function MultiSelectField<T extends FieldValues, V extends string | number>(
  props: FieldProps<T> & {
    options: readonly { label: string; value: V }[];
    placeholder?: string;
    /** The filter box's placeholder and accessible name. */
    filterLabel: string;
    emptyMessage?: string;
    loading?: boolean;
    kept?: (value: V) => boolean;
    /** Classes of the input and of its menu. */
    inputClassName?: string;
    panelClassName?: string;
    children?: ReactNode;
  },
) {
  const { id, options, placeholder, filterLabel, emptyMessage, loading, kept } = props;
  const { inputClassName, panelClassName, children, ...fieldProps } = props;
  return (
    <BoundField {...fieldProps}>
      {({ field, invalid, describedBy }) => {
        const values: V[] = field.value ?? [];
        const hidden = kept ? values.filter(kept) : [];
        const shown = kept ? values.filter((v) => !kept(v)) : values;
        return (
          <>
            <AppMultiSelect
              inputId={id}
              inputRef={field.ref}
              value={shown}
              options={[...options]}
              onChange={(e) => field.onChange([...hidden, ...(e.value as V[])])}
              onBlur={field.onBlur}
              filterLabel={filterLabel}
              placeholder={placeholder}
              emptyMessage={emptyMessage}
              loading={loading}
              invalid={invalid}
              aria-describedby={describedBy}
              className={inputClassName}
              panelClassName={panelClassName}
            />
            {children}
          </>
        );
      }}
    </BoundField>
  );
}

/** A switch with its label beside it and the hint below (e.g. is_active). */
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
