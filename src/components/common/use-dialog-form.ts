/**
 * The form behind an AppDialog: reset to `values` each time the dialog opens, validate with the
 * resolver, save, then either onSaved or the server's field errors on their fields, and the
 * dialog-level failure only when no field matched. Returns the form and AppDialog's props.
 */
import { type BaseSyntheticEvent, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { applyServerErrors, type ServerErrorFields, type ServerErrorOverrides } from './server-errors.ts';

export interface DialogFormOptions<T extends FieldValues> {
  /** yupResolver(schema), with T = yup.InferType of the schema. */
  resolver: Resolver<T>;
  /** What the form shows on open (the record being edited, or the empty form, which may leave out a pick like a role). */
  values: NoInfer<DefaultValues<T>>;
  visible: boolean;
  /** The form's fields that server errors may name (or an API-to-form name map). */
  fields: ServerErrorFields<T>;
  /** Messages for server rules, e.g. { unique: formMessage('users.emailTaken') }. */
  overrides?: ServerErrorOverrides;
  /** Sends the validated values; rejects with the ApiError. */
  save: (values: T) => Promise<unknown>;
  /** After a save, with the values sent and what the save answered (a created record's body). */
  onSaved: (values: T, answer: unknown) => void;
  /** The text of the dialog-level alert, e.g. t('users.saveFailed'); a function gets the error. */
  failureMessage: string | ((error: unknown) => string);
}

export interface DialogFormResult<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Spread onto AppDialog: onSubmit, saving and error. */
  dialogProps: {
    onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
    saving: boolean;
    error: string | null;
    /** Closing asks first (AppDialog). */
    dirty: boolean;
  };
}

export function useDialogForm<T extends FieldValues>(options: DialogFormOptions<T>): DialogFormResult<T> {
  const { resolver, values, visible, fields, overrides, save, onSaved, failureMessage } = options;
  const form = useForm<T>({ resolver, defaultValues: values });
  const [error, setError] = useState<string | null>(null);
  // Only opening resets: a list refetch while the dialog is open must not wipe what was typed.
  const latest = useRef(values);
  latest.current = values;
  const { reset } = form;
  useEffect(() => {
    if (!visible) return;
    reset(latest.current);
    setError(null);
  }, [visible, reset]);

  const onSubmit = form.handleSubmit(async (valid) => {
    setError(null);
    try {
      const answer = await save(valid);
      onSaved(valid, answer);
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, fields, overrides)) return;
      setError(typeof failureMessage === 'function' ? failureMessage(failure) : failureMessage);
    }
  });

  const { isSubmitting, isDirty } = form.formState;
  return { form, dialogProps: { onSubmit, saving: isSubmitting, error, dirty: isDirty } };
}
