/**
 * The shared coverage report's texts, in the browser's language (en, fi or sv): the page has no
 * sign-in and no user setting, and loads none of the console's texts.
 */
const en = {
  title: 'Coverage report',
  loading: 'Loading the report…',
  gone: 'This link does not work: it may have expired or been withdrawn. Ask whoever sent it for a new one.',
  failed: 'The report could not be loaded. Try again in a moment.',
  tooMany: 'Too many requests. Try again in a minute.',
  period: 'Period',
  scope: 'Positions',
  all: 'Every position',
  timeZone: 'Times in {tz}',
  validUntil: 'This link works until {date}.',
  onTimePercent: 'On time',
  windows: 'Windows',
  onTime: 'On time',
  late: 'Late',
  missed: 'Missed',
  excused: 'Excused',
  perDay: 'Per day',
  day: 'Day',
  percent: 'On time %',
  positions: 'Positions, worst first',
  position: 'Position',
  workers: 'Workers',
  worker: 'Worker',
  none: 'No judged windows in this period',
  trend: 'On time per day, in percent: from {first} to {last}; lowest {low}, highest {high}.',
  print: 'Print',
  readOnly: 'A read-only report shared from Tagger.',
};
type Texts = typeof en;

const fi: Texts = {
  title: 'Kattavuusraportti',
  loading: 'Ladataan raporttia…',
  gone: 'Linkki ei toimi: se on ehkä vanhentunut tai peruttu. Pyydä lähettäjältä uusi.',
  failed: 'Raporttia ei voitu ladata. Yritä hetken päästä uudelleen.',
  tooMany: 'Liian monta pyyntöä. Yritä minuutin päästä uudelleen.',
  period: 'Jakso',
  scope: 'Kohteet',
  all: 'Kaikki kohteet',
  timeZone: 'Ajat aikavyöhykkeellä {tz}',
  validUntil: 'Linkki toimii {date} asti.',
  onTimePercent: 'Ajallaan',
  windows: 'Ikkunat',
  onTime: 'Ajallaan',
  late: 'Myöhässä',
  missed: 'Väliin jääneet',
  excused: 'Hyväksytyt',
  perDay: 'Päivittäin',
  day: 'Päivä',
  percent: 'Ajallaan %',
  positions: 'Kohteet, heikoimmat ensin',
  position: 'Kohde',
  workers: 'Työntekijät',
  worker: 'Työntekijä',
  none: 'Ei arvioituja ikkunoita tällä jaksolla',
  trend: 'Ajallaan päivittäin prosentteina: {first} – {last}; alin {low}, korkein {high}.',
  print: 'Tulosta',
  readOnly: 'Taggerista jaettu vain luku -raportti.',
};

const sv: Texts = {
  title: 'Täckningsrapport',
  loading: 'Rapporten laddas…',
  gone: 'Länken fungerar inte: den kan ha gått ut eller återkallats. Be avsändaren om en ny.',
  failed: 'Rapporten kunde inte laddas. Försök igen om en stund.',
  tooMany: 'För många förfrågningar. Försök igen om en minut.',
  period: 'Period',
  scope: 'Positioner',
  all: 'Alla positioner',
  timeZone: 'Tider i {tz}',
  validUntil: 'Länken fungerar till {date}.',
  onTimePercent: 'I tid',
  windows: 'Fönster',
  onTime: 'I tid',
  late: 'Sent',
  missed: 'Missade',
  excused: 'Ursäktade',
  perDay: 'Per dag',
  day: 'Dag',
  percent: 'I tid %',
  positions: 'Positioner, sämst först',
  position: 'Position',
  workers: 'Arbetare',
  worker: 'Arbetare',
  none: 'Inga bedömda fönster under perioden',
  trend: 'I tid per dag i procent: från {first} till {last}; lägst {low}, högst {high}.',
  print: 'Skriv ut',
  readOnly: 'En skrivskyddad rapport delad från Tagger.',
};

export const SHARE_TEXTS = { en, fi, sv } as const;
export type ShareLanguage = keyof typeof SHARE_TEXTS;

/** The first of the browser's languages that the page speaks, else English. */
export function browserLanguage(languages: readonly string[]): ShareLanguage {
  for (const l of languages) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'fi' || base === 'sv' || base === 'en') return base;
  }
  return 'en';
}

export function textsFor(lang: ShareLanguage) {
  const texts = SHARE_TEXTS[lang];
  return (key: keyof Texts, params: Record<string, string> = {}) =>
    texts[key].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
