/**
 * Sealing the audit log after the change commits: an audited write inserts its event and locks
 * nothing shared, so writers of one site do not wait for each other; the sealer links committed
 * events into the chain (a seal row each) in the order it finds them committed (two transactions
 * committing out of id order still give a chain that verifies); two sealers never fork the chain;
 * events and seals are both append-only (no UPDATE, DELETE or TRUNCATE at all); the check reports
 * events not sealed yet as pending, never as broken; the periodic job seals what no request
 * sealed; the floor below which every event is sealed never passes an event of a transaction
 * still open.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/src/db/client.ts';
import { auditChainHeads, auditEvents, auditSeals } from '../../server/src/db/schema/index.ts';
import { auditSealJob } from '../../server/src/jobs/audit-seal.ts';
import { appendAuditEvent, sealSite } from '../../server/src/repositories/audit-events.ts';
import { verifyChain } from '../../server/src/routes/audit-events/verify.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';

const SYSTEM = { siteId: 'main', actorId: null, actorName: 'system' };

describe.each(DRIVERS)('audit sealing (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  const db = () => t.app.database.db;
  const write = (database: Db, entityId: string) =>
    appendAuditEvent(database, SYSTEM, { action: 'test.write', entity: 'test', id: entityId });
  /** The event with its seal's place and hashes (null until sealed). */
  const eventOf = async (entityId: string) => {
    const [row] = await db()
      .select({ event: auditEvents, seal: auditSeals })
      .from(auditEvents)
      .leftJoin(auditSeals, eq(auditSeals.eventId, auditEvents.id))
      .where(eq(auditEvents.entityId, entityId));
    return {
      ...row.event,
      seq: row.seal?.seq ?? null,
      prevHash: row.seal?.prevHash ?? null,
      hash: row.seal?.hash ?? null,
    };
  };

  /** A transaction that has written an event and stays open; `commit` lets it finish. */
  const writeAndHoldOpen = async (entityId: string) => {
    const held = Promise.withResolvers<void>();
    const written = Promise.withResolvers<void>();
    const done = db().transaction(async (tx) => {
      await write(tx, entityId);
      written.resolve();
      await held.promise;
    });
    await Promise.race([written.promise, done]);
    return {
      commit: () => {
        held.resolve();
        return done;
      },
    };
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t?.close());

  it('writes an event unsealed, and a moment after the request’s answer it is sealed into the chain', async () => {
    await db().transaction((tx) => write(tx, 'unsealed-1'));
    expect(await eventOf('unsealed-1')).toMatchObject({ seq: null, prevHash: null, hash: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/positions',
      headers: bearer(token),
      payload: { position_code: 'SEAL-1', position_name: 'Seal gate' },
    });
    expect(res.statusCode).toBe(201);
    // The seal runs a moment after the answer, with no further call.
    const created = async () =>
      (
        await db()
          .select({ hash: auditSeals.hash })
          .from(auditEvents)
          .leftJoin(auditSeals, eq(auditSeals.eventId, auditEvents.id))
          .where(eq(auditEvents.action, 'position.create'))
      )[0];
    await vi.waitFor(async () => expect((await created()).hash).toMatch(/^[0-9a-f]{64}$/), {
      timeout: 5000,
      interval: 50,
    });
    // The unsealed event before it was sealed by the same run (everything the site had committed).
    expect((await eventOf('unsealed-1')).hash).toMatch(/^[0-9a-f]{64}$/);
    const chain = await db()
      .select({ seq: auditSeals.seq })
      .from(auditSeals)
      .where(eq(auditSeals.siteId, 'main'))
      .orderBy(asc(auditSeals.seq));
    expect(chain.map((r) => r.seq)).toEqual(chain.map((_, i) => i + 1));
    expect(await verifyChain(db(), 'main')).toEqual({ ok: true, checked: chain.length, pending: 0 });
  });

  it('reports events not sealed yet as pending, not broken; the check through the API seals first', async () => {
    const before = await verifyChain(db(), 'main');
    await db().transaction((tx) => write(tx, 'pending-1'));
    expect(await verifyChain(db(), 'main')).toEqual({ ok: true, checked: before.checked, pending: 1 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit-events/verify',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({ ok: true, pending: 0 });
    expect(res.json().count).toBeGreaterThan(before.checked);
  });

  it('refuses every change to an event or a seal, before and after sealing', async () => {
    await db().transaction((tx) => write(tx, 'trigger-1'));
    const unsealed = await eventOf('trigger-1');
    const refused = (statement: ReturnType<typeof sql>) => expect(db().execute(statement)).rejects.toThrow();
    await refused(sql`update audit_events set action = 'x' where id = ${unsealed.id}`);
    await refused(sql`delete from audit_events where id = ${unsealed.id}`);
    await t.app.auditSealer.seal('main');
    const sealed = await eventOf('trigger-1');
    expect(sealed.hash).not.toBeNull();
    // Once sealed, the seal is as fixed as the event: no re-seal, no moving, no removing.
    await refused(sql`update audit_seals set hash = 'h2', prev_hash = 'p2' where event_id = ${sealed.id}`);
    await refused(sql`update audit_seals set seq = 999 where event_id = ${sealed.id}`);
    await refused(sql`delete from audit_seals where event_id = ${sealed.id}`);
    await refused(sql`truncate audit_seals`);
    await refused(sql`update audit_events set client = 'x' where id = ${sealed.id}`);
    await refused(sql`delete from audit_events where id = ${sealed.id}`);
    expect(await eventOf('trigger-1')).toEqual(sealed);
    expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 0 });
  });

  it('seals what no request sealed (a job’s events) in the periodic job', async () => {
    await db().transaction((tx) => write(tx, 'job-1'));
    await db().transaction((tx) =>
      appendAuditEvent(
        tx,
        { siteId: 'other-site', actorId: null, actorName: 'system' },
        {
          action: 'test.write',
          entity: 'test',
          id: 'job-2',
        },
      ),
    );
    const result = await auditSealJob().run({
      db: db(),
      log: t.app.log,
      instance: 'test',
      stopping: () => false,
    });
    expect(result).toEqual({ sites: { main: { sealed: 1 }, 'other-site': { sealed: 1 } } });
    expect(await verifyChain(db(), 'other-site')).toEqual({ ok: true, checked: 1, pending: 0 });
    expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 0 });
  });

  it.runIf(driver === 'postgres')(
    'gives a chain that verifies when transactions commit out of id order, and writers do not wait for each other',
    async () => {
      await t.app.auditSealer.seal('main');
      // A writes first (the lower id) and stays open; B writes after it and commits first.
      const a = await writeAndHoldOpen('order-a');
      // B neither waits for A (no shared lock is taken) nor is held back from the chain by it.
      await db().transaction((tx) => write(tx, 'order-b'));
      expect(await sealSite(db(), 'main', { wait: true })).toEqual({ sealed: 1, busy: false });
      expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 0 });
      await a.commit();
      expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 1 });
      expect(await sealSite(db(), 'main', { wait: true })).toEqual({ sealed: 1, busy: false });
      const [first, second] = [await eventOf('order-a'), await eventOf('order-b')];
      expect(first.id).toBeLessThan(second.id);
      // Chained in commit order: B, then A.
      expect(first.seq).toBe((second.seq ?? 0) + 1);
      expect(first.prevHash).toBe(second.hash);
      expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 0 });
    },
  );

  it.runIf(driver === 'postgres')(
    'never forks the chain when sealers race (each waits for the head, or leaves it to the one holding it)',
    async () => {
      for (let i = 0; i < 20; i++) await db().transaction((tx) => write(tx, `race-${i}`));
      const runs = await Promise.all([
        sealSite(db(), 'main', { wait: true }),
        sealSite(db(), 'main', { wait: true }),
        sealSite(db(), 'main', { wait: false }),
        t.app.auditSealer.seal('main').then(() => ({ sealed: 0, busy: false })),
      ]);
      expect(runs.reduce((n, r) => n + r.sealed, 0)).toBe(20);
      expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 0 });
      // A sealer that will not wait leaves a held head to its holder.
      await db().transaction((tx) => write(tx, 'race-held'));
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db().transaction(async (tx) => {
        await tx.execute(sql`select 1 from audit_chain_heads where site_id = 'main' for update`);
        locked();
        await held;
      });
      await isLocked;
      expect(await sealSite(db(), 'main', { wait: false })).toEqual({ sealed: 0, busy: true });
      release();
      await holder;
      expect(await sealSite(db(), 'main', { wait: false })).toEqual({ sealed: 1, busy: false });
    },
  );

  it.runIf(driver === 'postgres')(
    'never moves the floor past an event of a transaction still open, however many runs pass',
    async () => {
      await t.app.auditSealer.seal('main');
      // The open transaction takes its event id first; later events commit past it, run after run.
      const open = await writeAndHoldOpen('floor-open');
      for (let i = 0; i < 4; i++) {
        await db().transaction((tx) => write(tx, `floor-${i}`));
        await sealSite(db(), 'main', { wait: true });
      }
      const [head] = await db().select().from(auditChainHeads).where(eq(auditChainHeads.siteId, 'main'));
      expect(head.floorId).toBeLessThan((await eventOf('floor-0')).id);
      await open.commit();
      const openId = (await eventOf('floor-open')).id;
      expect(head.floorId).toBeLessThan(openId);
      expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 1 });
      expect(await sealSite(db(), 'main', { wait: true })).toEqual({ sealed: 1, busy: false });
      // Once nothing older is open (in the whole server: another database's open transaction holds
      // it back too), the floor passes them all.
      const lastId = (await eventOf('floor-3')).id;
      await vi.waitFor(
        async () => {
          await sealSite(db(), 'main', { wait: true });
          const [after] = await db().select().from(auditChainHeads).where(eq(auditChainHeads.siteId, 'main'));
          expect(after.floorId).toBeGreaterThanOrEqual(lastId);
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(await verifyChain(db(), 'main')).toMatchObject({ ok: true, pending: 0 });
    },
  );

  it('keeps one linear chain when many audited requests race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/positions',
          headers: bearer(token),
          payload: { position_code: `RACE-${i}`, position_name: `Race ${i}` },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit-events/verify',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({ ok: true, pending: 0 });
  });
});
