/**
 * A duration as hours and minutes, in one style per language wherever the console shows one:
 * '2 h 22 min' and '40 min' (fi '2 t 22 min' and '40 min', sv '2 tim 22 min' and '40 min'), never
 * a short form beside a long one. '' when there is none yet.
 */
import type { TFunction } from 'i18next';
import { splitMinutes } from '../domain/work-entries.ts';

export function formatDuration(t: TFunction, minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const { hours, minutes: rest } = splitMinutes(minutes);
  return hours > 0
    ? t('common.duration.hoursMinutes', { hours, minutes: rest })
    : t('common.duration.minutes', { minutes: rest });
}
