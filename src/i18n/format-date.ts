import i18n from 'i18next';
import { LOCALES, toLanguage } from './languages.ts';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = LOCALES[toLanguage(lng)];
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** A date in the current (or given) language; '' for a missing or unparseable value. */
export function formatDate(
  value: string | number | Date | null | undefined,
  lng: string = i18n.resolvedLanguage ?? i18n.language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(lng, options).format(date);
}

export function formatDateTime(value: string | number | Date | null | undefined, lng?: string): string {
  return formatDate(value, lng, { dateStyle: 'medium', timeStyle: 'short' });
}
