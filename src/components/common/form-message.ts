import type { TFunction } from 'i18next';

/**
 * Form errors carry an i18n key (plus interpolation values) rather than text, so a message shown
 * before a language switch re-renders in the new language. Encoded in one string because
 * react-hook-form types error messages as strings.
 */
const SEPARATOR = '|';

export function formMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key;
}

export function parseFormMessage(message: string): { key: string; values?: Record<string, string | number> } {
  const at = message.indexOf(SEPARATOR);
  if (at < 0) return { key: message };
  try {
    return { key: message.slice(0, at), values: JSON.parse(message.slice(at + 1)) };
  } catch {
    return { key: message };
  }
}

/** Translates an encoded message; text that is no known key (a server message) shows as it is. */
export function translateFormMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  const { key, values } = parseFormMessage(message);
  // Keys are dynamic here, so the typed-key check cannot help.
  return (t as unknown as (k: string, o: object) => string)(key, { ...values, defaultValue: key });
}
