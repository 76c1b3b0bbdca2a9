/**
 * Webhooks under a burst: what the speed-ups must not change.
 * - The claim walks the due deliveries in order and stops at its batch, yet never stops short
 *   behind deliveries that must wait (an earlier one of their record still pending): it goes past
 *   them to those that may leave, and leaves each record's later events for later.
 * - Deliveries and attempts travel to the database as one JSON parameter: a body with quotes,
 *   backslashes, newlines and non-ASCII text arrives exactly as the event had it, signed, whether
 *   sent on the main thread or on the worker's sending thread (lib/webhook-send-thread.ts).
 * - The dispatcher wakes the worker that sends what its consumers wrote, right after its commit;
 *   a nudge that comes while a worker is busy is kept, not lost.
 * - On PGlite a worker with a backlog rests as long as its batch held the database: the whole
 *   batch, unless it says how long (the webhooks' wait for their receivers does not count).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../../server/src/db/schema/index.ts';
import { type OutboxConsumer, outboxWorker } from '../../server/src/jobs/outbox.ts';
import { webhookConsumer } from '../../server/src/jobs/webhook-consumer.ts';
import { deliverWebhooks } from '../../server/src/jobs/webhook-delivery.ts';
import type { WorkerDefinition } from '../../server/src/jobs/workers.ts';
import { sealSecret, webhookKey } from '../../server/src/lib/webhook-secret.ts';
import { sendHere } from '../../server/src/lib/webhook-send.ts';
import { sendOnThread } from '../../server/src/lib/webhook-send-thread.ts';
import { loadJwtSecret } from '../../server/src/repositories/server-secrets.ts';
import { claimDue } from '../../server/src/repositories/webhooks.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Receiver, startReceiver } from './support/webhook-receiver.ts';

describe.each(DRIVERS)('webhooks under a burst (%s)', (driver) => {
  let t: TestApp;
  let receiver: Receiver;
  let endpointId: number;
  const db = () => t.app.database.db;

  beforeAll(async () => {
    t = await buildTestApp(driver, { webhooksAllowPrivate: true });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });
  beforeEach(async () => {
    await db().delete(webhookEndpoints);
    await db().delete(outboxEvents);
    receiver.received.length = 0;
    receiver.secret = 'whsec_burst';
    const key = webhookKey(await loadJwtSecret(db(), t.app.config));
    const [row] = await db()
      .insert(webhookEndpoints)
      .values({
        siteId: 'main',
        url: receiver.url,
        events: ['work_entry.created', 'work_entry.completed'],
        secretEnc: sealSecret(key, receiver.secret),
      })
      .returning();
    endpointId = row.id;
  });

  /** Outbox events handed to the webhooks consumer as the dispatcher would (one transaction). */
  async function fanOut(events: { kind: string; entityId: string; data: Record<string, unknown> }[]) {
    const rows = await db()
      .insert(outboxEvents)
      .values(events.map((e) => ({ siteId: 'main', entityType: 'work_entry', ...e })))
      .returning();
    await db().transaction((tx) => webhookConsumer().fanOut(tx, rows));
  }

  it('claims past deliveries that wait for their record’s earlier one, a batch at a time, each record in order', async () => {
    // 150 records with two events each, then 60 records with one: 360 deliveries, all due.
    const events = [];
    for (let i = 0; i < 150; i++) events.push({ kind: 'work_entry.created', entityId: `a${i}`, data: { i } });
    for (let i = 0; i < 150; i++)
      events.push({ kind: 'work_entry.completed', entityId: `a${i}`, data: { i } });
    for (let i = 0; i < 60; i++) events.push({ kind: 'work_entry.created', entityId: `b${i}`, data: { i } });
    await fanOut(events);
    const now = new Date(Date.now() + 1000);
    const lease = new Date(now.getTime() + 60_000);
    const taken: string[] = [];
    // Each batch takes at most one delivery per record, never a completion before its creation.
    for (let round = 0; round < 3; round++) {
      const claimed = await claimDue(db(), now, lease, 100);
      const keys = claimed.map((c) => c.delivery.entityKey);
      expect(new Set(keys).size).toBe(keys.length);
      for (const c of claimed) taken.push(`${c.delivery.entityKey} ${c.delivery.kind}`);
    }
    // 210 first deliveries could leave: all were found, though 150 waiting ones lie among them.
    expect(taken).toHaveLength(210);
    expect(taken.filter((x) => x.endsWith('completed'))).toEqual([]);
    expect(await claimDue(db(), now, lease, 100)).toEqual([]);
    // Once the creations are done, the completions are due.
    await db()
      .update(webhookDeliveries)
      .set({ status: 'succeeded' })
      .where(eq(webhookDeliveries.kind, 'work_entry.created'));
    const next = await claimDue(db(), now, lease, 500);
    expect(next.map((c) => c.delivery.kind)).toEqual(Array(150).fill('work_entry.completed'));
  });

  it.each([
    ['this thread', sendHere],
    ['the sending thread', sendOnThread],
  ])(
    'sends (on %s) a body with quotes, backslashes, newlines and non-ASCII text exactly as the event had it',
    async (_, send) => {
      const data = {
        note: 'He said "ok" \\ then left\nÅland – ääkköset 💧',
        nested: { list: [1, null, 'x'], empty: '' },
      };
      await fanOut([{ kind: 'work_entry.created', entityId: '1', data }]);
      const deps = { db: db(), config: t.app.config, send };
      while ((await deliverWebhooks(deps)) > 0);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].signatureOk).toBe(true);
      expect(receiver.received[0].body.data).toEqual(data);
      const [row] = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(asc(webhookDeliveries.id));
      expect(row).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, lastError: null });
    },
  );

  it('the dispatcher wakes the sending worker once its batch is committed; a nudge while busy is kept', async () => {
    const sent: number[] = [];
    let release: () => void = () => {};
    let firstRun = true;
    // A sender that would otherwise sleep a minute between looks; its first look is held open
    // while the dispatcher commits, so the dispatcher's nudge finds it busy.
    const sender: WorkerDefinition = {
      name: 'test-sender',
      idleMs: 60_000,
      async runBatch() {
        if (firstRun) {
          firstRun = false;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return 0;
        }
        const pending = await db().select().from(outboxEvents);
        sent.push(pending.length);
        return 0;
      },
    };
    const consumer: OutboxConsumer = { name: 'test', worker: 'test-sender', fanOut: async () => {} };
    const dispatcher = { ...outboxWorker([consumer]), idleMs: 50 };
    const app = await buildApp({
      config: t.app.config,
      database: t.app.database,
      logger: false,
      lazyCompile: true,
      workers: [sender, dispatcher],
    });
    await app.ready();
    try {
      await db()
        .insert(outboxEvents)
        .values({ siteId: 'main', kind: 'work_entry.created', entityType: 'work_entry', data: {} });
      // The dispatcher hands the event on (dispatched_at set), nudging the busy sender.
      await expect
        .poll(async () => (await db().select().from(outboxEvents))[0]?.dispatchedAt ?? null, {
          timeout: 5000,
        })
        .not.toBeNull();
      expect(sent).toEqual([]);
      release();
      // Not a minute later: the kept nudge runs it again at once.
      await expect.poll(() => sent.length, { timeout: 3000 }).toBeGreaterThan(0);
    } finally {
      release();
      await app.close();
    }
  });

  it.runIf(driver === 'pglite')(
    'a busy worker rests as long as its batch held the database, on PGlite',
    async () => {
      const gaps = { whole: [] as number[], told: [] as number[] };
      const worker = (name: keyof typeof gaps, report: boolean): WorkerDefinition => {
        let ended = 0;
        let runs = 0;
        return {
          name,
          idleMs: 60_000,
          async runBatch() {
            if (ended) gaps[name].push(performance.now() - ended);
            if (++runs > 4) return 0;
            // 120 ms spent waiting on something else than the database (a receiver, say).
            await new Promise((resolve) => setTimeout(resolve, 120));
            ended = performance.now();
            return report ? { handled: 1, heldMs: 0 } : 1;
          },
        };
      };
      const app = await buildApp({
        config: t.app.config,
        database: t.app.database,
        logger: false,
        lazyCompile: true,
        workers: [worker('whole', false), worker('told', true)],
      });
      await app.ready();
      try {
        await expect.poll(() => gaps.whole.length + gaps.told.length, { timeout: 5000 }).toBe(8);
        // Told it held nothing: the next batch at once. Not told: a rest as long as the batch.
        for (const gap of gaps.whole) expect(gap).toBeGreaterThanOrEqual(110);
        for (const gap of gaps.told) expect(gap).toBeLessThan(100);
      } finally {
        await app.close();
      }
    },
  );
});
