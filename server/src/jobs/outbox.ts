/**
 * The outbox dispatcher: takes undispatched outbox events (db/schema/outbox.ts) a
 * batch at a time and, in one transaction, hands them to every consumer, which writes its own
 * deliveries (a webhook delivery per endpoint that wants the event, a notification email per
 * recipient), then marks them dispatched. A consumer that fails rolls the whole batch back, so an
 * event is handed on exactly once: never lost, never twice. Across processes the batch's rows are
 * locked and skipped by the others (repositories/outbox.ts claimPending). Once a batch is committed,
 * the workers that send what the consumers wrote are woken (on this process; others poll).
 * Dispatched events are pruned after a week, at most once an hour per process.
 */
import type { Db } from '../db/client.ts';
import { OUTBOX_WORKER } from '../lib/outbox-kinds.ts';
import {
  claimPending,
  markDispatched,
  type OutboxEventRow,
  pruneDispatched,
} from '../repositories/outbox.ts';
import { DAY_MS, HOUR_MS } from './definition.ts';
import { notificationConsumer } from './notification-consumer.ts';
import { webhookConsumer } from './webhook-consumer.ts';
import type { WorkerDefinition } from './workers.ts';

export { OUTBOX_WORKER };

export interface OutboxConsumer {
  name: string;
  /** The worker that sends what this consumer writes: woken once a batch is committed. */
  worker?: string;
  /** Writes this consumer's deliveries for `events` (in id order) in the dispatcher's transaction `tx`. */
  fanOut(tx: Db, events: OutboxEventRow[]): Promise<void>;
}

/** Every consumer of the outbox (webhooks, notification emails): a new one is added here. */
export const outboxConsumers = (): OutboxConsumer[] => [webhookConsumer(), notificationConsumer()];

/**
 * A batch is one transaction, which on PGlite holds the only connection (and the thread) till its
 * commit: 500 failed entries (1,000 emails to write) held it for a second under load, and requests
 * waited that long (bench/notification-emails.ts: API p99 0.9–1.4 s during the drain against
 * 0.3–0.4 s with 100, draining no slower).
 */
const BATCH = 100;
const KEEP_MS = 7 * DAY_MS;

/** Dispatches one batch; answers how many events it handed on. */
export async function dispatchOutbox(
  db: Db,
  consumers: OutboxConsumer[] = outboxConsumers(),
  limit = BATCH,
): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await claimPending(tx, limit);
    if (events.length === 0) return 0;
    for (const consumer of consumers) await consumer.fanOut(tx, events);
    await markDispatched(
      tx,
      events.map((e) => e.id),
    );
    return events.length;
  });
}

export function outboxWorker(consumers: OutboxConsumer[] = outboxConsumers()): WorkerDefinition {
  let prunedAt = 0;
  return {
    name: OUTBOX_WORKER,
    idleMs: 1000,
    async runBatch({ db, nudge }) {
      const handed = await dispatchOutbox(db, consumers);
      // Committed: the senders need not wait for their next poll to find what was written.
      if (handed > 0) for (const c of consumers) if (c.worker) nudge?.(c.worker);
      if (Date.now() - prunedAt > HOUR_MS) {
        prunedAt = Date.now();
        await pruneDispatched(db, new Date(Date.now() - KEEP_MS));
      }
      return handed;
    },
  };
}
