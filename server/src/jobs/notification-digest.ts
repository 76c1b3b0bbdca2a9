/**
 * The daily digest: from 07:00 in each site's time zone, yesterday's figures (work
 * entries, failures, coverage on time / missed / late, new users) to every manager and up who opted
 * in and to the site's adminEmail when set. Runs every few minutes (NOTIFICATION_DIGEST_SECONDS,
 * default 300); each run writes the digest rows that are still missing, and the sender worker sends
 * them. Once per site, day and recipient across server processes: the row is unique on
 * (site, day, recipient) and written ON CONFLICT DO NOTHING, so two runs at once leave one.
 * A site with enableEmailNotifications off gets none. A server that was down at 07:00 sends the
 * digest at its first run later that day.
 */
import { addDays, localDay, zonedInstant } from '#domain/coverage.ts';
import { NOTIFICATION_EMAIL_KINDS } from '#domain/notifications.ts';
import type { Db } from '../db/client.ts';
import { emailLanguage } from '../lib/account-emails.ts';
import type { DigestPayload } from '../lib/notification-emails.ts';
import * as repo from '../repositories/notifications.ts';
import { getSiteSettings } from '../repositories/site-settings.ts';
import { type JobDefinition, secondsFromEnv } from './definition.ts';
import { quietUntil } from './notification-consumer.ts';

export const NOTIFICATION_DIGEST_JOB = 'notification-digest';
export const DIGEST_TIME = '07:00';

const DIGEST = NOTIFICATION_EMAIL_KINDS[3];

export interface DigestRun {
  siteId: string;
  /** The day the digest covers, or null when none is due yet (before 07:00, or turned off). */
  day: string | null;
  /** Digest rows this run wrote. */
  queued: number;
}

/** Writes the digests due by `now` that no run has written yet; answers per site. */
export async function runDigests(db: Db, now = new Date()): Promise<DigestRun[]> {
  const out: DigestRun[] = [];
  for (const siteId of await repo.siteIds(db)) {
    const settings = await getSiteSettings(db, siteId);
    const tz = settings.timezone;
    let today: string;
    try {
      today = localDay(now, tz);
    } catch {
      today = now.toISOString().slice(0, 10);
    }
    if (!settings.enableEmailNotifications || now < zonedInstant(today, DIGEST_TIME, tz)) {
      out.push({ siteId, day: null, queued: 0 });
      continue;
    }
    const day = addDays(today, -1);
    const have = await repo.digestRecipients(db, siteId, day);
    const subscribers = await repo.digestSubscribers(db, siteId);
    const wanted: repo.NewNotificationEmail[] = [];
    const base = { siteId, kind: DIGEST, digestDay: day };
    for (const s of subscribers) {
      const recipient = s.email.trim().toLowerCase();
      if (have.has(recipient)) continue;
      have.add(recipient);
      wanted.push({
        ...base,
        userId: s.userId,
        recipient,
        language: emailLanguage(s.language),
        payload: { name: s.firstName },
        sendAfter: quietUntil(now, tz, s.preferences.quiet_from, s.preferences.quiet_to),
      });
    }
    const admin = settings.adminEmail.trim().toLowerCase();
    if (admin && !have.has(admin)) {
      const user = await repo.userByEmail(db, siteId, admin);
      wanted.push({
        ...base,
        userId: user?.id ?? null,
        recipient: admin,
        language: emailLanguage(user?.language),
        payload: { name: '' },
        sendAfter: now,
      });
    }
    if (wanted.length === 0) {
      out.push({ siteId, day, queued: 0 });
      continue;
    }
    const figures = await repo.digestFigures(
      db,
      siteId,
      day,
      zonedInstant(day, '00:00', tz),
      zonedInstant(day, '00:00', tz, 1),
    );
    const rows = wanted.map((w) => ({
      ...w,
      payload: {
        ...figures,
        day,
        site: settings.siteName,
        name: String(w.payload.name),
      } satisfies DigestPayload,
    }));
    out.push({ siteId, day, queued: await repo.insertEmails(db, rows) });
  }
  return out;
}

export function notificationDigestJob(): JobDefinition {
  const everyMs = secondsFromEnv('NOTIFICATION_DIGEST_SECONDS', 300_000);
  return {
    name: NOTIFICATION_DIGEST_JOB,
    firstRunMs: Math.min(everyMs, 60_000),
    everyMs,
    async run({ db, log }) {
      const runs = await runDigests(db);
      for (const run of runs.filter((r) => r.queued > 0)) {
        log.info({ siteId: run.siteId, day: run.day, queued: run.queued }, 'daily digests queued');
      }
      return { sites: Object.fromEntries(runs.map((r) => [r.siteId, { queued: r.queued }])) };
    },
  };
}
