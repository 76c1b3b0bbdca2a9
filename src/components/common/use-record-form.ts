/**
 * The add/edit dialog of one record, on useDialogForm: a form definition (the schema and, where
 * they are not the schema's, its values and the fields server errors may name) and the screen's
 * own create and update calls. No record adds, a record edits it; the header follows. Returns the
 * form and every AppDialog prop but formId:
 *
 *   const { form, dialogProps } = useRecordForm({
 *     ...positionGroupForm, record: group, ...shown,
 *     header: [t('positionGroups.add'), t('positionGroups.edit')],
 *     create: (v) => create.mutateAsync({ data: toCreateBody(v) }),
 *     update: (row, v) => update.mutateAsync({ id: row.id, data: toUpdateBody(v) }),
 *     failureMessage: t('positionGroups.saveFailed'),
 *   });
 *   return <AppDialog formId="position-group-form" {...dialogProps}>…</AppDialog>;
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import type { InferType, ObjectSchema, Schema } from 'yup';
import { schemaFields } from './form-rules.ts';
import type { ServerErrorFields, ServerErrorOverrides } from './server-errors.ts';
import { type DialogFormOptions, useDialogForm } from './use-dialog-form.ts';

// biome-ignore lint/suspicious/noExplicitAny: any yup object schema; the form's values are its InferType.
type AnyObjectSchema = ObjectSchema<any, any, any, any>;

/** What a record's form is, apart from any screen: written once beside its yup schema. */
export interface RecordForm<R, S extends AnyObjectSchema> {
  /** Built once (a module constant, or memoized where it depends on props), so the resolver is too. */
  schema: S;
  /** What the form shows on open, for a record or null; by default recordValues(schema, record). */
  values?: (record: R | null) => DefaultValues<InferType<S>>;
  /** The form's fields a server error may name (or an API-to-form name map); by default the schema's. */
  fields?: ServerErrorFields<InferType<S>>;
  /** Server rules worded as this form words them, e.g. { 'group_code.unique': … }. */
  overrides?: ServerErrorOverrides;
  /** What the saved record is called, for the toast ("A-102 saved"); "Saved" without it. */
  name?: (values: InferType<S>) => string;
}

/** What a screen hands its record dialog (useEditDialog's dialogProps). */
export interface RecordDialogProps {
  visible: boolean;
  onHide: () => void;
  /**
   * Closes the dialog and says what was saved (its name when the form gives one); after a create,
   * the new record's id, so the screen can show it (useEditDialog's `created`).
   */
  onSaved: (name?: string, createdId?: number) => void;
}

export interface RecordFormOptions<R, S extends AnyObjectSchema> extends RecordForm<R, S>, RecordDialogProps {
  /** The record to edit, or null to add one. */
  record: R | null;
  /** [the add header, the edit header]. */
  header: [string, string];
  create: (values: InferType<S>) => Promise<unknown>;
  update: (record: R, values: InferType<S>) => Promise<unknown>;
  failureMessage: DialogFormOptions<FieldValues>['failureMessage'];
}

/**
 * The form's values for a record: each of the schema's fields from the record's property of the
 * same name, or, where the record has none (or null, or there is no record), the field's default
 * ('' for text without one, so every input starts controlled).
 */
export function recordValues<S extends AnyObjectSchema>(
  schema: S,
  record: object | null,
): DefaultValues<InferType<S>> {
  const from = (record ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.fields as Record<string, Schema>)) {
    const fallback = field.getDefault();
    values[name] = from[name] ?? fallback ?? (field.type === 'string' ? '' : undefined);
  }
  return values as DefaultValues<InferType<S>>;
}

/** The id of the record a create answered: `{ id }` itself, or the one record in `{ user: { id } }`. */
export function createdIdOf(answer: unknown): number | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const id = (answer as { id?: unknown }).id;
  if (typeof id === 'number') return id;
  for (const value of Object.values(answer)) {
    const inner = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
    if (typeof inner === 'number') return inner;
  }
  return undefined;
}

/** A record's version as the API answers it (its updated_at), if it has one. */
export function versionOf(record: unknown): string | null {
  const value = (record as { updated_at?: unknown } | null)?.updated_at;
  return typeof value === 'string' ? value : null;
}

export function useRecordForm<R, S extends AnyObjectSchema>(options: RecordFormOptions<R, S>) {
  type T = InferType<S>;
  const { schema, record, visible, onHide, onSaved, header, create, update, failureMessage } = options;
  const resolver = useMemo(() => yupResolver(schema) as Resolver<T>, [schema]);
  const valuesOf = (r: R | null) =>
    options.values ? options.values(r) : recordValues(schema, r as object | null);
  const { form, dialogProps } = useDialogForm<T>({
    resolver,
    values: valuesOf(record),
    // Editing: the save is based on the version loaded (409 EDIT_CONFLICT when someone saved since).
    version: versionOf(record),
    reloadValues: (changed) => valuesOf({ ...(record as object), ...changed } as R),
    visible,
    fields: options.fields ?? (schemaFields(schema) as Path<T>[]),
    overrides: options.overrides,
    save: (values) => (record ? update(record, values) : create(values)),
    onSaved: (values, answer) => onSaved(options.name?.(values), record ? undefined : createdIdOf(answer)),
    failureMessage,
  });
  return {
    form,
    dialogProps: { ...dialogProps, visible, onHide, header: record ? header[1] : header[0] },
  };
}
