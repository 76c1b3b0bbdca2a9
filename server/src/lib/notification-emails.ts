/**
 * Notification emails' texts in each console language, plain text and HTML through
 * the account emails' layout: a failed work entry, a missed or late visit (several for one
 * recipient at once go in one email), and the daily digest. Every link is built from PUBLIC_URL.
 * Pure: the sender (jobs/notification-sender.ts) hands in the rows' payloads.
 */
import type { Language } from '#domain/languages.ts';
import type { NotificationEventKind } from '#domain/notifications.ts';
import { type RenderedEmail, renderEmail } from './email-layout.ts';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

/** What an event email row carries (written by the outbox consumer). */
export interface EventPayload {
  name: string;
  site: string;
  timezone: string;
  position_id: number | null;
  position_code: string;
  position_name: string;
  /** work_entry.failed */
  entry_id?: number;
  task_name?: string | null;
  worker_name?: string;
  at?: string;
  /** visit.* */
  window_id?: number;
  schedule_name?: string;
  window_start?: string;
  window_end?: string;
  day?: string;
}

export interface DigestPayload {
  name: string;
  site: string;
  day: string;
  entries: number;
  completed: number;
  failed: number;
  windows: number;
  on_time: number;
  late: number;
  missed: number;
  excused: number;
  new_users: number;
}

const LOCALES: Record<Language, string> = { en: 'en-GB', fi: 'fi-FI', sv: 'sv-SE' };

type Fill = Record<string, string | number>;
const fill = (text: string, values: Fill) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

const TEXTS = {
  en: {
    hello: 'Hello {name},',
    helloNoName: 'Hello,',
    failedSubject: 'Failed work entry at {position}',
    missedSubject: 'Missed visit at {position}',
    lateSubject: 'Late visit at {position}',
    manySubject: '{count} notifications from {site}',
    failedLine: '{task} at {position} by {worker} failed ({time}).',
    missedLine: '{schedule} at {position}: nobody visited between {start} and {end}.',
    lateLine: '{schedule} at {position}: visited late (window {start}–{end}).',
    intro: 'At {site}:',
    openEntry: 'Open the work entry',
    openWindow: 'Open the coverage',
    openAll: 'Open the first one',
    noTask: 'Work',
    fallback: 'If the button does not work, open this address:',
    why: 'You receive this because of the notification choices in your Tagger Admin profile, where you can change them.',
    digestSubject: 'Daily summary of {site}, {day}',
    digestIntro: 'Yesterday ({day}) at {site}:',
    digestEntries: 'Work entries: {entries} ({completed} completed, {failed} failed).',
    digestCoverage: 'Coverage: {pct} of {windows} visits on time; {missed} missed, {late} late.',
    digestNoCoverage: 'Coverage: no visits were due.',
    digestUsers: 'New users: {new_users}.',
    digestOpen: 'Open the day’s work entries',
    digestWhy:
      'You receive this daily summary because it is turned on for you or for the site’s admin address.',
  },
  fi: {
    hello: 'Hei {name},',
    helloNoName: 'Hei,',
    failedSubject: 'Epäonnistunut työkirjaus: {position}',
    missedSubject: 'Käymättä jäänyt käynti: {position}',
    lateSubject: 'Myöhästynyt käynti: {position}',
    manySubject: '{count} ilmoitusta työmaalta {site}',
    failedLine: '{task} kohteessa {position} (tekijä {worker}) epäonnistui ({time}).',
    missedLine: '{schedule} kohteessa {position}: kukaan ei käynyt välillä {start}–{end}.',
    lateLine: '{schedule} kohteessa {position}: käynti myöhästyi (ikkuna {start}–{end}).',
    intro: 'Työmaalla {site}:',
    openEntry: 'Avaa työkirjaus',
    openWindow: 'Avaa kattavuus',
    openAll: 'Avaa ensimmäinen',
    noTask: 'Työ',
    fallback: 'Jos painike ei toimi, avaa tämä osoite:',
    why: 'Saat tämän viestin Tagger Adminin profiilisi ilmoitusasetusten vuoksi. Voit muuttaa niitä siellä.',
    digestSubject: 'Päivän yhteenveto: {site}, {day}',
    digestIntro: 'Eilen ({day}) työmaalla {site}:',
    digestEntries: 'Työkirjaukset: {entries} ({completed} valmista, {failed} epäonnistunutta).',
    digestCoverage: 'Kattavuus: {pct} käynneistä ({windows}) ajallaan; {missed} käymättä, {late} myöhässä.',
    digestNoCoverage: 'Kattavuus: käyntejä ei ollut aikataulussa.',
    digestUsers: 'Uudet käyttäjät: {new_users}.',
    digestOpen: 'Avaa päivän työkirjaukset',
    digestWhy:
      'Saat tämän päivittäisen yhteenvedon, koska se on valittu sinulle tai työmaan ylläpitäjän osoitteelle.',
  },
  sv: {
    hello: 'Hej {name},',
    helloNoName: 'Hej,',
    failedSubject: 'Misslyckad arbetspost vid {position}',
    missedSubject: 'Missat besök vid {position}',
    lateSubject: 'Försenat besök vid {position}',
    manySubject: '{count} aviseringar från {site}',
    failedLine: '{task} vid {position} av {worker} misslyckades ({time}).',
    missedLine: '{schedule} vid {position}: ingen besökte mellan {start} och {end}.',
    lateLine: '{schedule} vid {position}: besöket var försenat (fönster {start}–{end}).',
    intro: 'På {site}:',
    openEntry: 'Öppna arbetsposten',
    openWindow: 'Öppna täckningen',
    openAll: 'Öppna den första',
    noTask: 'Arbete',
    fallback: 'Om knappen inte fungerar, öppna den här adressen:',
    why: 'Du får detta på grund av aviseringsvalen i din profil i Tagger Admin, där du kan ändra dem.',
    digestSubject: 'Daglig sammanfattning för {site}, {day}',
    digestIntro: 'I går ({day}) på {site}:',
    digestEntries: 'Arbetsposter: {entries} ({completed} klara, {failed} misslyckade).',
    digestCoverage: 'Täckning: {pct} av {windows} besök i tid; {missed} missade, {late} försenade.',
    digestNoCoverage: 'Täckning: inga besök var planerade.',
    digestUsers: 'Nya användare: {new_users}.',
    digestOpen: 'Öppna dagens arbetsposter',
    digestWhy:
      'Du får denna dagliga sammanfattning eftersom den är påslagen för dig eller för platsens administratörsadress.',
  },
} satisfies Record<Language, Record<string, string>>;

type Key = keyof (typeof TEXTS)['en'];

function formatTime(language: Language, iso: string | undefined, timeZone: string): string {
  if (!iso) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
  try {
    return dateTimeFormat(LOCALES[language], { ...options, timeZone }).format(new Date(iso));
  } catch {
    return dateTimeFormat(LOCALES[language], { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
}

const positionLabel = (p: EventPayload) =>
  p.position_code ? `${p.position_code} ${p.position_name}`.trim() : p.position_name;

/** The console address of what an event is about. */
export function eventLink(publicUrl: string, kind: NotificationEventKind, p: EventPayload): string {
  if (kind === 'work_entry.failed') return `${publicUrl}/work-entries?entry=${p.entry_id}`;
  const params = new URLSearchParams();
  if (p.position_id !== null) params.set('position', String(p.position_id));
  if (p.day) {
    params.set('from', p.day);
    params.set('to', p.day);
  }
  return `${publicUrl}/coverage?${params}`;
}

export function digestLink(publicUrl: string, day: string): string {
  return `${publicUrl}/work-entries?from=${day}&to=${day}`;
}

export interface EventItem {
  kind: NotificationEventKind;
  payload: EventPayload;
}

/** One email for one recipient telling one or more events (in the order given). */
export function eventsEmail(
  language: Language,
  items: EventItem[],
  publicUrl: string,
): RenderedEmail & { link: string } {
  const tx = TEXTS[language];
  const t = (key: Key, values: Fill = {}) => fill(tx[key], values);
  const first = items[0];
  const lineOf = ({ kind, payload: p }: EventItem) => {
    const values: Fill = {
      position: positionLabel(p),
      task: p.task_name || t('noTask'),
      worker: p.worker_name ?? '',
      time: formatTime(language, p.at, p.timezone),
      schedule: p.schedule_name ?? '',
      start: formatTime(language, p.window_start, p.timezone),
      end: formatTime(language, p.window_end, p.timezone),
    };
    const key: Key =
      kind === 'work_entry.failed' ? 'failedLine' : kind === 'visit.missed' ? 'missedLine' : 'lateLine';
    return t(key, values);
  };
  const link = eventLink(publicUrl, first.kind, first.payload);
  const subjectKey: Key =
    first.kind === 'work_entry.failed'
      ? 'failedSubject'
      : first.kind === 'visit.missed'
        ? 'missedSubject'
        : 'lateSubject';
  const subject =
    items.length === 1
      ? t(subjectKey, { position: positionLabel(first.payload) })
      : t('manySubject', { count: items.length, site: first.payload.site });
  const intro =
    items.length === 1
      ? [t('intro', { site: first.payload.site }), lineOf(first)]
      : [
          t('intro', { site: first.payload.site }),
          ...items.map((item) => `• ${lineOf(item)}\n${eventLink(publicUrl, item.kind, item.payload)}`),
        ];
  const actionKey: Key =
    items.length > 1 ? 'openAll' : first.kind === 'work_entry.failed' ? 'openEntry' : 'openWindow';
  const rendered = renderEmail({
    language,
    subject,
    greeting: first.payload.name ? t('hello', { name: first.payload.name }) : t('helloNoName'),
    intro,
    action: { label: t(actionKey), url: link },
    fallback: t('fallback'),
    outro: [t('why')],
  });
  return { ...rendered, link };
}

export function digestEmail(
  language: Language,
  p: DigestPayload,
  publicUrl: string,
): RenderedEmail & { link: string } {
  const tx = TEXTS[language];
  const t = (key: Key, values: Fill = {}) => fill(tx[key], values);
  const [y, m, d] = p.day.split('-').map(Number);
  const day = dateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  const judged = p.windows - p.excused;
  const pct = numberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 0 }).format(
    judged > 0 ? p.on_time / judged : 0,
  );
  const link = digestLink(publicUrl, p.day);
  const rendered = renderEmail({
    language,
    subject: t('digestSubject', { site: p.site, day }),
    greeting: p.name ? t('hello', { name: p.name }) : t('helloNoName'),
    intro: [
      t('digestIntro', { day, site: p.site }),
      t('digestEntries', { entries: p.entries, completed: p.completed, failed: p.failed }),
      judged > 0
        ? t('digestCoverage', { pct, windows: judged, missed: p.missed, late: p.late })
        : t('digestNoCoverage'),
      t('digestUsers', { new_users: p.new_users }),
    ],
    action: { label: t('digestOpen'), url: link },
    fallback: t('fallback'),
    outro: [t('digestWhy')],
  });
  return { ...rendered, link };
}
