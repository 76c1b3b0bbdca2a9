/**
 * The site settings every screen follows, for any signed-in user (GET /site-settings/display):
 * the time zone and date format dates are shown in, and the role the new-user form preselects.
 * The defaults stand in until the answer arrives (or if it fails), so a page never waits on it.
 *
 *   const { defaultUserRole, formatDate, formatDateTime } = useSiteSettings();
 */
import { useCallback } from 'react';
import { useGetSiteDisplaySettings } from '../../api/gen/site-settings/site-settings.ts';
import { DEFAULT_SITE_SETTINGS, type DefaultUserRole } from '../../domain/site-settings.ts';
import { formatSiteDate } from '../../i18n/format-date.ts';

type DateValue = string | number | Date | null | undefined;

export interface SiteDisplay {
  timezone: string;
  dateFormat: string;
  defaultUserRole: DefaultUserRole;
  /** The address tags carry (PUBLIC_URL); this page's origin until the answer arrives. */
  publicUrl: string;
  formatDate(value: DateValue): string;
  formatDateTime(value: DateValue): string;
}

const FIVE_MINUTES = 5 * 60_000;

export function useSiteSettings(): SiteDisplay {
  const { data } = useGetSiteDisplaySettings({ query: { staleTime: FIVE_MINUTES } });
  const timezone = data?.timezone ?? DEFAULT_SITE_SETTINGS.timezone;
  const dateFormat = data?.dateFormat ?? DEFAULT_SITE_SETTINGS.dateFormat;
  const defaultUserRole =
    (data?.defaultUserRole as DefaultUserRole | undefined) ?? DEFAULT_SITE_SETTINGS.defaultUserRole;
  const formatDate = useCallback(
    (value: DateValue) => formatSiteDate(value, { timezone, dateFormat }),
    [timezone, dateFormat],
  );
  const formatDateTime = useCallback(
    (value: DateValue) => formatSiteDate(value, { timezone, dateFormat }, true),
    [timezone, dateFormat],
  );
  const publicUrl = data?.publicUrl ?? globalThis.location?.origin ?? '';
  return { timezone, dateFormat, defaultUserRole, publicUrl, formatDate, formatDateTime };
}
