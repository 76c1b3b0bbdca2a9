/**
 * The webhook delivery worker: takes due deliveries a batch at a time (FOR UPDATE
 * SKIP LOCKED, leased while they are sent, so processes never send the same one at once), POSTs
 * each to its endpoint signed, and records every attempt (status code or error, duration).
 *
 * - The body is `{id, type, created_at, site, data}`; headers `Tagger-Signature: t=…,v1=…`
 *   (lib/webhook-secret.ts), `Tagger-Event` (the type) and `Tagger-Delivery` (the delivery's id,
 *   the same on every retry: a receiver drops one it has already handled).
 * - Success is a 2xx within 10 s. A failure is retried after 10 s, doubling, at most an hour
 *   apart, until 24 hours after the delivery was written; then it is given up (failed).
 * - In order per record: a delivery waits while an earlier one of the same record to the same
 *   endpoint is pending (repositories/webhooks.ts claimDue). With receivers that dedupe by
 *   Tagger-Delivery, each event is handled exactly once and in order per record.
 * - An endpoint whose deliveries have failed for a whole day (no success since) is switched off,
 *   and the site's adminEmail is told.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#domain/languages.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../infra/mailer.ts';
import { emailLanguage } from '../lib/account-emails.ts';
import { ownPublicUrl } from '../lib/public-url.ts';
import { webhookDisabledEmail } from '../lib/webhook-emails.ts';
import { secretOpener, webhookKey } from '../lib/webhook-secret.ts';
import {
  RETRY_FOR_MS,
  type SendMany,
  type SendResult,
  type SignedJob,
  sendHere,
  UNREADABLE_SECRET,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_WORKER,
} from '../lib/webhook-send.ts';
import { sendOnThread } from '../lib/webhook-send-thread.ts';
import { loadJwtSecret } from '../repositories/server-secrets.ts';
import { getSiteSettings } from '../repositories/site-settings.ts';
import {
  type AttemptResult,
  type Claimed,
  claimDue,
  disableFailing,
  languageOf,
  noteEndpointOutcome,
  recordAttempts,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../repositories/webhooks.ts';
import { HOUR_MS } from './definition.ts';
import type { WorkerDefinition } from './workers.ts';

export { RETRY_FOR_MS, WEBHOOK_WORKER };

export const RETRY_FIRST_MS = 10_000;
export const RETRY_MAX_MS = HOUR_MS;
const BATCH = 100;

/** The pause after the `attempts`-th failed attempt. */
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));

export interface DeliveryDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'webhooksAllowPrivate' | 'publicUrl' | 'host' | 'port'>;
  log?: FastifyBaseLogger;
  mailer?: Mailer;
  now?: () => Date;
  /**
   * The signing key (default: read for the batch); the worker reads it once, as it never changes once stored.
   */
  signingKey?: (deps: DeliveryDeps) => Promise<Buffer>;
  /**
   * How a batch is sent (default: on this thread; the worker sends on its own thread:
   * lib/webhook-send-thread.ts).
   */
  send?: SendMany;
}

/** What a delivery becomes after an attempt at `at`. */
function outcome(delivery: WebhookDeliveryRow, result: SendResult, at: Date): AttemptResult {
  const attempts = delivery.attempts + 1;
  const retryAt = new Date(at.getTime() + retryDelayMs(attempts));
  const status = result.ok ? 'succeeded' : retryAt > delivery.expiresAt ? 'failed' : 'pending';
  return {
    deliveryId: delivery.id,
    ok: result.ok,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    at,
    status,
    attempts,
    nextAttemptAt: status === 'pending' ? retryAt : at,
  };
}

/**
 * Tells the site's admin address that an endpoint was switched off (in the language of the user
 * with that address).
 */
async function tellAdmin(deps: DeliveryDeps, endpoint: WebhookEndpointRow, last: string) {
  if (!deps.mailer) return;
  const settings = await getSiteSettings(deps.db, endpoint.siteId);
  const to = settings.adminEmail.trim();
  if (!to) return;
  const language: Language = emailLanguage(await languageOf(deps.db, endpoint.siteId, to));
  const link = `${ownPublicUrl(deps.config)}/webhooks?endpoint=${endpoint.id}`;
  const mail = webhookDisabledEmail(language, { site: settings.siteName, url: endpoint.url, last }, link);
  await deps.mailer.send({ to, ...mail, link, kind: 'webhook_disabled' });
}

/**
 * The endpoints' new state after a batch, in the batch's recording transaction `tx`: the last
 * outcome of each, and a day of failures switches one off. Answers those switched off now, with
 * their last failure (the admin is told once the transaction has committed).
 */
async function noteEndpoints(
  tx: Db,
  deps: DeliveryDeps,
  done: { claimed: Claimed; result: AttemptResult }[],
  now: Date,
): Promise<{ endpoint: WebhookEndpointRow; last: string }[]> {
  const last = new Map<number, { claimed: Claimed; result: AttemptResult }>();
  // One success in the batch means the endpoint answers: it is not failing.
  for (const x of done) {
    const seen = last.get(x.claimed.endpoint.id);
    if (!seen || x.result.ok || !seen.result.ok) last.set(x.claimed.endpoint.id, x);
  }
  const switchedOff: { endpoint: WebhookEndpointRow; last: string }[] = [];
  for (const { claimed, result } of last.values()) {
    const endpoint = await noteEndpointOutcome(tx, claimed.endpoint.id, result);
    if (!endpoint || result.ok || !endpoint.failingSince) continue;
    if (now.getTime() - endpoint.failingSince.getTime() < RETRY_FOR_MS) continue;
    const off = await disableFailing(tx, endpoint.id, now);
    if (off) {
      deps.log?.warn(
        { webhook: endpoint.id, site: endpoint.siteId },
        'webhook switched off after a day of failures',
      );
      switchedOff.push({
        endpoint: off,
        last: result.statusCode ? `HTTP ${result.statusCode}` : (result.error ?? 'no answer'),
      });
    }
  }
  return switchedOff;
}

/** The signing key, derived from the server secret (a query when JWT_SECRET is not set). */
const loadSigningKey = (deps: DeliveryDeps) => loadJwtSecret(deps.db, deps.config as Config).then(webhookKey);

/**
 * One batch: claims due deliveries, sends them at once, records what happened; answers how many,
 * and how long it held the database (the claim and the recording, not the wait for receivers).
 * Two transactions a batch whatever its size (the claim, then every attempt with the endpoints'
 * state), so a burst pays the commits per batch, not per delivery.
 */
export async function deliverBatch(
  deps: DeliveryDeps,
  limit = BATCH,
): Promise<{ handled: number; heldMs: number }> {
  const started = performance.now();
  const now = deps.now?.() ?? new Date();
  const claimed = await claimDue(deps.db, now, new Date(now.getTime() + WEBHOOK_TIMEOUT_MS * 3), limit);
  if (claimed.length === 0) return { handled: 0, heldMs: performance.now() - started };
  const open = secretOpener(await (deps.signingKey ?? loadSigningKey)(deps));
  const claimedMs = performance.now() - started;
  const sentAt = deps.now?.() ?? new Date();
  const jobs: SignedJob[] = [];
  const secrets = claimed.map((c) => open(c.endpoint.secretEnc));
  claimed.forEach((c, i) => {
    const secret = secrets[i];
    if (secret)
      jobs.push({
        url: c.endpoint.url,
        secret,
        t: Math.floor(sentAt.getTime() / 1000),
        deliveryId: c.delivery.id,
        kind: c.delivery.kind,
        body: c.delivery.body,
        allowPrivate: deps.config.webhooksAllowPrivate,
      });
  });
  const results = await (deps.send ?? sendHere)(jobs);
  const answered = deps.now?.();
  let next = 0;
  const done = claimed.map((c, i) => {
    const result = secrets[i] ? results[next++] : UNREADABLE_SECRET;
    // Each attempt's end: when it was sent and how long it took.
    const at = answered ?? new Date(sentAt.getTime() + result.durationMs);
    return { claimed: c, result: outcome(c.delivery, result, at) };
  });
  const recording = performance.now();
  const switchedOff = await deps.db.transaction(async (tx) => {
    await recordAttempts(
      tx,
      done.map((x) => x.result),
    );
    return noteEndpoints(tx, deps, done, deps.now?.() ?? new Date());
  });
  const heldMs = claimedMs + performance.now() - recording;
  for (const { endpoint, last } of switchedOff) await tellAdmin(deps, endpoint, last);
  return { handled: claimed.length, heldMs };
}

/** One batch (deliverBatch); answers how many deliveries it took. */
export async function deliverWebhooks(deps: DeliveryDeps, limit = BATCH): Promise<number> {
  return (await deliverBatch(deps, limit)).handled;
}

export function webhookWorker(options: { now?: () => Date } = {}): WorkerDefinition {
  // Read once per worker; a failed read is tried again on the next batch.
  let key: Promise<Buffer> | undefined;
  const signingKey = (deps: DeliveryDeps) => {
    key ??= loadSigningKey(deps).catch((err) => {
      key = undefined;
      throw err;
    });
    return key;
  };
  return {
    name: WEBHOOK_WORKER,
    idleMs: 500,
    runBatch: ({ db, log, config, services }) => {
      if (!config) throw new Error('the webhook worker needs the configuration');
      return deliverBatch({
        db,
        log,
        config,
        mailer: services?.mailer,
        now: options.now,
        signingKey,
        send: sendOnThread,
      });
    },
  };
}
