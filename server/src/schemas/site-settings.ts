/** GET /sites, GET and PUT /site-settings. */
import { type Static, Type } from '@sinclair/typebox';
import { TILE_URL_MAX } from '#domain/coverage-map.ts';
import {
  DATE_FORMATS,
  type DateFormat,
  DEFAULT_ROLE_OPTIONS,
  type DefaultUserRole,
  SETTINGS_BOUNDS,
  SETTINGS_TEXT_MAX,
} from '#domain/site-settings.ts';
import { LIMITS } from '#domain/validation.ts';

/** A closed list as a plain `enum`, so a wrong value answers "Must be one of: …" for its field. */
const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

const bounded = (key: keyof typeof SETTINGS_BOUNDS, description: string) =>
  Type.Integer({ minimum: SETTINGS_BOUNDS[key].min, maximum: SETTINGS_BOUNDS[key].max, description });

const fields = {
  siteName: Type.String({ minLength: 1, maxLength: SETTINGS_TEXT_MAX.siteName }),
  siteDescription: Type.String({ maxLength: SETTINGS_TEXT_MAX.siteDescription }),
  maxUsersPerSite: bounded('maxUsersPerSite', 'Users the site may have (active accounts)'),
  allowGuestAccess: Type.Boolean({
    description: 'Share links to the coverage report work only while on (off: every link answers 404)',
  }),
  enableNfcTagValidation: Type.Boolean(),
  autoArchiveWorkEntries: Type.Boolean(),
  workEntryRetentionDays: bounded('workEntryRetentionDays', 'Days before a work entry is archived'),
  maxFileUploadSize: bounded('maxFileUploadSize', 'Megabytes'),
  enableEmailNotifications: Type.Boolean({
    description:
      'Notification emails (failed entries, missed and late visits, the daily digest); account emails go regardless',
  }),
  /** An address or empty; the address rule is checked by the service (the field is optional). */
  adminEmail: Type.String({ maxLength: LIMITS.emailMax }),
  timezone: Type.String({
    minLength: 1,
    maxLength: SETTINGS_TEXT_MAX.timezone,
    description: 'An IANA time zone, e.g. Europe/Helsinki, or UTC',
  }),
  dateFormat: oneOf<DateFormat>(DATE_FORMATS),
  defaultUserRole: oneOf<DefaultUserRole>(DEFAULT_ROLE_OPTIONS, 'Preselected in the new-user form'),
  mapTileUrl: Type.String({
    maxLength: TILE_URL_MAX,
    description:
      'The coverage map’s base map: an https tile template with {z}, {x} and {y}, or an https style URL (.json); empty: positions on a plain grid',
  }),
};

export const SiteSettingsValues = Type.Object(fields, { $id: 'SiteSettingsValues' });

/**
 * The version a save is based on: opaque, read from GET and sent back with PUT. A save whose
 * version is no longer current answers 409 STALE_SETTINGS.
 */
const Version = Type.String({ minLength: 1, maxLength: 32, description: 'Send back the version you read' });

export const SiteSettingsResponse = Type.Object(
  {
    settings: Type.Ref(SiteSettingsValues),
    version: Version,
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'SiteSettingsResponse' },
);

/** The whole settings object (a save sends all of it, never a part) and the version it was based on. */
export const SiteSettingsUpdate = Type.Object(
  { ...fields, mapTileUrl: Type.Optional(fields.mapTileUrl), version: Version },
  { $id: 'SiteSettingsUpdate', additionalProperties: false },
);
export type SiteSettingsUpdateBody = Static<typeof SiteSettingsUpdate>;

/**
 * The settings every signed-in user's console needs to follow (dates in the site's zone and
 * format, the new-user form's default role), without the rest (the admin e-mail, limits).
 */
export const SiteDisplaySettings = Type.Object(
  {
    timezone: fields.timezone,
    dateFormat: fields.dateFormat,
    defaultUserRole: fields.defaultUserRole,
    publicUrl: Type.String({
      description:
        'The address phones reach the app at (PUBLIC_URL, else the address of this request); a tag ' +
        'and its QR code carry {publicUrl}/t/{nfc_tag_id}',
    }),
  },
  { $id: 'SiteDisplaySettings' },
);

/** Every time zone a site may use (the database's list), UTC first. */
export const TimeZoneList = Type.Object(
  { time_zones: Type.Array(Type.String(), { description: 'IANA names, e.g. Europe/Kyiv' }) },
  { $id: 'TimeZoneList' },
);

export const Site = Type.Object(
  { id: Type.String(), name: Type.String(), created_at: Type.String({ format: 'date-time' }) },
  { $id: 'Site' },
);

export const SiteList = Type.Object({ sites: Type.Array(Type.Ref(Site)) }, { $id: 'SiteList' });
