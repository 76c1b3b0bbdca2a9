/**
 * Site settings: the fields, their defaults and the bounds both the console's form and
 * the server's schema enforce, so the two reject the same input.
 */

/** The date formats the console can render (src/i18n/format-date.ts formatSiteDate). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Roles a new user may get by default: never owner or admin. */
export const DEFAULT_ROLE_OPTIONS = ['worker', 'manager'] as const;
export type DefaultUserRole = (typeof DEFAULT_ROLE_OPTIONS)[number];

export interface SiteSettings {
  siteName: string;
  siteDescription: string;
  maxUsersPerSite: number;
  allowGuestAccess: boolean;
  enableNfcTagValidation: boolean;
  autoArchiveWorkEntries: boolean;
  workEntryRetentionDays: number;
  maxFileUploadSize: number;
  enableEmailNotifications: boolean;
  adminEmail: string;
  timezone: string;
  dateFormat: string;
  defaultUserRole: DefaultUserRole;
  /**
   * The coverage map's base map: an https tile template with {z}/{x}/{y} or a style URL; empty: a plain grid.
   */
  mapTileUrl: string;
}

export const DEFAULT_SITE_SETTINGS: Readonly<SiteSettings> = {
  siteName: 'Tagger Site',
  siteDescription: 'Industrial construction site management',
  maxUsersPerSite: 1000,
  allowGuestAccess: false,
  enableNfcTagValidation: true,
  autoArchiveWorkEntries: false,
  workEntryRetentionDays: 365,
  maxFileUploadSize: 10,
  enableEmailNotifications: true,
  adminEmail: '',
  timezone: 'UTC',
  dateFormat: 'DD/MM/YYYY',
  defaultUserRole: 'worker',
  mapTileUrl: '',
};

/** Bounds of the numeric settings (the spec leaves them open; these are the product's). */
export const SETTINGS_BOUNDS = {
  maxUsersPerSite: { min: 1, max: 100_000 },
  workEntryRetentionDays: { min: 1, max: 3650 },
  maxFileUploadSize: { min: 1, max: 100 },
} as const;

export type NumericSetting = keyof typeof SETTINGS_BOUNDS;

export const SETTINGS_TEXT_MAX = { siteName: 100, siteDescription: 2000, timezone: 64 } as const;

export function isDateFormat(value: string): value is DateFormat {
  return (DATE_FORMATS as readonly string[]).includes(value);
}

/**
 * Stored values over the defaults. A stored value of the wrong type (an older row, a hand edit)
 * falls back to the default rather than reaching the console.
 */
export function withDefaults(stored: Record<string, unknown> | null | undefined): SiteSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const [key, fallback] of Object.entries(DEFAULT_SITE_SETTINGS)) {
    const value = stored?.[key];
    if (value !== undefined && value !== null && typeof value === typeof fallback) merged[key] = value;
  }
  return merged as unknown as SiteSettings;
}
