/**
 * The coverage map and floor plans: every position's state now in one call (no
 * schedule, due soon, late, visited on time, missed), scoped to the caller's site and to
 * work_entries.view_all; the base map's tile URL setting (refused unless an https template or
 * style, kept by a save that does not send it); floor plans: an image checked as photos are
 * (400 naming the field "image"), read back as it was sent, placements replaced, another site's
 * plan and positions out of reach, workers may read and may not change.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  coverageWindows,
  positions,
  sites,
  visitSchedules,
} from '../../server/src/db/schema/index.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import {
  buildEntriesApp,
  insertEntry,
  JPEG,
  makePosition,
  multipart,
  PNG,
  setSiteSettings,
} from './work-entries-support.ts';

const HOUR = 3_600_000;
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

describe.each(DRIVERS)('coverage map and floor plans (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let manager: Actor;
  let worker: Actor;
  let other: Actor;
  const ids: Record<string, number> = {};

  const call = (actor: Actor, opts: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }) =>
    t.app.inject({ ...opts, headers: { ...actor.headers, ...(opts.headers ?? {}) } } as InjectOptions);

  const schedule = async (name: string, positionId: number, start: Date, end: Date, tolerance: number) => {
    const res = await call(manager, {
      method: 'POST',
      url: '/api/v1/visit-schedules',
      payload: {
        schedule_name: name,
        position_id: positionId,
        days: [1, 2, 3, 4, 5, 6, 7],
        window_start: hhmm(start),
        window_end: hhmm(end),
        frequency_kind: 'times',
        frequency_value: 1,
        tolerance_minutes: tolerance,
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().visit_schedule.id as number;
    // In force since yesterday, so the window open now is its own.
    await t.app.database.db
      .update(visitSchedules)
      .set({ ruleFrom: new Date(Date.now() - 24 * HOUR) })
      .where(eq(visitSchedules.id, id));
    return id;
  };

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    other = await signInAs(t, 'admin', 'other');
    const now = Date.now();
    // Minutes are whole: an open window from two hours ago to 30–31 minutes ahead is due soon.
    const soonStart = new Date(now - 2 * HOUR);
    const soonEnd = new Date(now + 31 * 60_000);
    for (const code of ['NONE', 'SOON', 'VISITED', 'LATE', 'MISSED']) {
      ids[code] = (
        await makePosition(t, { positionCode: `MAP-${code}`, latitude: 60.17, longitude: 24.94 })
      ).id;
    }
    await t.app.database.db
      .update(positions)
      .set({ latitude: null, longitude: null })
      .where(eq(positions.id, ids.NONE));
    await schedule('Soon', ids.SOON, soonStart, soonEnd, 0);
    await schedule('Visited', ids.VISITED, soonStart, soonEnd, 0);
    await insertEntry(t, { userId: worker.id, positionId: ids.VISITED, startedAt: new Date(now - HOUR) });
    // Its deadline passed an hour ago, still inside two hours' tolerance, unvisited.
    await schedule('Late', ids.LATE, new Date(now - 3 * HOUR), new Date(now - HOUR), 120);
    const missedSchedule = await schedule('Missed', ids.MISSED, soonStart, soonEnd, 0);
    await insertEntry(t, { userId: worker.id, positionId: ids.MISSED, startedAt: new Date(now - HOUR) });
    await t.app.database.db.insert(coverageWindows).values({
      siteId: 'main',
      scheduleId: missedSchedule,
      scheduleName: 'Missed',
      positionId: ids.MISSED,
      day: '2026-01-15',
      windowStart: new Date('2026-01-15T04:00:00Z'),
      windowEnd: new Date('2026-01-15T08:00:00Z'),
      dueAt: new Date('2026-01-15T08:00:00Z'),
      verdict: 'missed',
      judgedVerdict: 'missed',
      rule: {
        days: [4],
        window_start: '04:00',
        window_end: '08:00',
        frequency_kind: 'times',
        frequency_value: 1,
        due_time: null,
        tolerance_minutes: 0,
        task_ids: null,
        time_zone: 'UTC',
      },
    });
    await makePosition(t, { siteId: 'other', positionCode: 'MAP-OTHER' });
  });
  afterAll(() => t?.close());

  describe('GET /coverage/positions-state', () => {
    it('gives every position its state, coordinates, next deadline and latest visit', async () => {
      const res = await call(manager, { method: 'GET', url: '/api/v1/coverage/positions-state' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.map_tile_url).toBe('');
      type Row = { id: number; next_due: string; last_visit: string | null };
      const byId = new Map<number, Row>(body.positions.map((p: Row) => [p.id, p]));
      expect(byId.get(ids.NONE)).toMatchObject({
        code: 'MAP-NONE',
        state: 'no_schedule',
        lat: null,
        next_due: null,
      });
      expect(byId.get(ids.SOON)).toMatchObject({
        state: 'due_soon',
        lat: 60.17,
        lng: 24.94,
        last_visit: null,
      });
      expect(Date.parse(byId.get(ids.SOON)?.next_due ?? '') - Date.now()).toBeLessThan(32 * 60_000);
      expect(byId.get(ids.VISITED)).toMatchObject({ state: 'on_time' });
      expect(byId.get(ids.VISITED)?.last_visit).not.toBeNull();
      expect(byId.get(ids.LATE)).toMatchObject({ state: 'late' });
      expect(byId.get(ids.MISSED)).toMatchObject({ state: 'missed' });
      expect(body.positions.some((p: { code: string }) => p.code === 'MAP-OTHER')).toBe(false);
    });

    it('shows another site only its own positions', async () => {
      const res = await call(other, { method: 'GET', url: '/api/v1/coverage/positions-state' });
      expect(res.statusCode).toBe(200);
      expect(res.json().positions.map((p: { code: string }) => p.code)).toEqual(['MAP-OTHER']);
    });

    it('is refused to a worker (work_entries.view_all)', async () => {
      const res = await call(worker, { method: 'GET', url: '/api/v1/coverage/positions-state' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('the base map setting', () => {
    const save = async (values: Record<string, unknown>) => {
      const current = (await call(admin, { method: 'GET', url: '/api/v1/site-settings' })).json();
      return call(admin, {
        method: 'PUT',
        url: '/api/v1/site-settings',
        payload: { ...current.settings, version: current.version, ...values },
      });
    };

    it('refuses an address that is not an https tile template or style, naming the field', async () => {
      for (const bad of [
        'http://tiles.example.com/{z}/{x}/{y}.png',
        'https://tiles.example.com/{z}/{x}.png',
        'javascript:alert(1)',
        'https://tiles.example.com/map.png',
      ]) {
        const res = await save({ mapTileUrl: bad });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().details[0].field).toBe('mapTileUrl');
      }
    });

    it('keeps a template, hands it to the map, and keeps it through a save that does not send it', async () => {
      const url = 'https://tiles.example.com/{z}/{x}/{y}.png';
      expect((await save({ mapTileUrl: url })).statusCode).toBe(200);
      const state = await call(manager, { method: 'GET', url: '/api/v1/coverage/positions-state' });
      expect(state.json().map_tile_url).toBe(url);
      const current = (await call(admin, { method: 'GET', url: '/api/v1/site-settings' })).json();
      const { mapTileUrl: _omitted, ...older } = current.settings;
      const res = await call(admin, {
        method: 'PUT',
        url: '/api/v1/site-settings',
        payload: { ...older, siteName: 'Renamed', version: current.version },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings.mapTileUrl).toBe(url);
      expect(
        (await save({ mapTileUrl: 'https://maps.example.com/styles/basic/style.json' })).statusCode,
      ).toBe(200);
      expect((await save({ mapTileUrl: '' })).statusCode).toBe(200);
    });
  });

  describe('/floor-plans', () => {
    let planId: number;
    const upload = (actor: Actor, id: number, form: ReturnType<typeof multipart>) =>
      call(actor, {
        method: 'PUT',
        url: `/api/v1/floor-plans/${id}/image`,
        payload: form.payload,
        headers: form.headers,
      });

    it('creates a plan, stores its image and gives the same bytes back', async () => {
      const res = await call(manager, {
        method: 'POST',
        url: '/api/v1/floor-plans',
        payload: { plan_name: '  Hall B ground ', building: 'Hall B', floor: '0' },
      });
      expect(res.statusCode).toBe(201);
      planId = res.json().floor_plan.id;
      expect(res.json().floor_plan).toMatchObject({
        plan_name: 'Hall B ground',
        has_image: false,
        placements: [],
      });
      const none = await call(worker, { method: 'GET', url: `/api/v1/floor-plans/${planId}/image` });
      expect(none.statusCode).toBe(404);
      const up = await upload(manager, planId, multipart('image', 'plan.png', 'image/png', PNG));
      expect(up.statusCode).toBe(200);
      expect(up.json().floor_plan).toMatchObject({
        has_image: true,
        image_type: 'image/png',
        image_bytes: PNG.length,
      });
      const got = await call(worker, { method: 'GET', url: `/api/v1/floor-plans/${planId}/image` });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(PNG)).toBe(true);
      // Replaced by a JPEG: the new bytes are served.
      expect(
        (await upload(manager, planId, multipart('image', 'plan.jpg', 'image/jpeg', JPEG))).statusCode,
      ).toBe(200);
      const again = await call(worker, { method: 'GET', url: `/api/v1/floor-plans/${planId}/image` });
      expect(again.headers['content-type']).toBe('image/jpeg');
      expect(again.rawPayload.equals(JPEG)).toBe(true);
    });

    it('refuses what is not an image, or not in the field "image", with a 400 naming the field', async () => {
      const text = await upload(
        manager,
        planId,
        multipart('image', 'plan.png', 'image/png', Buffer.from('not an image at all')),
      );
      expect(text.statusCode).toBe(400);
      expect(text.json().details[0].field).toBe('image');
      const field = await upload(manager, planId, multipart('photo', 'plan.png', 'image/png', PNG));
      expect(field.statusCode).toBe(400);
      expect(field.json().details[0].field).toBe('image');
      const json = await call(manager, {
        method: 'PUT',
        url: `/api/v1/floor-plans/${planId}/image`,
        payload: {},
      });
      expect(json.statusCode).toBe(415);
      const name = await call(manager, {
        method: 'POST',
        url: '/api/v1/floor-plans',
        payload: { plan_name: '   ' },
      });
      expect(name.statusCode).toBe(400);
      expect(name.json().details[0].field).toBe('plan_name');
    });

    it('refuses an image over the site’s upload limit (413)', async () => {
      await setSiteSettings(t, { maxFileUploadSize: 1 });
      const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
      const res = await upload(manager, planId, multipart('image', 'big.png', 'image/png', big));
      expect(res.statusCode).toBe(413);
      expect(res.json().details[0].field).toBe('image');
      await setSiteSettings(t, { maxFileUploadSize: 10 });
    });

    it('places positions, replaces them all on the next save, and refuses another site’s position', async () => {
      const put = (actor: Actor, placements: unknown[]) =>
        call(actor, {
          method: 'PUT',
          url: `/api/v1/floor-plans/${planId}/placements`,
          payload: { placements },
        });
      const res = await put(manager, [
        { position_id: ids.SOON, x: 0.25, y: 0.5 },
        { position_id: ids.NONE, x: 1, y: 0 },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().floor_plan.placements).toEqual(
        [
          { position_id: ids.NONE, x: 1, y: 0 },
          { position_id: ids.SOON, x: 0.25, y: 0.5 },
        ].sort((a, b) => a.position_id - b.position_id),
      );
      expect((await put(manager, [{ position_id: ids.SOON, x: 0.75, y: 0.1 }])).statusCode).toBe(200);
      const read = await call(worker, { method: 'GET', url: `/api/v1/floor-plans/${planId}` });
      expect(read.json().floor_plan.placements).toEqual([{ position_id: ids.SOON, x: 0.75, y: 0.1 }]);
      const foreign = (await call(other, { method: 'GET', url: '/api/v1/coverage/positions-state' })).json()
        .positions[0].id;
      const refused = await put(manager, [{ position_id: foreign, x: 0.5, y: 0.5 }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details[0].field).toBe('placements/0/position_id');
      const outside = await put(manager, [{ position_id: ids.SOON, x: 1.5, y: 0.5 }]);
      expect(outside.statusCode).toBe(400);
      const twice = await put(manager, [
        { position_id: ids.SOON, x: 0.1, y: 0.5 },
        { position_id: ids.SOON, x: 0.2, y: 0.5 },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().details[0].field).toBe('placements');
      expect((await put(worker, [])).statusCode).toBe(403);
    });

    it('keeps another site’s plans out of reach and lets workers read but not change', async () => {
      for (const [method, url] of [
        ['GET', `/api/v1/floor-plans/${planId}`],
        ['GET', `/api/v1/floor-plans/${planId}/image`],
        ['PUT', `/api/v1/floor-plans/${planId}`],
        ['DELETE', `/api/v1/floor-plans/${planId}`],
      ] as const) {
        const res = await call(other, {
          method,
          url,
          ...(method === 'PUT' ? { payload: { floor: '9' } } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await call(other, { method: 'GET', url: '/api/v1/floor-plans' })).json().floor_plans).toEqual(
        [],
      );
      const up = await upload(other, planId, multipart('image', 'plan.png', 'image/png', PNG));
      expect(up.statusCode).toBe(404);
      expect(
        (await call(worker, { method: 'GET', url: '/api/v1/floor-plans' })).json().floor_plans,
      ).toHaveLength(1);
      expect(
        (await call(worker, { method: 'POST', url: '/api/v1/floor-plans', payload: { plan_name: 'Mine' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await upload(worker, planId, multipart('image', 'plan.png', 'image/png', PNG))).statusCode,
      ).toBe(403);
    });

    it('renames, then deletes a plan with its image and placements, each change audited', async () => {
      const renamed = await call(manager, {
        method: 'PUT',
        url: `/api/v1/floor-plans/${planId}`,
        payload: { floor: '1' },
      });
      expect(renamed.json().floor_plan.floor).toBe('1');
      const gone = await call(manager, { method: 'DELETE', url: `/api/v1/floor-plans/${planId}` });
      expect(gone.statusCode).toBe(200);
      expect((await call(worker, { method: 'GET', url: `/api/v1/floor-plans/${planId}` })).statusCode).toBe(
        404,
      );
      const rows = await t.app.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(planId)));
      const actions = rows.map((r) => r.action);
      for (const a of [
        'floor_plan.create',
        'floor_plan.image',
        'floor_plan.placements',
        'floor_plan.update',
        'floor_plan.delete',
      ])
        expect(actions).toContain(a);
    });
  });
});
