import * as yup from 'yup';
import { formMessage } from '../../components/common/form-message.ts';
import { TILE_URL_MAX, tileUrlKind } from '../../domain/coverage-map.ts';
import {
  DATE_FORMATS,
  type DateFormat,
  DEFAULT_ROLE_OPTIONS,
  type DefaultUserRole,
  type NumericSetting,
  SETTINGS_BOUNDS,
  SETTINGS_TEXT_MAX,
  type SiteSettings,
} from '../../domain/site-settings.ts';
import { EMAIL_REGEX, LIMITS } from '../../domain/validation.ts';

const required = formMessage('validation.required');
const max = (n: number) => formMessage('validation.maxLength', { max: n });

/** The numeric fields are parsed as integers, and unparseable input becomes 0. */
export function toInt(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const n = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** Then the server's bounds (src/domain), with the same message for the low and the high side. */
const bounded = (key: NumericSetting) => {
  const { min, max: upper } = SETTINGS_BOUNDS[key];
  const message = formMessage('siteSettings.validation.range', { min, max: upper });
  return yup
    .number()
    .transform((_, original) => toInt(original))
    .required(required)
    .min(min, message)
    .max(upper, message);
};

/** The settings form, with the limits the server's schema uses. */
export const siteSettingsSchema = yup.object({
  siteName: yup
    .string()
    .trim()
    .required(required)
    .max(SETTINGS_TEXT_MAX.siteName, max(SETTINGS_TEXT_MAX.siteName)),
  siteDescription: yup
    .string()
    .trim()
    .default('')
    .max(SETTINGS_TEXT_MAX.siteDescription, max(SETTINGS_TEXT_MAX.siteDescription)),
  adminEmail: yup
    .string()
    .trim()
    .default('')
    .max(LIMITS.emailMax, max(LIMITS.emailMax))
    .test('email', formMessage('validation.email'), (v) => !v || EMAIL_REGEX.test(v)),
  // One of the picker's zones (the database's list, GET /site-settings/time-zones); the server checks it.
  timezone: yup.string().required(required),
  maxUsersPerSite: bounded('maxUsersPerSite'),
  defaultUserRole: yup
    .string<DefaultUserRole>()
    .required(required)
    .oneOf([...DEFAULT_ROLE_OPTIONS], required),
  allowGuestAccess: yup.boolean().default(false),
  enableNfcTagValidation: yup.boolean().default(true),
  autoArchiveWorkEntries: yup.boolean().default(false),
  workEntryRetentionDays: bounded('workEntryRetentionDays'),
  maxFileUploadSize: bounded('maxFileUploadSize'),
  enableEmailNotifications: yup.boolean().default(true),
  dateFormat: yup
    .string<DateFormat>()
    .required(required)
    .oneOf([...DATE_FORMATS], required),
  // The coverage map's base map: the server's rule (src/domain/coverage-map.ts).
  mapTileUrl: yup
    .string()
    .trim()
    .default('')
    .max(TILE_URL_MAX, max(TILE_URL_MAX))
    .test(
      'tileUrl',
      formMessage('siteSettings.validation.tileUrl'),
      (v) => tileUrlKind(v ?? '') !== 'invalid',
    ),
});

export type SiteSettingsFormValues = yup.InferType<typeof siteSettingsSchema>;

/** The fields a server 400 may name (the API uses the same names). */
export const SITE_SETTINGS_FIELDS = Object.keys(siteSettingsSchema.fields) as (keyof SiteSettings)[];

/**
 * What the form holds, as settings: numbers parsed the way the schema parses them, so typing
 * "12" where 12 was saved is no change. The machine compares these with the saved values.
 */
export function formToSettings(values: Record<string, unknown>): SiteSettings {
  const settings = { ...values } as Record<string, unknown>;
  for (const key of Object.keys(SETTINGS_BOUNDS)) settings[key] = toInt(values[key]);
  return settings as unknown as SiteSettings;
}
