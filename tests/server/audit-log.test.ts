/**
 * The audit log's guarantees: events cannot be changed or deleted (the trigger), each site's
 * events form one unbroken hash chain even when writes race (PostgreSQL; audit-sealing.test.ts
 * tests the sealer itself), a failed sign-in is
 * recorded with the attempted email and never the password, secrets show only as "changed", and a
 * refused change leaves no event.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/src/db/schema/index.ts';
import { verifyChain } from '../../server/src/routes/audit-events/verify.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from './helpers.ts';

describe.each(DRIVERS)('audit log (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => t?.close());
  const db = () => t.app.database.db;
  const events = (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action));
  const createUser = (n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(token),
      payload: {
        email: `audit${n}@example.com`,
        first_name: 'Aino',
        last_name: `Audit${n}`,
        role: 'worker',
        password: 'Secret-Pass-1',
      },
    });

  it('records a change with its actor, request and fields, and a password only as "changed"', async () => {
    const res = await createUser(1);
    expect(res.statusCode).toBe(201);
    const [event] = await events('user.create');
    expect(event).toMatchObject({
      siteId: 'main',
      entityType: 'user',
      entityId: String(res.json().user.id),
      requestId: res.headers['x-request-id'],
    });
    expect(event.actorName).toMatch(/\S/);
    const changes = event.changes as Record<string, unknown>;
    expect(changes.email).toEqual({ old: null, new: 'audit1@example.com' });
    expect(changes.password_hash).toBe('changed');
    expect(JSON.stringify(event)).not.toContain('Secret-Pass-1');
  });

  it('records a failed sign-in with the attempted email, never the password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'Guess-Pass-9' },
    });
    expect(res.statusCode).toBe(401);
    const [event] = await events('auth.login_failed');
    expect(event).toMatchObject({ actorId: null, actorName: 'nobody@example.com' });
    expect(JSON.stringify(event)).not.toContain('Guess-Pass-9');
  });

  it('writes no event for a refused change', async () => {
    const before = (await events('user.create')).length;
    expect((await createUser(1)).statusCode).toBe(409);
    expect((await events('user.create')).length).toBe(before);
  });

  it('refuses to update, delete or truncate events', async () => {
    await expect(db().execute(sql`update audit_events set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await events('user.create')).length).toBeGreaterThan(0);
  });

  it('keeps one linear chain when writes race, and names the first broken event', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser(100 + i)));
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    // Sealed once the answers are out (plugins/audit-sealing.ts): wait for that run.
    await t.app.auditSealer.seal('main');
    const check = await verifyChain(db(), 'main');
    expect(check).toMatchObject({ ok: true, pending: 0 });
    // A superuser who switches the trigger off can edit a row, but not its hash: the chain says where.
    const [victim] = await events('user.create');
    await db().execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await db().execute(sql`update audit_events set actor_name = 'someone else' where id = ${victim.id}`);
    await db().execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    expect(await verifyChain(db(), 'main')).toMatchObject({ ok: false, broken_id: victim.id });
  });
});
