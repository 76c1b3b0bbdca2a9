/**
 * The webhooks' outbox consumer: for each event, one delivery per active endpoint of
 * the event's site that wants its kind, written in the dispatcher's transaction (jobs/outbox.ts),
 * so an event becomes deliveries exactly once. The body is fixed here, the same on every attempt.
 */
import type { Db } from '../db/client.ts';
import { RETRY_FOR_MS, WEBHOOK_WORKER } from '../lib/webhook-send.ts';
import { activeEndpointsOf, insertDeliveries, type NewDelivery } from '../repositories/webhooks.ts';
import type { OutboxConsumer } from './outbox.ts';

export const webhookConsumer = (): OutboxConsumer => ({
  name: 'webhooks',
  worker: WEBHOOK_WORKER,
  async fanOut(tx: Db, events) {
    const endpoints = await activeEndpointsOf(tx, [...new Set(events.map((ev) => ev.siteId))]);
    if (endpoints.length === 0) return;
    const now = Date.now();
    const rows: NewDelivery[] = [];
    for (const ev of events) {
      for (const endpoint of endpoints) {
        if (endpoint.siteId !== ev.siteId || !endpoint.events.includes(ev.kind)) continue;
        rows.push({
          siteId: ev.siteId,
          endpointId: endpoint.id,
          eventId: ev.id,
          kind: ev.kind,
          entityKey: `${ev.entityType}:${ev.entityId ?? ''}`,
          body: {
            id: String(ev.id),
            type: ev.kind,
            created_at: ev.at.toISOString(),
            site: ev.siteId,
            data: ev.data,
          },
          nextAttemptAt: ev.at,
          expiresAt: new Date(Math.max(now, ev.at.getTime()) + RETRY_FOR_MS),
        });
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await insertDeliveries(tx, rows.slice(i, i + 1000));
  },
});
