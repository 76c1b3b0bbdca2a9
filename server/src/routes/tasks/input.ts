/** Input clean-up every task area shares: text is trimmed before its length rule is checked again. */
import { errors } from '../../lib/errors.ts';

/** Whitespace alone must not pass the length rule the schema checked on the untrimmed text. */
export function trimmedText(field: string, value: string, min: number): string {
  const trimmed = value.trim();
  if (trimmed === '') throw errors.fieldError(field, 'required');
  if (trimmed.length < min) throw errors.fieldError(field, 'minLength', { min });
  return trimmed;
}

/** Optional text: trimmed, and blank stored as null. Undefined stays undefined (field not sent). */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
