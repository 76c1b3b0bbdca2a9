/**
 * Notification emails, shared by the server and the Profile screen: what a user may choose, their
 * role's defaults, and quiet hours (wall-clock times in the site's time zone, during which emails
 * due are held until the end, not dropped).
 */
import { ROLE_RANK, type Role } from './permissions.ts';

/** The outbox events that become emails, and the daily digest. */
export const NOTIFICATION_EVENT_KINDS = ['work_entry.failed', 'visit.missed', 'visit.late'] as const;
export type NotificationEventKind = (typeof NOTIFICATION_EVENT_KINDS)[number];
export const NOTIFICATION_EMAIL_KINDS = [...NOTIFICATION_EVENT_KINDS, 'digest'] as const;
export type NotificationEmailKind = (typeof NOTIFICATION_EMAIL_KINDS)[number];

/**
 * pending → sending → sent; or back to pending (retry), failed (gave up), cancelled (notifications
 * turned off).
 */
export const NOTIFICATION_EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type NotificationEmailStatus = (typeof NOTIFICATION_EMAIL_STATUSES)[number];

export interface NotificationPreferences {
  failed_entries: boolean;
  missed_visits: boolean;
  late_visits: boolean;
  daily_digest: boolean;
  /** 'HH:MM' in the site's time zone; both null: no quiet hours. */
  quiet_from: string | null;
  quiet_to: string | null;
}

/**
 * Who may receive event emails at all: those who manage positions (managers, owners, admins).
 * A worker may still opt in to the daily digest only if they are a manager or up; workers get none.
 */
export const managesPositions = (role: Role) => ROLE_RANK[role] >= ROLE_RANK.manager;

/** Defaults: everything off for workers; failed entries and missed visits on for managers and up. */
export function defaultPreferences(role: Role): NotificationPreferences {
  const on = managesPositions(role);
  return {
    failed_entries: on,
    missed_visits: on,
    late_visits: false,
    daily_digest: false,
    quiet_from: null,
    quiet_to: null,
  };
}

/** Which preference lets an event kind through. */
export const PREFERENCE_OF: Record<
  NotificationEventKind,
  'failed_entries' | 'missed_visits' | 'late_visits'
> = {
  'work_entry.failed': 'failed_entries',
  'visit.missed': 'missed_visits',
  'visit.late': 'late_visits',
};

export const QUIET_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Minutes from `now` (a wall-clock minute of the day, 0–1439) until quiet hours end, or 0 when
 * `now` is outside them. From 22:00 to 07:00 wraps midnight; equal ends mean none.
 */
export function minutesUntilQuietEnds(nowMinute: number, from: string | null, to: string | null): number {
  if (!from || !to) return 0;
  const f = minutes(from);
  const t = minutes(to);
  if (f === t) return 0;
  const inside = f < t ? nowMinute >= f && nowMinute < t : nowMinute >= f || nowMinute < t;
  if (!inside) return 0;
  return (t - nowMinute + 1440) % 1440;
}
