/** GET and PUT /auth/me/notifications: the signed-in user's notification email choices and quiet hours. */
import { Type } from '@sinclair/typebox';

const Time = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  minLength: 5,
  maxLength: 5,
  description: 'HH:MM in the site time zone',
});

export const QuietHours = Type.Object(
  { from: Time, to: Time },
  {
    additionalProperties: false,
    description: 'Emails due from `from` until `to` (site time zone; may wrap midnight) are held until `to`',
  },
);

const fields = {
  failed_entries: Type.Boolean({ description: 'A work entry failed at a position you manage' }),
  missed_visits: Type.Boolean({ description: 'A scheduled visit was missed at a position you manage' }),
  late_visits: Type.Boolean({ description: 'A scheduled visit was late at a position you manage' }),
  daily_digest: Type.Boolean({ description: "Yesterday's summary at 07:00 (site time zone)" }),
  quiet_hours: Type.Union([QuietHours, Type.Null()]),
};

export const NotificationPreferencesUpdate = Type.Object(fields, {
  $id: 'NotificationPreferencesUpdate',
  additionalProperties: false,
});

export const NotificationPreferencesResponse = Type.Object(
  {
    preferences: Type.Object(fields),
    /** False for workers: notification emails are for those who manage positions (managers and up). */
    available: Type.Boolean(),
    /** True until the user saves their own choice: their role's defaults apply. */
    defaults: Type.Boolean(),
    /** Whether the site sends notification emails at all (site setting enableEmailNotifications). */
    site_enabled: Type.Boolean(),
  },
  { $id: 'NotificationPreferencesResponse' },
);
