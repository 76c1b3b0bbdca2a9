/**
 * The notification emails' sender: a worker that takes due rows of
 * notification_emails a batch at a time and sends them through the mailer.
 *
 * Never twice, by a status machine that is safe when a process dies at any point:
 *   pending ──claim (one transaction: FOR UPDATE SKIP LOCKED, status 'sending', attempts + 1)──▶
 *   sending ──SMTP accepted──▶ sent
 *           ──SMTP refused or unreachable──▶ pending again, send_after = now + backoff
 *             (30 s doubling, at most an hour), or failed once the row is 24 h old
 *           ──the process died before recording the answer (still 'sending' after 10 min)──▶ failed
 * The claim commits before the SMTP conversation, so no other sender can take a row being sent,
 * and no transaction is held open across the network. A crash between the server's accepting the
 * message and our recording it leaves the row 'sending'; whether it went is unknown, so it is
 * given up rather than risk a second copy (at most once). Holding the claim's lock while sending
 * instead would send again after such a crash, and would hold a transaction (on PGlite the only
 * connection) for the length of an SMTP conversation.
 *
 * Several events due for one recipient in the same batch go in one email (at most 20), so a burst
 * (a bulk change, a night of missed visits) is a few messages, not hundreds. A site whose
 * enableEmailNotifications is off when its rows come due sends none: they are cancelled.
 */
import type { Language } from '#domain/languages.ts';
import type { NotificationEventKind } from '#domain/notifications.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../infra/mailer.ts';
import {
  type DigestPayload,
  digestEmail,
  type EventPayload,
  eventsEmail,
} from '../lib/notification-emails.ts';
import * as repo from '../repositories/notifications.ts';
import { getSiteSettings } from '../repositories/site-settings.ts';
import { DAY_MS, HOUR_MS } from './definition.ts';
import type { WorkerDefinition } from './workers.ts';

export const NOTIFICATION_SENDER = 'notification-emails';

const BATCH = 200;
const MAX_PER_EMAIL = 20;
const CONCURRENCY = 4;
const STALE_MS = 10 * 60_000;
const RETRY_FOR_MS = DAY_MS;
const KEEP_MS = 7 * DAY_MS;

/** Delay before the next try after `attempts` failed ones: 30 s doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(HOUR_MS, 30_000 * 2 ** Math.max(0, attempts - 1));

type Row = repo.NotificationEmailRow;

/** The emails a batch makes: each digest alone; a recipient's events together, in id order. */
export function groupRows(rows: Row[]): Row[][] {
  const groups: Row[][] = [];
  const open = new Map<string, Row[]>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (row.kind === 'digest') {
      groups.push([row]);
      continue;
    }
    const key = `${row.siteId}\n${row.recipient}\n${row.language}`;
    let group = open.get(key);
    if (!group || group.length >= MAX_PER_EMAIL) {
      group = [];
      open.set(key, group);
      groups.push(group);
    }
    group.push(row);
  }
  return groups;
}

function render(group: Row[], publicUrl: string) {
  const first = group[0];
  const language = first.language as Language;
  if (first.kind === 'digest')
    return digestEmail(language, first.payload as unknown as DigestPayload, publicUrl);
  return eventsEmail(
    language,
    group.map((r) => ({
      kind: r.kind as NotificationEventKind,
      payload: r.payload as unknown as EventPayload,
    })),
    publicUrl,
  );
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

export interface SendOptions {
  mailer: Mailer;
  publicUrl: string | undefined;
  now?: Date;
  limit?: number;
}

/** Sends one batch of due emails; answers how many rows it took. */
export async function sendDueNotifications(db: Db, options: SendOptions): Promise<number> {
  return (await sendBatch(db, options)).taken;
}

/**
 * One batch (sendDueNotifications); answers how many rows it took and how long it held the
 * database (the claim and the recording, not the SMTP conversations).
 */
async function sendBatch(db: Db, options: SendOptions): Promise<{ taken: number; heldMs: number }> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const rows = await repo.claimDue(db, options.limit ?? BATCH, now);
  if (rows.length === 0) return { taken: 0, heldMs: performance.now() - started };
  const enabled = new Map<string, boolean>();
  for (const siteId of new Set(rows.map((r) => r.siteId))) {
    enabled.set(siteId, (await getSiteSettings(db, siteId)).enableEmailNotifications);
  }
  await repo.markCancelled(
    db,
    rows.filter((r) => !enabled.get(r.siteId)).map((r) => r.id),
    'Email notifications are turned off for the site',
  );
  const publicUrl = options.publicUrl ?? 'http://localhost';
  const claimedMs = performance.now() - started;
  const sent: number[] = [];
  const giveUpBefore = new Date(now.getTime() - RETRY_FOR_MS);
  await mapLimit(groupRows(rows.filter((r) => enabled.get(r.siteId))), CONCURRENCY, async (group) => {
    const ids = group.map((r) => r.id);
    let mail: ReturnType<typeof render>;
    try {
      mail = render(group, publicUrl);
    } catch (err) {
      await repo.markRetry(
        db,
        ids,
        `Could not be written: ${(err as Error).message}`,
        now,
        new Date('9999-01-01T00:00:00Z'),
      );
      return;
    }
    const delivery = await options.mailer.send({
      to: group[0].recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      link: mail.link,
      kind: `notification:${group[0].kind}`,
    });
    if (delivery === 'failed') {
      const attempts = Math.max(...group.map((r) => r.attempts));
      await repo.markRetry(
        db,
        ids,
        'The mail server refused the message or could not be reached',
        new Date(Date.now() + retryDelayMs(attempts)),
        giveUpBefore,
      );
    } else {
      sent.push(...ids);
    }
  });
  const recording = performance.now();
  await repo.markSent(db, sent);
  return { taken: rows.length, heldMs: claimedMs + performance.now() - recording };
}

export function notificationSender(): WorkerDefinition {
  let tidiedAt = 0;
  return {
    name: NOTIFICATION_SENDER,
    idleMs: 1000,
    async runBatch({ db, log, mail }) {
      if (!mail) return 0;
      if (Date.now() - tidiedAt > 60_000) {
        tidiedAt = Date.now();
        const abandoned = await repo.abandonStale(db, new Date(Date.now() - STALE_MS));
        if (abandoned > 0)
          log.warn({ abandoned }, 'notification emails interrupted while sending, not retried');
        await repo.pruneFinished(db, new Date(Date.now() - KEEP_MS));
      }
      const started = performance.now();
      const { taken, heldMs } = await sendBatch(db, { mailer: mail.mailer, publicUrl: mail.publicUrl });
      // Half the time at most: a burst drains in the background while requests keep their turn
      // (on PGlite every query of this process shares one connection and one thread).
      if (taken > 0) await new Promise((r) => setTimeout(r, Math.min(1000, performance.now() - started)));
      // Told how long it held the database, the loop on PGlite rests that long beside this rest,
      // not again as long as the whole batch and this rest (jobs/workers.ts).
      return { handled: taken, heldMs };
    },
  };
}
