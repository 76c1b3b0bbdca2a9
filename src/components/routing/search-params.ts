/**
 * Readers for a screen's validateSearch (filters, tabs and selections kept in the URL). Each
 * returns a valid value or undefined, never throws: a hand-edited or stale URL shows the screen
 * with its defaults instead of an error. Return undefined for a default so the URL stays clean
 * (the router leaves undefined keys out):
 *
 *   export const validatePositionsSearch = (search: Record<string, unknown>) => ({
 *     inactive: booleanParam(search.inactive),            // true, or undefined for "hidden"
 *   });
 */

/** `true` for true or 'true'; anything else is undefined (false is the default). */
export function booleanParam(value: unknown): true | undefined {
  return value === true || value === 'true' ? true : undefined;
}

/** One of `allowed`, or undefined. */
export function enumParam<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A positive whole number (a record id), from a number or a numeric string, or undefined. */
export function idParam(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A non-empty trimmed string (a search text), or undefined. */
export function textParam(value: unknown, maxLength = 200): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().slice(0, maxLength);
  return text === '' ? undefined : text;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD, that exists (a day filter), or undefined. */
export function dayParam(value: unknown): string | undefined {
  const text = textParam(value, 10);
  return text && DAY.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
}
