/**
 * The form behind an AppDialog: reset to `values` each time the dialog opens, validate with the
 * resolver, save, then either onSaved or the server's field errors on their fields, and the
 * dialog-level failure only when no field matched. Returns the form and AppDialog's props.
 *
 * Editing a record, the save carries the `version` it was loaded at (src/api/edit-version.ts
 * savingOver). When someone else saved the record since (409 EDIT_CONFLICT), each field they
 * changed says so under it with its value now, and the dialog offers to load their version or to
 * keep the user's values and save over it (AppDialog's `conflict`).
 */
import { type BaseSyntheticEvent, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { savingOver } from '../../api/edit-version.ts';
import { conflictValueText, type EditConflict, editConflictOf } from './edit-conflict.ts';
import {
  applyServerErrors,
  formFieldOf,
  type ServerErrorFields,
  type ServerErrorOverrides,
} from './server-errors.ts';

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
  /** Editing: the version the record was loaded at (its updated_at), sent with the save. */
  version?: string | null;
  /** Editing: the form's values for the record with someone else's changes (API names) applied. */
  reloadValues?: (changed: Record<string, unknown>) => DefaultValues<T>;
}

/** What AppDialog offers after a save refused because the record changed elsewhere. */
export interface DialogConflict {
  onReload: () => void;
  onKeepMine: () => void;
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
    /** Someone else saved the record first: AppDialog offers their version or a save over it. */
    conflict: DialogConflict | null;
  };
}

export function useDialogForm<T extends FieldValues>(options: DialogFormOptions<T>): DialogFormResult<T> {
  const { resolver, values, visible, fields, overrides, save, onSaved, failureMessage } = options;
  const { t } = useTranslation();
  const form = useForm<T>({ resolver, defaultValues: values });
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  // Only opening resets: a list refetch while the dialog is open must not wipe what was typed.
  const latest = useRef(values);
  latest.current = values;
  const loadedVersion = useRef(options.version);
  loadedVersion.current = options.version;
  /** The version the next save is based on: the loaded one, or the one a conflict named. */
  const version = useRef<string | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (!visible) return;
    reset(latest.current);
    setError(null);
    setConflict(null);
    version.current = loadedVersion.current ?? null;
  }, [visible, reset]);

  /** Marks each field someone else changed with its value now; names the others in the alert. */
  const showConflict = (found: EditConflict) => {
    const unmarked: string[] = [];
    let first = true;
    for (const [apiField, value] of Object.entries(found.changed)) {
      const field = formFieldOf(fields, apiField);
      if (!field) {
        unmarked.push(apiField);
        continue;
      }
      const message = t('common.editConflict.field', { value: conflictValueText(t, value) });
      form.setError(field, { type: 'edit_conflict', message }, { shouldFocus: first });
      first = false;
    }
    const lead = t(first ? 'common.editConflict.messagePlain' : 'common.editConflict.message');
    const also = unmarked.length ? ` ${t('common.editConflict.also', { fields: unmarked.join(', ') })}` : '';
    setError(`${lead}${also}`);
    setConflict(found);
  };

  const onSubmit = form.handleSubmit(async (valid) => {
    setError(null);
    setConflict(null);
    try {
      const answer = await savingOver(version.current, () => save(valid));
      onSaved(valid, answer);
    } catch (failure) {
      const found = editConflictOf(failure);
      if (found) return showConflict(found);
      if (applyServerErrors(failure, form.setError, fields, overrides)) return;
      setError(typeof failureMessage === 'function' ? failureMessage(failure) : failureMessage);
    }
  });

  const settle = (found: EditConflict) => {
    version.current = found.version;
    setConflict(null);
    setError(null);
    form.clearErrors();
  };
  const dialogConflict: DialogConflict | null = conflict && {
    onReload: () => {
      settle(conflict);
      if (options.reloadValues) {
        reset(options.reloadValues(conflict.changed));
        return;
      }
      // Without a record to rebuild from: their values on the fields that have them.
      for (const [apiField, value] of Object.entries(conflict.changed)) {
        const field = formFieldOf(fields, apiField);
        if (field) form.setValue(field as Path<T>, value as never, { shouldDirty: true });
      }
    },
    onKeepMine: () => {
      settle(conflict);
      void onSubmit();
    },
  };

  const { isSubmitting, isDirty } = form.formState;
  return {
    form,
    dialogProps: { onSubmit, saving: isSubmitting, error, dirty: isDirty, conflict: dialogConflict },
  };
}
