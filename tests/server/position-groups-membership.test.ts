/**
 * Position-group membership: only the caller's site's positions (400 on position_ids naming the
 * unknown ones), duplicates collapsed, PUT replaces the membership in one transaction, inactive
 * positions stay, and deleting a group never deletes a position.
 */
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  positionGroupPositions,
  positionGroups,
  positions,
  sites,
} from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const URL = '/api/v1/position-groups';

describe.each(DRIVERS)('position group membership (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let n = 0;

  const call = (opts: Omit<InjectOptions, 'headers'>) =>
    t.app.inject({ ...opts, headers: admin.headers } as InjectOptions);

  async function addPosition(siteId = 'main') {
    n++;
    const [row] = await t.app.database.db
      .insert(positions)
      .values({ siteId, positionCode: `M${String(n).padStart(3, '0')}`, positionName: `Place ${n}` })
      .returning();
    return row.id;
  }

  async function createGroup(code: string, positionIds: number[]) {
    const res = await call({
      method: 'POST',
      url: URL,
      payload: { group_name: `Group ${code}`, group_code: code, position_ids: positionIds },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().position_group as { id: number; positions: { id: number }[] };
  }

  const memberIds = async (groupId: number) =>
    (
      await t.app.database.db
        .select({ id: positionGroupPositions.positionId })
        .from(positionGroupPositions)
        .where(eq(positionGroupPositions.groupId, groupId))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('refuses unknown and other-site positions with 400 on position_ids naming them, creating nothing', async () => {
    const mine = await addPosition();
    const foreign = await addPosition('other');
    const res = await call({
      method: 'POST',
      url: URL,
      payload: { group_name: 'Mixed', group_code: 'mixed', position_ids: [mine, foreign, 999999] },
    });
    expect(res.statusCode).toBe(400);
    const message = `Unknown positions: ${foreign}, 999999`;
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_POSITIONS', message });
    expect(res.json().details).toEqual([
      { field: 'position_ids', message, rule: 'exists', params: { ids: `${foreign}, 999999` } },
    ]);
    const rows = await t.app.database.db
      .select()
      .from(positionGroups)
      .where(eq(positionGroups.groupCode, 'mixed'));
    expect(rows).toEqual([]);
  });

  it('collapses duplicate ids into one membership', async () => {
    const [a, b] = [await addPosition(), await addPosition()];
    const group = await createGroup('dupes', [a, b, a, b, a]);
    expect(group.positions.map((p) => p.id)).toEqual([a, b]);
    expect(await memberIds(group.id)).toEqual([a, b]);
  });

  it('replaces the whole membership on PUT, and empties it with []', async () => {
    const [a, b, c] = [await addPosition(), await addPosition(), await addPosition()];
    const group = await createGroup('swap', [a, b]);
    const res = await call({
      method: 'PUT',
      url: `${URL}/${group.id}`,
      payload: { position_ids: [c, b, c] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().position_group).toMatchObject({ position_count: 2, active_position_count: 2 });
    expect(await memberIds(group.id)).toEqual([b, c]);

    const cleared = await call({ method: 'PUT', url: `${URL}/${group.id}`, payload: { position_ids: [] } });
    expect(cleared.json().position_group).toMatchObject({ position_count: 0, positions: [] });
    expect(await memberIds(group.id)).toEqual([]);
  });

  it('changes nothing when a PUT is refused halfway (one transaction)', async () => {
    const [a, b] = [await addPosition(), await addPosition()];
    const group = await createGroup('atomic', [a]);
    const res = await call({
      method: 'PUT',
      url: `${URL}/${group.id}`,
      payload: { group_name: 'Renamed', is_active: false, position_ids: [b, 888888] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('position_ids');
    const [row] = await t.app.database.db
      .select()
      .from(positionGroups)
      .where(eq(positionGroups.id, group.id));
    expect(row).toMatchObject({ groupName: 'Group atomic', isActive: true });
    expect(await memberIds(group.id)).toEqual([a]);
  });

  it('keeps inactive positions in their groups and counts them apart', async () => {
    const [a, b] = [await addPosition(), await addPosition()];
    const group = await createGroup('keeps', [a, b]);
    await t.app.database.db.update(positions).set({ isActive: false }).where(eq(positions.id, a));

    const detail = await call({ method: 'GET', url: `${URL}/${group.id}` });
    expect(detail.json().position_group).toMatchObject({ position_count: 2, active_position_count: 1 });
    expect(detail.json().position_group.positions).toEqual([
      expect.objectContaining({ id: a, is_active: false }),
      expect.objectContaining({ id: b, is_active: true }),
    ]);
    const list = await call({ method: 'GET', url: URL });
    const listed = list.json().position_groups.find((g: { id: number }) => g.id === group.id);
    expect(listed).toMatchObject({ position_count: 2, active_position_count: 1 });

    // Saving the group again with its inactive member keeps it (the console's picker hides it).
    const resave = await call({
      method: 'PUT',
      url: `${URL}/${group.id}`,
      payload: { position_ids: [a, b] },
    });
    expect(resave.statusCode).toBe(200);
    expect(await memberIds(group.id)).toEqual([a, b]);
  });

  it('deletes a group and its memberships but never its positions', async () => {
    const [a, b] = [await addPosition(), await addPosition()];
    const group = await createGroup('gone', [a, b]);
    const other = await createGroup('stays', [a]);

    const res = await call({ method: 'DELETE', url: `${URL}/${group.id}` });
    expect(res.statusCode).toBe(200);
    // The group goes to the trash (restorable for 30 days); the answer names its trash item.
    expect(res.json()).toEqual({ message: 'Position group deleted', trash_item_id: expect.any(Number) });
    expect((await call({ method: 'GET', url: `${URL}/${group.id}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${URL}/${group.id}` })).statusCode).toBe(404);

    expect(await memberIds(group.id)).toEqual([]);
    const kept = await t.app.database.db
      .select()
      .from(positions)
      .where(inArray(positions.id, [a, b]));
    expect(kept).toHaveLength(2);
    expect(await memberIds(other.id)).toEqual([a]);
  });
});
