import type { TFunction } from 'i18next';

/** Duration as hours and minutes, in the console's one style; '' when the entry has none yet. */
export { formatDuration } from '../../i18n/format-duration.ts';

/** "First Last", or the 'Unknown' fallback. */
export function workerName(t: TFunction, entry: { first_name?: string | null; last_name?: string | null }) {
  const name = [entry.first_name, entry.last_name].filter(Boolean).join(' ');
  return name || t('workEntries.unknown');
}
