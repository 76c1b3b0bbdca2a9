/**
 * Webhook endpoints of the caller's site: the URL is checked (https, every address
 * its host resolves to public: lib/webhook-target.ts) unless WEBHOOKS_ALLOW_PRIVATE; the secret is
 * made here, answered once (create, rotate) and stored sealed (lib/webhook-secret.ts); the audit
 * log says only that it changed.
 */
import type { Static } from '@sinclair/typebox';
import type { Config } from '../../config.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors } from '../../lib/errors.ts';
import { newWebhookSecret, sealSecret, secretOpener, webhookKey } from '../../lib/webhook-secret.ts';
import { RETRY_FOR_MS, sendSigned, WEBHOOK_WORKER } from '../../lib/webhook-send.ts';
import { checkTarget, TargetRefused } from '../../lib/webhook-target.ts';
import { loadJwtSecret } from '../../repositories/server-secrets.ts';
import * as repo from '../../repositories/webhooks.ts';
import type { WebhookCreate, WebhookDeliveryQuery, WebhookUpdate } from '../../schemas/webhook.ts';
import type { RequestContext } from '../../types.ts';

type Create = Static<typeof WebhookCreate>;
type Update = Static<typeof WebhookUpdate>;

export interface WebhookDeps {
  config: Config;
  /** Wakes this process's delivery worker (a retry now). */
  nudge: (worker: string) => void;
}

const notFound = () => errors.notFound('Webhook not found', 'WEBHOOK_NOT_FOUND');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiWebhook(row: repo.WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    is_active: row.isActive,
    status: row.isActive ? 'active' : row.disabledAt ? 'disabled' : 'paused',
    disabled_at: iso(row.disabledAt),
    failing_since: iso(row.failingSince),
    last_delivery_at: iso(row.lastDeliveryAt),
    last_delivery_ok: row.lastDeliveryOk,
    last_status_code: row.lastStatusCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } as const;
}

export function toApiDelivery(row: repo.WebhookDeliveryRow) {
  return {
    id: row.id,
    type: row.kind,
    event_id: row.eventId === null ? null : String(row.eventId),
    status: row.status as 'pending' | 'succeeded' | 'failed',
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    last_duration_ms: row.lastDurationMs,
    last_attempt_at: iso(row.lastAttemptAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: never the secret. */
const audited = (row: repo.WebhookEndpointRow) => ({
  url: row.url,
  events: row.events,
  description: row.description,
  is_active: row.isActive,
});

async function checkedUrl(deps: WebhookDeps, raw: string): Promise<string> {
  try {
    return (await checkTarget(raw.trim(), deps.config.webhooksAllowPrivate)).toString();
  } catch (err) {
    if (err instanceof TargetRefused)
      throw errors.badRequest(err.message, 'VALIDATION_ERROR', [{ field: 'url', message: err.message }]);
    throw err;
  }
}

async function sealed(ctx: RequestContext, deps: WebhookDeps, secret: string) {
  return sealSecret(webhookKey(await loadJwtSecret(ctx.db, deps.config)), secret);
}

async function found(ctx: RequestContext, id: number) {
  const row = await repo.findEndpoint(ctx.db, ctx.siteId, id);
  if (!row) throw notFound();
  return row;
}

export async function listWebhooks(ctx: RequestContext) {
  return { webhooks: (await repo.listEndpoints(ctx.db, ctx.siteId)).map(toApiWebhook) };
}

export async function getWebhook(ctx: RequestContext, id: number) {
  return toApiWebhook(await found(ctx, id));
}

export async function createWebhook(ctx: RequestContext, deps: WebhookDeps, body: Create) {
  const url = await checkedUrl(deps, body.url);
  const secret = newWebhookSecret();
  const secretEnc = await sealed(ctx, deps, secret);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertEndpoint(tx, {
      siteId: ctx.siteId,
      url,
      events: [...new Set(body.events)],
      description: body.description?.trim() ?? '',
      isActive: body.is_active ?? true,
      secretEnc,
    });
    await ctx.audit(tx, {
      action: 'webhook.create',
      entity: 'webhook',
      id: created.id,
      changes: { ...auditDiff(null, audited(created), 'as-is'), secret: 'changed' },
    });
    return created;
  });
  return { webhook: toApiWebhook(row), secret };
}

export async function updateWebhook(ctx: RequestContext, deps: WebhookDeps, id: number, body: Update) {
  const url = body.url === undefined ? undefined : await checkedUrl(deps, body.url);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await found({ ...ctx, db: tx }, id);
    const switchedOn = body.is_active === true && !before.isActive;
    const after = await repo.updateEndpoint(tx, ctx.siteId, id, {
      ...(url !== undefined ? { url } : {}),
      ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      // Switched on again: its day of failures starts over.
      ...(switchedOn ? { disabledAt: null, failingSince: null } : {}),
    });
    if (!after) throw notFound();
    await ctx.audit(tx, {
      action: 'webhook.update',
      entity: 'webhook',
      id,
      changes: auditDiff(audited(before), audited(after), 'as-is'),
    });
    return after;
  });
  return toApiWebhook(row);
}

export async function deleteWebhook(ctx: RequestContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await found({ ...ctx, db: tx }, id);
    if (!(await repo.deleteEndpoint(tx, ctx.siteId, id))) throw notFound();
    await ctx.audit(tx, {
      action: 'webhook.delete',
      entity: 'webhook',
      id,
      changes: auditDiff(audited(before), null, 'as-is'),
    });
  });
  return { message: 'Webhook deleted' };
}

export async function rotateSecret(ctx: RequestContext, deps: WebhookDeps, id: number) {
  const secret = newWebhookSecret();
  const secretEnc = await sealed(ctx, deps, secret);
  const row = await ctx.db.transaction(async (tx) => {
    await found({ ...ctx, db: tx }, id);
    const after = await repo.updateEndpoint(tx, ctx.siteId, id, { secretEnc });
    if (!after) throw notFound();
    await ctx.audit(tx, {
      action: 'webhook.rotate_secret',
      entity: 'webhook',
      id,
      changes: { secret: 'changed' },
    });
    return after;
  });
  return { webhook: toApiWebhook(row), secret };
}

/**
 * Sends a `ping` to the endpoint now (whether active or not) and answers what the receiver said;
 * logged as a delivery.
 */
export async function testWebhook(ctx: RequestContext, deps: WebhookDeps, id: number) {
  const endpoint = await found(ctx, id);
  const now = new Date();
  const delivery = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertDelivery(tx, {
      siteId: ctx.siteId,
      endpointId: id,
      eventId: null,
      kind: 'ping',
      entityKey: `ping:${now.getTime()}`,
      body: {},
      status: 'failed',
      nextAttemptAt: now,
      expiresAt: now,
    });
    const body = {
      id: `ping-${row.id}`,
      type: 'ping',
      created_at: now.toISOString(),
      site: ctx.siteId,
      data: { webhook_id: id },
    };
    await repo.setDelivery(tx, row.id, { body });
    await ctx.audit(tx, { action: 'webhook.test', entity: 'webhook', id, details: { delivery_id: row.id } });
    return { ...row, body };
  });
  const key = webhookKey(await loadJwtSecret(ctx.db, deps.config));
  const result = await sendSigned(endpoint, delivery, secretOpener(key), {
    allowPrivate: deps.config.webhooksAllowPrivate,
  });
  const at = new Date();
  await repo.recordAttempts(ctx.db, [
    {
      deliveryId: delivery.id,
      ...result,
      at,
      status: result.ok ? 'succeeded' : 'failed',
      attempts: 1,
      nextAttemptAt: at,
    },
  ]);
  return {
    ok: result.ok,
    status_code: result.statusCode,
    error: result.error,
    duration_ms: result.durationMs,
    delivery_id: delivery.id,
  };
}

export async function listDeliveries(
  ctx: RequestContext,
  id: number,
  query: Static<typeof WebhookDeliveryQuery>,
) {
  await found(ctx, id);
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  const { rows, total } = await repo.listDeliveries(ctx.db, ctx.siteId, id, {
    status: query.status,
    page,
    limit,
  });
  return { deliveries: rows.map(toApiDelivery), total, page, limit };
}

/**
 * Retry now: a pending delivery becomes due at once; a failed one is pending again, retried for
 * another 24 hours.
 */
export async function retryDelivery(ctx: RequestContext, deps: WebhookDeps, id: number, deliveryId: number) {
  const row = await ctx.db.transaction(async (tx) => {
    const delivery = await repo.findDelivery(tx, ctx.siteId, id, deliveryId);
    if (!delivery) throw errors.notFound('Delivery not found', 'WEBHOOK_DELIVERY_NOT_FOUND');
    if (delivery.status === 'succeeded' || delivery.kind === 'ping')
      throw errors.conflict(
        'status',
        'Only a pending or failed delivery can be retried',
        'WEBHOOK_DELIVERY_DONE',
      );
    const now = new Date();
    const after = await repo.setDelivery(tx, deliveryId, {
      status: 'pending',
      nextAttemptAt: now,
      ...(delivery.status === 'failed' ? { expiresAt: new Date(now.getTime() + RETRY_FOR_MS) } : {}),
    });
    await ctx.audit(tx, {
      action: 'webhook_delivery.retry',
      entity: 'webhook',
      id,
      details: { delivery_id: deliveryId, status: delivery.status },
    });
    return after;
  });
  deps.nudge(WEBHOOK_WORKER);
  return { delivery: toApiDelivery(row) };
}
