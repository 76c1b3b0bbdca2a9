/**
 * The notification emails' outbox consumer: for each failed work entry, missed or
 * late visit the dispatcher hands on, one notification_emails row per recipient who wants it,
 * written in the dispatcher's transaction (so an event is turned into emails exactly once).
 *
 * Who receives an event: the site's active managers, owners and admins whose preferences (saved,
 * else their role's defaults) let its kind through, and who manage its position: owners and admins
 * manage every position; a manager manages every position too, unless an active user group of
 * theirs has access to active position groups, in which case only those groups' positions.
 * A site with enableEmailNotifications off gets no rows. Quiet hours set the row's send_after to
 * their end (in the site's time zone): held, not dropped.
 */
import type { Language } from '#domain/languages.ts';
import {
  minutesUntilQuietEnds,
  NOTIFICATION_EVENT_KINDS,
  type NotificationEventKind,
} from '#domain/notifications.ts';
import type { Db } from '../db/client.ts';
import { emailLanguage } from '../lib/account-emails.ts';
import { dateTimeFormat } from '../lib/intl-formats.ts';
import type { EventPayload } from '../lib/notification-emails.ts';
import * as repo from '../repositories/notifications.ts';
import type { OutboxEventRow } from '../repositories/outbox.ts';
import { getSiteSettings } from '../repositories/site-settings.ts';
import { NOTIFICATION_SENDER } from './notification-sender.ts';
import type { OutboxConsumer } from './outbox.ts';

export const NOTIFICATION_CONSUMER = 'notification-emails';

const isEventKind = (kind: string): kind is NotificationEventKind =>
  (NOTIFICATION_EVENT_KINDS as readonly string[]).includes(kind);

function wallMinute(now: Date, timeZone: string): { minute: number; second: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return { minute: now.getUTCHours() * 60 + now.getUTCMinutes(), second: now.getUTCSeconds() };
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: get('hour') * 60 + get('minute'), second: get('second') };
}

/** When an email due `now` may leave: now, or the end of the recipient's quiet hours. */
export function quietUntil(now: Date, timeZone: string, from: string | null, to: string | null): Date {
  const { minute, second } = wallMinute(now, timeZone);
  const wait = minutesUntilQuietEnds(minute, from, to);
  if (wait === 0) return now;
  return new Date(now.getTime() + wait * 60_000 - second * 1000 - now.getMilliseconds());
}

const localDayOf = (iso: string, timeZone: string) => {
  try {
    return dateTimeFormat('en-CA', { timeZone }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
};

/** The rows owed for one site's events. */
async function siteRows(
  tx: Db,
  siteId: string,
  events: (OutboxEventRow & { kind: NotificationEventKind })[],
  now: Date,
): Promise<repo.NewNotificationEmail[]> {
  const settings = await getSiteSettings(tx, siteId);
  if (!settings.enableEmailNotifications) return [];
  const candidates = await repo.notifiableUsers(tx, siteId);
  if (candidates.length === 0) return [];
  const narrowed = await repo.managedPositions(
    tx,
    siteId,
    candidates.filter((c) => c.role === 'manager').map((c) => c.userId),
  );
  const entryIds = events.filter((e) => e.kind === 'work_entry.failed').map((e) => Number(e.entityId));
  const entries = new Map((await repo.entriesByIds(tx, siteId, entryIds)).map((e) => [e.id, e]));
  const positionIds = events
    .filter((e) => e.kind !== 'work_entry.failed')
    .map((e) => Number(e.data.position_id))
    .filter(Number.isInteger);
  const places = new Map((await repo.positionsByIds(tx, siteId, positionIds)).map((p) => [p.id, p]));
  const timezone = settings.timezone;
  const rows: repo.NewNotificationEmail[] = [];
  for (const event of events) {
    let payload: Omit<EventPayload, 'name'>;
    if (event.kind === 'work_entry.failed') {
      const entry = entries.get(Number(event.entityId));
      if (!entry) continue; // Gone (purged) before it was told: nothing to link to.
      payload = {
        site: settings.siteName,
        timezone,
        entry_id: entry.id,
        position_id: entry.positionId,
        position_code: entry.positionCode,
        position_name: entry.positionName,
        task_name: entry.taskName,
        worker_name: entry.workerName,
        at: event.at.toISOString(),
      };
    } else {
      const d = event.data as Record<string, unknown>;
      const positionId = Number(d.position_id);
      const place = places.get(positionId);
      const windowStart = String(d.window_start ?? '');
      payload = {
        site: settings.siteName,
        timezone,
        window_id: Number(d.id),
        position_id: Number.isInteger(positionId) ? positionId : null,
        position_code: place?.code ?? '',
        position_name: place?.name ?? '',
        schedule_name: String(d.schedule_name ?? ''),
        window_start: windowStart,
        window_end: String(d.window_end ?? ''),
        day: windowStart ? localDayOf(windowStart, timezone) : undefined,
      };
    }
    for (const c of candidates) {
      if (!repo.wants(c, event.kind, payload.position_id, narrowed)) continue;
      const language: Language = emailLanguage(c.language);
      rows.push({
        siteId,
        userId: c.userId,
        recipient: c.email.trim().toLowerCase(),
        kind: event.kind,
        outboxEventId: event.id,
        language,
        payload: { ...payload, name: c.firstName },
        sendAfter: quietUntil(now, timezone, c.preferences.quiet_from, c.preferences.quiet_to),
      });
    }
  }
  return rows;
}

export function notificationConsumer(options: { now?: () => Date } = {}): OutboxConsumer {
  return {
    name: NOTIFICATION_CONSUMER,
    worker: NOTIFICATION_SENDER,
    async fanOut(tx, events) {
      const told = events.filter((e): e is OutboxEventRow & { kind: NotificationEventKind } =>
        isEventKind(e.kind),
      );
      if (told.length === 0) return;
      const now = options.now?.() ?? new Date();
      const rows: repo.NewNotificationEmail[] = [];
      for (const siteId of new Set(told.map((e) => e.siteId))) {
        rows.push(
          ...(await siteRows(
            tx,
            siteId,
            told.filter((e) => e.siteId === siteId),
            now,
          )),
        );
      }
      await repo.insertEmails(tx, rows);
    },
  };
}
