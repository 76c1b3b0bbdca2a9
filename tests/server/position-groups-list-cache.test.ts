/**
 * The position-group list is cached under the database snapshot (repositories/position-groups.ts):
 * a committed change by anyone — another area's code, a direct SQL write, another process on
 * PostgreSQL — shows in the very next list.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionGroupPositions, positionGroups, positions } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

describe.each(DRIVERS)('position group list freshness (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let groupId: number;
  let positionIds: number[];

  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/position-groups', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json().position_groups as {
      id: number;
      group_name: string;
      position_count: number;
      active_position_count: number;
    }[];
  };
  const counts = async () => {
    const g = (await list()).find((x) => x.id === groupId);
    return g && [g.position_count, g.active_position_count];
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    const { db } = t.app.database;
    const rows = await db
      .insert(positions)
      .values([1, 2, 3].map((i) => ({ siteId: 'main', positionCode: `C${i}`, positionName: `Cached ${i}` })))
      .returning();
    positionIds = rows.map((r) => r.id);
    const [group] = await db
      .insert(positionGroups)
      .values({ siteId: 'main', groupName: 'Cached', groupCode: 'cached' })
      .returning();
    groupId = group.id;
    await db
      .insert(positionGroupPositions)
      .values(positionIds.slice(0, 2).map((positionId) => ({ siteId: 'main', groupId, positionId })));
  });
  afterAll(async () => t?.close());

  it('answers the same list while nothing changes', async () => {
    const first = await list();
    expect(await list()).toEqual(first);
    expect(await counts()).toEqual([2, 2]);
  });

  it('shows a position deactivated by other code at once', async () => {
    expect(await counts()).toEqual([2, 2]);
    await t.app.database.db
      .update(positions)
      .set({ isActive: false })
      .where(eq(positions.id, positionIds[0]));
    expect(await counts()).toEqual([2, 1]);
  });

  it('shows memberships and groups written directly in the database at once', async () => {
    expect(await counts()).toEqual([2, 1]);
    const { db } = t.app.database;
    await db.insert(positionGroupPositions).values({ siteId: 'main', groupId, positionId: positionIds[2] });
    expect(await counts()).toEqual([3, 2]);
    await db.update(positionGroups).set({ groupName: 'Renamed' }).where(eq(positionGroups.id, groupId));
    expect((await list()).find((g) => g.id === groupId)?.group_name).toBe('Renamed');
    await db.delete(positions).where(eq(positions.id, positionIds[2]));
    expect(await counts()).toEqual([2, 1]);
  });

  it('shows changes made through the API at once', async () => {
    await list();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/position-groups/${groupId}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await list()).map((g) => g.id)).not.toContain(groupId);
  });

  it.runIf(driver === 'postgres')(
    'shows a change committed by another connection (another process)',
    async () => {
      const [group] = await t.app.database.db
        .insert(positionGroups)
        .values({ siteId: 'main', groupName: 'Elsewhere', groupCode: 'elsewhere' })
        .returning();
      expect((await list()).find((g) => g.id === group.id)?.group_name).toBe('Elsewhere');
      const other = new pg.Client({ connectionString: t.url });
      await other.connect();
      try {
        await other.query('update position_groups set group_name = $1 where id = $2', [
          'Changed elsewhere',
          group.id,
        ]);
      } finally {
        await other.end();
      }
      expect((await list()).find((g) => g.id === group.id)?.group_name).toBe('Changed elsewhere');
    },
  );
});
