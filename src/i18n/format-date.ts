import i18n from 'i18next';
import { type DateFormat, isDateFormat } from '../domain/site-settings.ts';
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

/** The site's display settings (Site settings → Display and General): zone and date format. */
export interface SiteDateDisplay {
  timezone?: string;
  dateFormat?: string;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();

function zoned(timeZone: string): Intl.DateTimeFormat {
  let format = partsCache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(timeZone, format);
  }
  return format;
}

/**
 * A date (and optionally its time, 24-hour) in the site's time zone and date format, e.g.
 * '31.12.2025 14:05' for DD.MM.YYYY in Europe/Helsinki. An unknown zone falls back to UTC and an
 * unknown format to DD/MM/YYYY, so a bad setting never blanks a page.
 */
export function formatSiteDate(
  value: string | number | Date | null | undefined,
  display: SiteDateDisplay = {},
  withTime = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format: Intl.DateTimeFormat;
  try {
    format = zoned(display.timezone || 'UTC');
  } catch {
    format = zoned('UTC');
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(date)) part[p.type] = p.value;
  const pattern = display.dateFormat && isDateFormat(display.dateFormat) ? display.dateFormat : 'DD/MM/YYYY';
  const text = pattern.replace('YYYY', part.year).replace('MM', part.month).replace('DD', part.day);
  return withTime ? `${text} ${part.hour}:${part.minute}` : text;
}

export function formatSiteDateTime(
  value: string | number | Date | null | undefined,
  display?: SiteDateDisplay,
) {
  return formatSiteDate(value, display, true);
}

/** PrimeReact Calendar's pattern for a site date format: DD/MM/YYYY → dd/mm/yy (its yy is 4 digits). */
export function calendarDateFormat(dateFormat: string | undefined): string {
  const pattern = dateFormat && isDateFormat(dateFormat) ? dateFormat : 'DD/MM/YYYY';
  return pattern.replace('YYYY', 'yy').replace('MM', 'mm').replace('DD', 'dd');
}

/** A calendar day (YYYY-MM-DD) as the local Date a calendar shows; undefined for anything else. */
export function dayToDate(day: string | undefined): Date | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The calendar day (YYYY-MM-DD) a local Date picked in a calendar stands for. */
export function dateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The site's format without the year, for a day in a short run of days (the dashboard's chart). */
const WITHOUT_YEAR: Record<DateFormat, string> = {
  'DD/MM/YYYY': 'DD/MM',
  'MM/DD/YYYY': 'MM/DD',
  'YYYY-MM-DD': 'MM-DD',
  'DD.MM.YYYY': 'DD.MM.',
};

/**
 * A calendar day (YYYY-MM-DD) in the site's date format, e.g. '05.03.2026', or without its year
 * ('05.03.'), so a chart of days reads as the dates in the lists beside it.
 */
export function formatSiteDay(day: string, dateFormat: string | undefined, withYear = true): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const pattern: DateFormat = dateFormat && isDateFormat(dateFormat) ? dateFormat : 'DD/MM/YYYY';
  return (withYear ? pattern : WITHOUT_YEAR[pattern])
    .replace('YYYY', match[1])
    .replace('MM', match[2])
    .replace('DD', match[3]);
}
