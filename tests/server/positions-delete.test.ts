/**
 * Deleting positions keeps history (a position with work entries, task instances or assignments
 * is deactivated instead), and assertPositionUsable refuses unknown and inactive positions for
 * the tasks and assignments areas.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  positionGroupPositions,
  positionGroups,
  positions,
  positionTaskAssignments,
  sites,
  taskInstances,
  tasks,
  workEntries,
} from '../../server/src/db/schema/index.ts';
import { HttpError } from '../../server/src/lib/errors.ts';
import { assertPositionsUsable, assertPositionUsable } from '../../server/src/routes/positions/service.ts';
import type { RequestContext } from '../../server/src/types.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

describe.each(DRIVERS)('positions: delete and usability (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let n = 0;

  async function addPosition(extra: Partial<typeof positions.$inferInsert> = {}, siteId = 'main') {
    const [row] = await t.app.database.db
      .insert(positions)
      .values({ siteId, positionCode: `D-${++n}`, positionName: `Delete ${n}`, ...extra })
      .returning();
    return row;
  }
  async function addTask() {
    const [row] = await t.app.database.db
      .insert(tasks)
      .values({ siteId: 'main', taskCode: `T-${++n}`, taskName: 'Inspect' })
      .returning();
    return row;
  }
  const del = (id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/positions/${id}`, headers: admin.headers });
  const stored = async (id: number) =>
    (await t.app.database.db.select().from(positions).where(eq(positions.id, id)))[0];

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await t.app.database.db.insert(sites).values({ id: 'elsewhere', name: 'Elsewhere' });
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('deletes a position without history, and takes it out of its groups', async () => {
    const p = await addPosition();
    const [group] = await t.app.database.db
      .insert(positionGroups)
      .values({ siteId: 'main', groupName: 'Hall', groupCode: `hall_${n}` })
      .returning();
    await t.app.database.db
      .insert(positionGroupPositions)
      .values({ siteId: 'main', groupId: group.id, positionId: p.id });
    const res = await del(p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Position deleted',
      outcome: 'deleted',
      trash_item_id: expect.any(Number),
    });
    expect(await stored(p.id)).toBeUndefined();
    const [kept] = await t.app.database.db
      .select()
      .from(positionGroups)
      .where(eq(positionGroups.id, group.id));
    expect(kept).toBeDefined();
    expect((await del(p.id)).statusCode).toBe(404);
  });

  const histories: [string, (positionId: number) => Promise<unknown>][] = [
    [
      'work entries',
      async (positionId) =>
        t.app.database.db.insert(workEntries).values({ siteId: 'main', userId: admin.id, positionId }),
    ],
    [
      'task instances',
      async (positionId) =>
        t.app.database.db.insert(taskInstances).values({ siteId: 'main', positionId, taskName: 'Weld' }),
    ],
    [
      'task assignments',
      async (positionId) =>
        t.app.database.db
          .insert(positionTaskAssignments)
          .values({ siteId: 'main', positionId, taskId: (await addTask()).id }),
    ],
  ];

  it.each(histories)('deactivates instead of deleting a position that has %s', async (_, addHistory) => {
    const p = await addPosition({ nfcTagId: `HIST${++n}` });
    await addHistory(p.id);
    const res = await del(p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'deactivated',
      position: { id: p.id, is_active: false, nfc_tag_id: p.nfcTagId },
    });
    expect(res.json().message).toMatch(/deactivated instead of deleted/);
    expect((await stored(p.id)).isActive).toBe(false);
    // Deleting it again keeps it, still inactive.
    expect((await del(p.id)).json().outcome).toBe('deactivated');
  });

  describe('assertPositionUsable', () => {
    const ctx = (): RequestContext =>
      ({
        db: t.app.database.db,
        siteId: 'main',
        actor: { userId: admin.id, siteId: 'main' },
      }) as RequestContext;
    const refusal = async (promise: Promise<unknown>) => {
      const err = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(HttpError);
      const h = err as HttpError;
      expect(h.statusCode).toBe(400);
      return { code: h.code, detail: h.details?.[0] };
    };

    it('returns an active position of the caller’s site', async () => {
      const p = await addPosition();
      expect((await assertPositionUsable(ctx(), p.id, 'position_id')).id).toBe(p.id);
    });

    it('refuses an inactive position with 400 on the given field', async () => {
      const p = await addPosition({ isActive: false });
      expect(await refusal(assertPositionUsable(ctx(), p.id, 'position_id'))).toEqual({
        code: 'POSITION_INACTIVE',
        detail: {
          field: 'position_id',
          message: 'This position is inactive',
          rule: 'active',
          params: { id: p.id },
        },
      });
    });

    it('refuses an unknown position and another site’s alike', async () => {
      const foreign = await addPosition({}, 'elsewhere');
      for (const id of [foreign.id, 999_999]) {
        const { code, detail } = await refusal(assertPositionUsable(ctx(), id, 'positions'));
        expect(code).toBe('POSITION_NOT_FOUND');
        expect(detail).toMatchObject({ field: 'positions', rule: 'exists', params: { id } });
      }
    });

    it('checks every position of a list, once each', async () => {
      const a = await addPosition();
      const b = await addPosition();
      const off = await addPosition({ isActive: false });
      expect((await assertPositionsUsable(ctx(), [b.id, a.id, b.id], 'positions')).map((r) => r.id)).toEqual([
        b.id,
        a.id,
      ]);
      const { detail } = await refusal(assertPositionsUsable(ctx(), [a.id, off.id], 'positions'));
      expect(detail?.params).toEqual({ id: off.id });
    });
  });
});
