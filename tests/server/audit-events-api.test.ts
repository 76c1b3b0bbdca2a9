/**
 * Reading the audit log through the API: the filters, keyset pages newest first, the CSV with its
 * formula rule, the chain check (ok, then a tampered row named), who may read what (the whole log
 * with system.logs, a record's own history with its type's update permission) and the caller's
 * site only. Secrets never appear in an answer.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChainHeads, auditEvents, auditSeals, sites } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

interface ApiEvent {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: Record<string, unknown> | null;
}

describe.each(DRIVERS)('audit events API (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let worker: Actor;
  let otherAdmin: Actor;
  let positionId: number;

  const get = (url: string, as: Actor) => t.app.inject({ method: 'GET', url, headers: as.headers });
  const list = async (query: string, as: Actor = admin) => {
    const res = await get(`/api/v1/audit-events${query}`, as);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res.json() as { audit_events: ApiEvent[]; next_cursor: string | null };
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    otherAdmin = await signInAs(t, 'admin', 'other');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/positions',
      headers: admin.headers,
      payload: { position_code: 'AUD-1', position_name: 'Gate' },
    });
    expect(created.statusCode).toBe(201);
    positionId = created.json().position.id;
    for (const name of ['Gate 2', '=HYPERLINK("http://x")', 'Gate 4']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/positions/${positionId}`,
        headers: admin.headers,
        payload: { position_name: name },
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  it("lists a record's history newest first, with each change's old and new values", async () => {
    const body = await list(`?entity_type=position&entity_id=${positionId}`);
    expect(body.audit_events.map((e) => e.action)).toEqual([
      'position.update',
      'position.update',
      'position.update',
      'position.create',
    ]);
    const ids = body.audit_events.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(body.audit_events[0]).toMatchObject({
      actor_id: admin.id,
      entity_type: 'position',
      entity_id: String(positionId),
      changes: { position_name: { old: '=HYPERLINK("http://x")', new: 'Gate 4' } },
    });
    expect(body.audit_events[0].actor_name).toBe('Test admin');
    expect(body.next_cursor).toBeNull();
  });

  it('filters by action, actor and days (inclusive, in the site’s time zone)', async () => {
    const creates = await list('?action=position.create');
    expect(creates.audit_events.map((e) => e.entity_id)).toEqual([String(positionId)]);
    const byManager = await list(`?actor_id=${manager.id}`);
    expect(byManager.audit_events.map((e) => e.action)).toEqual(['auth.login']);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const around = await list(`?entity_type=position&from=${yesterday}&to=${tomorrow}`);
    expect(around.audit_events).toHaveLength(4);
    expect((await list(`?entity_type=position&from=${tomorrow}`)).audit_events).toEqual([]);
    expect((await list('?to=2020-01-01')).audit_events).toEqual([]);
    expect((await list(`?entity_type=position&to=${today}&from=${yesterday}`)).audit_events.length).toBe(4);
    const backwards = await get(`/api/v1/audit-events?from=${tomorrow}&to=${yesterday}`, admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].field).toBe('to');
  });

  it('pages by cursor without gaps or repeats', async () => {
    const all = (await list('?limit=200')).audit_events.map((e) => e.id);
    expect(all.length).toBeGreaterThan(5);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.audit_events.length).toBeLessThanOrEqual(2);
      seen.push(...page.audit_events.map((e) => e.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
    expect((await get('/api/v1/audit-events?cursor=abc', admin)).statusCode).toBe(400);
  });

  it('exports the filtered events as CSV with formulas defused', async () => {
    const res = await get(
      `/api/v1/audit-events?format=csv&entity_type=position&entity_id=${positionId}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor_name,action,entity_type,entity_id,changes,details,request_id,client,hash',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',position.update,position,');
    // The name as a formula is a cell fragment after a quote: it starts with an apostrophe.
    expect(res.body).toContain(`'=HYPERLINK(`);
    expect(res.body).not.toMatch(/[,;"]=HYPERLINK/);
  });

  it('shows secrets only as "changed"', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin.headers,
      payload: {
        email: 'secret-keeper@example.com',
        first_name: 'Salla',
        last_name: 'Salainen',
        role: 'worker',
        password: 'Hidden-Pass-77',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().user.id;
    const history = await get(`/api/v1/audit-events?entity_type=user&entity_id=${id}`, admin);
    expect(history.json().audit_events[0].changes.password_hash).toBe('changed');
    const csv = await get('/api/v1/audit-events?format=csv', admin);
    for (const body of [history.body, csv.body, (await get('/api/v1/audit-events?limit=200', admin)).body]) {
      expect(body).not.toContain('Hidden-Pass-77');
      expect(body).not.toContain('$argon2');
    }
  });

  it('refuses the log to a worker, and to a manager beyond the history of what they may update', async () => {
    const refused = async (url: string, as: Actor, code: string) => {
      const res = await get(url, as);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, code });
    };
    await refused('/api/v1/audit-events', worker, 'FORBIDDEN');
    await refused(`/api/v1/audit-events?entity_type=position&entity_id=${positionId}`, worker, 'FORBIDDEN');
    await refused('/api/v1/audit-events/verify', worker, 'FORBIDDEN');
    await refused('/api/v1/audit-events', manager, 'AUDIT_LOG_FORBIDDEN');
    await refused('/api/v1/audit-events?entity_type=position', manager, 'AUDIT_LOG_FORBIDDEN');
    await refused(`/api/v1/audit-events?entity_id=${positionId}`, manager, 'AUDIT_LOG_FORBIDDEN');
    await refused(
      `/api/v1/audit-events?entity_type=user&entity_id=${admin.id}`,
      manager,
      'AUDIT_LOG_FORBIDDEN',
    );
    await refused('/api/v1/audit-events?format=csv', manager, 'AUDIT_LOG_FORBIDDEN');
    await refused('/api/v1/audit-events/verify', manager, 'FORBIDDEN');
    // A manager updates positions, so reads a position's history (and may export it).
    const history = await list(`?entity_type=position&entity_id=${positionId}`, manager);
    expect(history.audit_events).toHaveLength(4);
    const csv = await get(
      `/api/v1/audit-events?entity_type=position&entity_id=${positionId}&format=csv`,
      manager,
    );
    expect(csv.statusCode).toBe(200);
  });

  it("shows only the caller's site, and checks each site's chain on its own", async () => {
    const other = await list('?limit=200', otherAdmin);
    expect(other.audit_events.length).toBeGreaterThan(0);
    expect(other.audit_events.every((e) => e.actor_id === otherAdmin.id)).toBe(true);
    expect((await list(`?entity_type=position&entity_id=${positionId}`, otherAdmin)).audit_events).toEqual(
      [],
    );
    const csv = await get('/api/v1/audit-events?format=csv', otherAdmin);
    expect(csv.body).not.toContain('position.');
    const mine = await list('?limit=200');
    expect(mine.audit_events.some((e) => e.actor_id === otherAdmin.id)).toBe(false);
    const check = await get('/api/v1/audit-events/verify', otherAdmin);
    expect(check.json()).toEqual({ ok: true, count: other.audit_events.length, pending: 0 });
  });

  it('verifies the chain, then names the first event changed behind the trigger', async () => {
    const total = (await list('?limit=200')).audit_events.length;
    const ok = await get('/api/v1/audit-events/verify', admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, count: total, pending: 0 });
    const [victim] = (await list(`?entity_type=position&entity_id=${positionId}&action=position.create`))
      .audit_events;
    // As a superuser: switch the append-only trigger off, change a value, switch it on again.
    const db = t.app.database.db;
    await db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await db.execute(sql`update audit_events set changes = '{}'::jsonb where id = ${victim.id}`);
    await db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    const broken = (await get('/api/v1/audit-events/verify', admin)).json();
    expect(broken).toMatchObject({ ok: false, broken_id: victim.id, reason: 'content' });
    expect(broken.count).toBeLessThan(total);
    // The other site's chain is not touched.
    expect((await get('/api/v1/audit-events/verify', otherAdmin)).json()).toMatchObject({ ok: true });
  });

  it('names an event inserted with a hash that does not follow the chain', async () => {
    const db = t.app.database.db;
    // Sealed as the chain's next place, but not linked to the event before it.
    expect((await get('/api/v1/audit-events/verify', otherAdmin)).json()).toMatchObject({ ok: true });
    const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.siteId, 'other'));
    const [forged] = await db
      .insert(auditEvents)
      .values({
        at: new Date(),
        siteId: 'other',
        actorName: 'intruder',
        action: 'user.update',
        entityType: 'user',
        entityId: '1',
      })
      .returning({ id: auditEvents.id });
    await db.insert(auditSeals).values({
      siteId: 'other',
      seq: head.seq + 1,
      eventId: forged.id,
      prevHash: 'x',
      hash: 'y',
    });
    expect((await get('/api/v1/audit-events/verify', otherAdmin)).json()).toMatchObject({
      ok: false,
      broken_id: forged.id,
      reason: 'link',
    });
  });

  it('pages through events of one instant each once (the cursor reads its time back exactly)', async () => {
    const at = new Date('2030-01-01T00:00:00.123Z');
    const row = (n: number) => ({
      at,
      siteId: 'other',
      actorName: 'batch',
      action: 'position.update',
      entityType: 'position',
      entityId: `same-${n}`,
    });
    await t.app.database.db.insert(auditEvents).values([1, 2, 3, 4, 5].map(row));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        `?action=position.update&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        otherAdmin,
      );
      seen.push(...page.audit_events.map((e) => e.entity_id ?? ''));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['same-5', 'same-4', 'same-3', 'same-2', 'same-1']);
  });
});
