import { LANGUAGES, type Language } from '../domain/languages.ts';

export { LANGUAGES, type Language };

/** Region used for dates and numbers: British English keeps the spec's day-first DD/MM/YYYY. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', fi: 'fi-FI', sv: 'sv-SE' };

export function toLanguage(lng: string | undefined | null): Language {
  const base = (lng ?? '').toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}
