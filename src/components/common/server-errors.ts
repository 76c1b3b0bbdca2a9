/**
 * Server field errors onto form fields: a 400 or 409 names the field, and the form shows the
 * message under it, translated when the rule is one of the generic ones. The dialog shows its
 * generic "Failed to save X" only when no detail matched a field.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorDetailsOf } from '../../api/api-error.ts';
import type { ErrorDetail } from '../../api/gen/model';
import { en } from '../../i18n/locales/en.ts';
import { formMessage } from './form-message.ts';

/**
 * Messages that replace the generic one, as encoded form messages (formMessage), keyed by rule
 * (`unique`) or by API field and rule (`nfc_tag_id.unique`); the field key wins.
 */
export type ServerErrorOverrides = Readonly<Record<string, string>>;

/** Form field names, or a map from API field names to form field names when they differ. */
export type ServerErrorFields<T extends FieldValues> =
  | readonly Path<T>[]
  | Readonly<Partial<Record<string, Path<T>>>>;

/**
 * A server detail as an encoded form message: an override, else the generic translated message
 * when `validation.<rule>` exists (its params come from the detail), else the server's own text.
 */
export function detailToFormMessage(detail: ErrorDetail, overrides: ServerErrorOverrides = {}): string {
  const rule = detail.rule ?? '';
  const override = overrides[`${detail.field}.${rule}`] ?? overrides[rule];
  if (override) return override;
  if (!(rule in en.validation)) return detail.message;
  const params = detail.params ?? {};
  const template: string = en.validation[rule as keyof typeof en.validation];
  // A message whose placeholder the server did not fill would read "at least {{min}}".
  const needed = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
  if (needed.some((name) => params[name] === undefined)) return detail.message;
  return formMessage(`validation.${rule}`, needed.length > 0 ? params : undefined);
}

/** The form field an API field is shown on, if the form has one. */
export function formFieldOf<T extends FieldValues>(
  fields: ServerErrorFields<T>,
  apiField: string,
): Path<T> | undefined {
  if (Array.isArray(fields))
    return (fields as readonly string[]).includes(apiField) ? (apiField as Path<T>) : undefined;
  return (fields as Partial<Record<string, Path<T>>>)[apiField];
}

/**
 * Puts each field detail of `error` on its form field (the first message per field wins) and
 * says whether any did. `fields` lists the form's fields, or maps API names to them.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ServerErrorFields<T>,
  overrides: ServerErrorOverrides = {},
): boolean {
  const done = new Set<string>();
  for (const detail of errorDetailsOf(error)) {
    const field = formFieldOf(fields, detail.field);
    if (!field || done.has(field)) continue;
    done.add(field);
    setError(
      field,
      { type: 'server', message: detailToFormMessage(detail, overrides) },
      { shouldFocus: done.size === 1 },
    );
  }
  return done.size > 0;
}
