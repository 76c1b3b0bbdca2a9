import type { TFunction } from 'i18next';
import { splitMinutes } from '../../domain/work-entries.ts';

/** Spec §9: duration as hours and minutes; '' when the entry has none yet. */
export function formatDuration(t: TFunction, minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const { hours, minutes: rest } = splitMinutes(minutes);
  return hours > 0
    ? t('workEntries.duration', { hours, minutes: rest })
    : t('workEntries.durationMinutes', { minutes: rest });
}

/** "First Last", or the 'Unknown' fallback. */
export function workerName(t: TFunction, entry: { first_name?: string | null; last_name?: string | null }) {
  const name = [entry.first_name, entry.last_name].filter(Boolean).join(' ');
  return name || t('workEntries.unknown');
}
