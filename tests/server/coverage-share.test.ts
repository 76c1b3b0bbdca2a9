/**
 * Guest access: share links to the coverage report. Created by an admin or owner
 * (coverage.share) only while allowGuestAccess is on, listed with who made them and their views,
 * revocable, expiring; the public report answers without sign-in, records each view, leaves out
 * worker names unless asked, and answers 404 for an unknown, revoked or expired link and for every
 * link while the setting is off. Another site's links are not listed or revocable.
 */
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageShareLinks, sites, visitSchedules } from '../../server/src/db/schema/index.ts';
import { runCoverageClose } from '../../server/src/jobs/coverage-close.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { insertEntry, makePosition, setSiteSettings } from './work-entries-support.ts';

const NOW = new Date('2026-01-16T00:00:00Z');
const DAY = '2026-01-15';

describe.each(DRIVERS)('coverage share links (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let owner: Actor;
  let manager: Actor;
  let worker: Actor;
  let other: Actor;
  let groupId: number;
  const bodies: string[] = [];

  const call = async (actor: Actor | null, opts: Omit<InjectOptions, 'headers'>) => {
    const res = await t.app.inject({ ...opts, headers: actor?.headers ?? {} } as InjectOptions);
    bodies.push(res.body);
    return res;
  };
  const create = (actor: Actor, payload: Record<string, unknown> = {}) =>
    call(actor, {
      method: 'POST',
      url: '/api/v1/coverage/share-links',
      payload: { label: 'For the client', from: DAY, to: DAY, expires_in_days: 30, ...payload },
    });
  const tokenOf = (url: string) => url.split('/share/')[1];
  const view = (token: string) => call(null, { method: 'GET', url: `/api/v1/share/${token}/coverage` });

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    owner = await signInAs(t, 'owner');
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    other = await signInAs(t, 'admin', 'other');
    await setSiteSettings(t, {
      timezone: 'Europe/Helsinki',
      allowGuestAccess: true,
      siteName: 'Harbour works',
    });
    await setSiteSettings(t, { allowGuestAccess: true }, 'other');
    const a = await makePosition(t, { positionCode: 'A-GATE', positionName: 'Gate A' });
    const b = await makePosition(t, { positionCode: 'B-YARD', positionName: 'Yard B' });
    const group = await call(admin, {
      method: 'POST',
      url: '/api/v1/position-groups',
      payload: { group_name: 'Gate', group_code: 'GATE', position_ids: [a.id] },
    });
    groupId = group.json().position_group.id;
    const created = await call(manager, {
      method: 'POST',
      url: '/api/v1/visit-schedules',
      payload: {
        schedule_name: 'Rounds',
        position_id: a.id,
        days: [1, 2, 3, 4, 5, 6, 7],
        window_start: '06:00',
        window_end: '12:00',
        frequency_kind: 'every',
        frequency_value: 2,
        tolerance_minutes: 15,
      },
    });
    const other2 = await call(manager, {
      method: 'POST',
      url: '/api/v1/visit-schedules',
      payload: {
        schedule_name: 'Yard',
        position_id: b.id,
        days: [1, 2, 3, 4, 5, 6, 7],
        window_start: '06:00',
        window_end: '12:00',
        frequency_kind: 'times',
        frequency_value: 1,
        tolerance_minutes: 0,
      },
    });
    for (const id of [created.json().visit_schedule.id, other2.json().visit_schedule.id]) {
      await t.app.database.db
        .update(visitSchedules)
        .set({ ruleFrom: new Date('2026-01-15T00:00:00Z') })
        .where(eq(visitSchedules.id, id));
    }
    await insertEntry(t, {
      userId: worker.id,
      positionId: a.id,
      startedAt: new Date('2026-01-15T05:00:00Z'),
    });
    await runCoverageClose(t.app.database.db, { now: NOW });
  });
  afterAll(async () => {
    expect(bodies.filter((x) => x.includes('"statusCode":500'))).toEqual([]);
    await t?.close();
  });

  it('an admin or owner creates a link shown once; only its hash is stored', async () => {
    const res = await create(admin, { position_group_id: groupId });
    expect(res.statusCode).toBe(201);
    const { link, url } = res.json();
    expect(url).toMatch(/^http:\/\/[^/]+\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      label: 'For the client',
      position_group_id: groupId,
      position_group_name: 'Gate',
      from: DAY,
      to: DAY,
      include_worker_names: false,
      created_by_name: 'Test admin',
      state: 'active',
      view_count: 0,
      last_viewed_at: null,
    });
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const [row] = await t.app.database.db
      .select()
      .from(coverageShareLinks)
      .where(eq(coverageShareLinks.id, link.id));
    expect(row.tokenHash).not.toContain(tokenOf(url));
    expect(JSON.stringify(row)).not.toContain(tokenOf(url));
    expect((await create(owner)).statusCode).toBe(201);
  });

  it('managers and workers may not share; bad input is a 400 with its field', async () => {
    expect((await create(manager)).statusCode).toBe(403);
    expect((await create(worker)).statusCode).toBe(403);
    expect((await call(manager, { method: 'GET', url: '/api/v1/coverage/share-links' })).statusCode).toBe(
      403,
    );
    const tooLong = await create(admin, { expires_in_days: 91 });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json().details)).toContain('expires_in_days');
    const backwards = await create(admin, { from: '2026-01-16', to: '2026-01-15' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].field).toBe('to');
    const theirGroup = await create(other, { position_group_id: groupId });
    expect(theirGroup.statusCode).toBe(400);
    expect(theirGroup.json().details[0].field).toBe('position_group_id');
  });

  it('the public report shows totals, days and positions without worker names, and counts views', async () => {
    const { link, url } = (await create(admin, { position_group_id: groupId, label: 'Gate only' })).json();
    const res = await view(tokenOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      site_name: 'Harbour works',
      label: 'Gate only',
      position_group_name: 'Gate',
      from: DAY,
      to: DAY,
      time_zone: 'Europe/Helsinki',
      workers: null,
    });
    // Gate A only (B is outside the group): 3 windows, the first on time.
    expect(body.totals).toMatchObject({ windows: 3, on_time: 1, missed: 2 });
    expect(body.days).toEqual([{ day: DAY, counts: body.totals }]);
    expect(body.positions.map((p: { position_code: string }) => p.position_code)).toEqual(['A-GATE']);
    expect(res.body).not.toContain('Test worker');
    expect(res.body).not.toMatch(/user_id|worker_name|"id"/);
    await view(tokenOf(url));
    const listed = (await call(admin, { method: 'GET', url: '/api/v1/coverage/share-links' })).json();
    expect(listed.guest_access).toBe(true);
    const mine = listed.links.find((l: { id: number }) => l.id === link.id);
    expect(mine.view_count).toBe(2);
    expect(Date.parse(mine.last_viewed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('every position, and worker names when the creator chose them', async () => {
    const { url } = (await create(owner, { include_worker_names: true })).json();
    const body = (await view(tokenOf(url))).json();
    expect(body.position_group_name).toBeNull();
    expect(body.totals.windows).toBe(4);
    expect(body.workers).toEqual([
      { worker_name: 'Test worker', counts: expect.objectContaining({ on_time: 1 }) },
    ]);
  });

  it('a revoked, expired or unknown link is 404, the same for each', async () => {
    const revoked = (await create(admin)).json();
    const res = await call(admin, {
      method: 'POST',
      url: `/api/v1/coverage/share-links/${revoked.link.id}/revoke`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().link.state).toBe('revoked');
    expect(
      (await call(admin, { method: 'POST', url: `/api/v1/coverage/share-links/${revoked.link.id}/revoke` }))
        .statusCode,
    ).toBe(409);
    const expired = (await create(admin)).json();
    await t.app.database.db
      .update(coverageShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coverageShareLinks.id, expired.link.id));
    const answers = await Promise.all(
      [tokenOf(revoked.url), tokenOf(expired.url), 'not-a-real-token'].map((tok) => view(tok)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(new Set(answers.map((a) => a.json().code))).toEqual(new Set(['SHARE_LINK_NOT_FOUND']));
    const listed = (await call(admin, { method: 'GET', url: '/api/v1/coverage/share-links' })).json();
    expect(listed.links.find((l: { id: number }) => l.id === expired.link.id).state).toBe('expired');
  });

  it('another site neither lists nor revokes the links', async () => {
    const mine = (await create(admin)).json();
    const theirs = (await call(other, { method: 'GET', url: '/api/v1/coverage/share-links' })).json();
    expect(theirs.links).toEqual([]);
    const revoke = await call(other, {
      method: 'POST',
      url: `/api/v1/coverage/share-links/${mine.link.id}/revoke`,
    });
    expect(revoke.statusCode).toBe(404);
    expect((await view(tokenOf(mine.url))).statusCode).toBe(200);
  });

  it('with guest access off every link answers 404 and none can be made', async () => {
    const { url } = (await create(admin)).json();
    expect((await view(tokenOf(url))).statusCode).toBe(200);
    await setSiteSettings(t, { allowGuestAccess: false });
    expect((await view(tokenOf(url))).statusCode).toBe(404);
    const refused = await create(admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('GUEST_ACCESS_OFF');
    const listed = (await call(admin, { method: 'GET', url: '/api/v1/coverage/share-links' })).json();
    expect(listed.guest_access).toBe(false);
    await setSiteSettings(t, { allowGuestAccess: true });
    expect((await view(tokenOf(url))).statusCode).toBe(200);
  });

  it('creating and revoking are audited', async () => {
    const rows = await t.app.database.db.execute(
      sql`select action from audit_events where entity_type = 'coverage_share_link' order by id`,
    );
    const actions = (rows as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toContain('coverage_share_link.create');
    expect(actions).toContain('coverage_share_link.revoke');
  });

  it('the public report is rate-limited per address', async () => {
    const { url } = (await create(admin)).json();
    let status = 200;
    for (let i = 0; i < 80 && status === 200; i++) status = (await view(tokenOf(url))).statusCode;
    expect(status).toBe(429);
  });
});
