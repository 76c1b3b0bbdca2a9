/**
 * Text a request carries, as services keep it. The schema has checked a value's length as sent;
 * these trim it and check again, so whitespace alone never passes a length rule, on its field.
 */
import { errors } from './errors.ts';

/** A required name, trimmed; refused on `field` when empty or shorter than `min` once trimmed. */
export function trimmedName(field: string, value: string, min: number): string {
  const trimmed = value.trim();
  if (trimmed === '') throw errors.fieldError(field, 'required');
  if (trimmed.length < min) throw errors.fieldError(field, 'minLength', { min });
  return trimmed;
}

/** Optional text (a description, notes), trimmed; empty or absent is kept as null. */
export const textOrNull = (value: string | null | undefined): string | null => value?.trim() || null;

/** Optional text in an update: trimmed, blank stored as null, and undefined (not sent) left as it is. */
export function optionalText(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : textOrNull(value);
}
