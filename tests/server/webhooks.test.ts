/**
 * Webhooks: an admin registers a URL for chosen events and sees its secret once; each
 * event of the site reaches it signed (a receiver the test runs checks the signature); a receiver
 * that fails then recovers gets every event exactly once and in order per record; a day of
 * failures switches the endpoint off and emails the site's admin address; the secret never shows
 * again, in answers or in the audit log; only admins reach any of it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  outboxEvents,
  sites,
  webhookDeliveries,
  webhookEndpoints,
} from '../../server/src/db/schema/index.ts';
import type { Mailer, OutgoingMail } from '../../server/src/infra/mailer.ts';
import { dispatchOutbox } from '../../server/src/jobs/outbox.ts';
import { deliverWebhooks, RETRY_FIRST_MS } from '../../server/src/jobs/webhook-delivery.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs, signInEveryRole } from './support/actors.ts';
import { type Receiver, startReceiver } from './support/webhook-receiver.ts';

const HOUR = 3600_000;

describe.each(DRIVERS)('webhooks (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let receiver: Receiver;
  let clock: number;
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = {
    delivers: true,
    send: async (m) => {
      mails.push(m);
      return 'sent';
    },
    close() {},
  };

  beforeAll(async () => {
    t = await buildTestApp(driver, { webhooksAllowPrivate: true });
    admin = await signInAs(t, 'admin');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });
  beforeEach(async () => {
    const db = t.app.database.db;
    await db.delete(webhookEndpoints);
    await db.delete(outboxEvents);
    receiver.received.length = 0;
    receiver.answer = () => 200;
    mails.length = 0;
    clock = Date.now();
  });

  const deps = () => ({ db: t.app.database.db, config: t.app.config, mailer, now: () => new Date(clock) });
  /** Hands the outbox on and runs delivery batches until none is due at the fake clock. */
  const drain = async () => {
    // The fake clock never runs behind the real one (events are stamped by the database).
    clock = Math.max(clock, Date.now());
    while ((await dispatchOutbox(t.app.database.db)) > 0);
    while ((await deliverWebhooks(deps())) > 0);
  };
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: as.headers, payload: payload as object });

  async function register(events: string[] = ['user.created', 'user.deactivated']) {
    const res = await api('POST', '/webhooks', { url: receiver.url, events, description: 'ERP' });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook, secret } = res.json();
    receiver.secret = secret;
    return { webhook, secret: secret as string };
  }

  let seq = 0;
  async function makeUser() {
    const res = await api('POST', '/users', {
      first_name: 'Hook',
      last_name: `User${++seq}`,
      email: `hook-${driver}-${seq}-${Date.now()}@example.com`,
      password: 'Hooked123!',
      role: 'worker',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().user.id as number;
  }
  const deactivate = async (id: number) => {
    const res = await api('PUT', `/users/${id}`, { is_active: false });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('delivers a signed event of a chosen kind, with its type, delivery id and body', async () => {
    const { webhook, secret } = await register(['user.created']);
    expect(secret).toMatch(/^whsec_/);
    const id = await makeUser();
    await deactivate(id); // not chosen: not sent
    // Another site's event of the chosen kind: never sent to this site's endpoint.
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' }).onConflictDoNothing();
    await t.app.database.db.insert(outboxEvents).values({
      siteId: 'other',
      kind: 'user.created',
      entityType: 'user',
      entityId: '999',
      data: { id: 999 },
    });
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.signatureOk).toBe(true);
    expect(got.event).toBe('user.created');
    expect(got.body).toMatchObject({ type: 'user.created', site: 'main', data: { id } });
    expect(got.body.id).toMatch(/^\d+$/);
    const log = await api('GET', `/webhooks/${webhook.id}/deliveries`);
    expect(log.json()).toMatchObject({
      total: 1,
      deliveries: [{ id: Number(got.delivery), status: 'succeeded', attempts: 1, last_status_code: 200 }],
    });
    // A wrong secret does not verify: the check is real.
    receiver.secret = 'whsec_wrong';
    await makeUser();
    await drain();
    expect(receiver.received[1].signatureOk).toBe(false);
  });

  it('a receiver that fails then recovers gets every event exactly once, in order per record', async () => {
    const { webhook } = await register();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await makeUser());
    for (const id of ids) await deactivate(id);
    // Down for the first 6 requests, then up.
    let calls = 0;
    receiver.answer = () => (++calls <= 6 ? 503 : 200);
    await drain();
    for (
      let round = 0;
      round < 12 && receiver.received.filter((r) => r.answered === 200).length < 8;
      round++
    ) {
      clock += 2 ** round * RETRY_FIRST_MS;
      await drain();
    }
    const accepted = receiver.received.filter((r) => r.answered === 200);
    // Exactly once: each delivery id accepted once, and together every event.
    expect(new Set(accepted.map((r) => r.delivery)).size).toBe(accepted.length);
    expect(accepted).toHaveLength(8);
    // In order per record: a user's creation before their deactivation, every time, failed tries included.
    for (const id of ids) {
      const seen = receiver.received.filter((r) => r.body.data.id === id);
      const firstDeactivation = seen.findIndex((r) => r.event === 'user.deactivated');
      expect(seen.slice(firstDeactivation).every((r) => r.event === 'user.deactivated')).toBe(true);
      expect(seen.slice(0, firstDeactivation).at(-1)?.answered).toBe(200);
    }
    // Every attempt was logged with its status code.
    const failed = receiver.received.filter((r) => r.answered !== 200).length;
    const rows = await t.app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, webhook.id));
    expect(rows.reduce((n, r) => n + r.attempts, 0)).toBe(8 + failed);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
  });

  it('retries with doubling pauses, and a day of failures switches the endpoint off and tells the admin', async () => {
    const settings = (await api('GET', '/site-settings')).json();
    await api('PUT', '/site-settings', {
      ...settings.settings,
      adminEmail: 'site-admin@example.com',
      version: settings.version,
    });
    await drain(); // the settings.changed event: not chosen
    const { webhook } = await register(['user.created']);
    receiver.answer = () => 500;
    await makeUser();
    await drain();
    expect(receiver.received).toHaveLength(1);
    clock += RETRY_FIRST_MS - 1000;
    await drain();
    expect(receiver.received).toHaveLength(1); // not yet due
    clock += 1000;
    await drain();
    expect(receiver.received).toHaveLength(2);
    clock += RETRY_FIRST_MS;
    await drain();
    expect(receiver.received).toHaveLength(2); // the pause doubled: 20 s now
    clock += RETRY_FIRST_MS;
    await drain();
    expect(receiver.received).toHaveLength(3);
    expect(mails).toEqual([]);
    // A day later it is still failing: switched off, the admin told once.
    clock += 25 * HOUR;
    await drain();
    const got = (await api('GET', `/webhooks/${webhook.id}`)).json().webhook;
    expect(got).toMatchObject({
      status: 'disabled',
      is_active: false,
      last_delivery_ok: false,
      last_status_code: 500,
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'site-admin@example.com', kind: 'webhook_disabled' });
    expect(mails[0].text).toContain(receiver.url);
    // The link opens the endpoint: absolute even without PUBLIC_URL (this server's own address).
    expect(t.app.config.publicUrl).toBeUndefined();
    expect(mails[0].link).toBe(`http://localhost:${t.app.config.port}/webhooks?endpoint=${webhook.id}`);
    expect(mails[0].text).toContain(mails[0].link);
    // Switched off: new events are not queued for it.
    const before = receiver.received.length;
    receiver.answer = () => 200;
    await makeUser();
    clock += 2 * HOUR;
    await drain();
    expect(receiver.received).toHaveLength(before);
    // Switched on again by the admin: active, its failures forgotten.
    const on = await api('PUT', `/webhooks/${webhook.id}`, { is_active: true });
    expect(on.json().webhook).toMatchObject({ status: 'active', failing_since: null });
  });

  it('Test sends a ping at once and answers the receiver’s status; retry now resends a failed delivery', async () => {
    const { webhook } = await register(['user.created']);
    receiver.answer = () => 418;
    const res = await api('POST', `/webhooks/${webhook.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, status_code: 418 });
    expect(receiver.received[0]).toMatchObject({ event: 'ping', signatureOk: true });
    receiver.answer = () => 204;
    expect((await api('POST', `/webhooks/${webhook.id}/test`)).json()).toMatchObject({
      ok: true,
      status_code: 204,
    });

    // A delivery given up on, then retried now by the admin.
    receiver.answer = () => 500;
    await makeUser();
    await drain();
    clock += 30 * HOUR;
    await drain();
    const log = (await api('GET', `/webhooks/${webhook.id}/deliveries?status=failed`)).json();
    const gaveUp = log.deliveries.find((d: { type: string }) => d.type === 'user.created');
    expect(gaveUp).toMatchObject({ status: 'failed', next_attempt_at: null });
    // A day of failures also switched the endpoint off: the admin fixes the receiver, switches it
    // on and retries.
    expect((await api('GET', `/webhooks/${webhook.id}`)).json().webhook.status).toBe('disabled');
    receiver.answer = () => 200;
    expect((await api('PUT', `/webhooks/${webhook.id}`, { is_active: true })).statusCode).toBe(200);
    const retry = await api('POST', `/webhooks/${webhook.id}/deliveries/${gaveUp.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().delivery.status).toBe('pending');
    clock = Date.now() + 1000;
    await drain();
    const after = (await api('GET', `/webhooks/${webhook.id}/deliveries?limit=1&status=succeeded`)).json();
    expect(after.deliveries[0]).toMatchObject({ id: gaveUp.id, status: 'succeeded' });
    expect(after.limit).toBe(1);
    const again = await api('POST', `/webhooks/${webhook.id}/deliveries/${gaveUp.id}/retry`);
    expect(again.statusCode).toBe(409);
  });

  it('shows the secret once: never in GET answers nor the audit log; rotate shows a new one', async () => {
    const { webhook, secret } = await register();
    const rotated = await api('POST', `/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(secret);
    const reads = [await api('GET', '/webhooks'), await api('GET', `/webhooks/${webhook.id}`)];
    for (const r of reads) {
      expect(r.body).not.toContain(secret);
      expect(r.body).not.toContain(fresh);
      expect(r.body).not.toContain('whsec_');
    }
    const audit = JSON.stringify(await t.app.database.db.select().from(auditEvents));
    expect(audit).not.toContain(secret);
    expect(audit).not.toContain(fresh);
    expect(audit).toContain('webhook.rotate_secret');
    // Stored sealed, not as written.
    const [row] = await t.app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, webhook.id));
    expect(row.secretEnc).not.toContain(fresh.slice(6));
    // The new secret signs.
    receiver.secret = fresh;
    expect((await api('POST', `/webhooks/${webhook.id}/test`)).json().ok).toBe(true);
    expect(receiver.received.at(-1)?.signatureOk).toBe(true);
  });

  it('refuses bad input with a 4xx naming the field', async () => {
    const bad = [
      { url: 'not a url', events: ['user.created'] },
      { url: 'ftp://example.com/x', events: ['user.created'] },
      { url: 'https://user:pw@example.com/x', events: ['user.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['no.such'] },
    ];
    for (const payload of bad) {
      const res = await api('POST', '/webhooks', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await api('GET', '/webhooks/999999')).statusCode).toBe(404);
  });

  it('only admins reach webhooks', async () => {
    const roles = await signInEveryRole(t);
    for (const role of ['manager', 'worker'] as const) {
      expect((await api('GET', '/webhooks', undefined, roles[role])).statusCode).toBe(403);
      expect(
        (await api('POST', '/webhooks', { url: receiver.url, events: ['user.created'] }, roles[role]))
          .statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(401);
  });
});

describe.each(DRIVERS)('webhook targets (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(driver, { webhooksAllowPrivate: false });
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('refuses plain http, and private, loopback, link-local and metadata addresses without the allowance', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00:ec2::254]/hook',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: admin.headers,
        payload: { url, events: ['user.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field, url).toBe('url');
    }
  });

  it('checks the address again when it sends (a name that now resolves privately is refused)', async () => {
    // Saved while allowed (or resolving elsewhere then); at delivery time the rule holds.
    const receiver = await startReceiver();
    try {
      const { sendWebhook } = await import('../../server/src/lib/webhook-send.ts');
      const refused = await sendWebhook(
        receiver.url.replace('127.0.0.1', 'localhost').replace('http:', 'https:'),
        '{}',
        {},
        {
          allowPrivate: false,
        },
      );
      expect(refused).toMatchObject({ ok: false, statusCode: null });
      expect(refused.error).toMatch(/private|loopback/);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
