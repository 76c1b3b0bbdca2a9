/**
 * A site's counters split over several rows (migration 0030): each transaction writes the row its
 * connection picks, so two check-ins of one site no longer wait for each other's commit, and the
 * sums still follow every write.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workEntries, workEntrySiteTotals } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { insertPosition, insertTask } from './support/tasks.ts';

describe.each(DRIVERS)('work-entry counters (%s)', (driver) => {
  let t: TestApp;
  let entry: { siteId: string; userId: number; positionId: number; taskId: number; status: string };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const [worker] = await t.app.database.db
      .insert(users)
      .values({
        siteId: 'main',
        email: 'w@example.com',
        firstName: 'W',
        lastName: 'W',
        role: 'worker',
        passwordHash: 'x',
      })
      .returning();
    const position = await insertPosition(t);
    const task = await insertTask(t);
    entry = {
      siteId: 'main',
      userId: worker.id,
      positionId: position.id,
      taskId: task.id,
      status: 'in_progress',
    };
  });
  afterAll(() => t.close());

  const totals = async () => {
    const [row] = await t.app.database.db
      .select({
        entries: sql<number>`sum(${workEntrySiteTotals.entries})::int`,
        version: sql<number>`sum(${workEntrySiteTotals.version})::int`,
      })
      .from(workEntrySiteTotals)
      .where(eq(workEntrySiteTotals.siteId, 'main'));
    return row;
  };

  it('adds up to the entries, and its version moves with every insert, update and delete', async () => {
    const before = await totals();
    const [a] = await t.app.database.db.insert(workEntries).values(entry).returning();
    const afterInsert = await totals();
    expect(afterInsert.entries).toBe((before.entries ?? 0) + 1);
    expect(afterInsert.version).toBeGreaterThan(before.version ?? -1);
    await t.app.database.db.update(workEntries).set({ status: 'completed' }).where(eq(workEntries.id, a.id));
    const afterUpdate = await totals();
    expect(afterUpdate.version).toBeGreaterThan(afterInsert.version);
    await t.app.database.db.delete(workEntries).where(eq(workEntries.id, a.id));
    const afterDelete = await totals();
    expect(afterDelete.entries).toBe(before.entries ?? 0);
    expect(afterDelete.version).toBeGreaterThan(afterUpdate.version);
  });

  it.runIf(driver === 'postgres')(
    'lets two transactions of one site insert entries without waiting for each other',
    async () => {
      // Two connections whose rows differ (the row is the backend's pid modulo 8).
      const clients: pg.Client[] = [];
      const open = async () => {
        const c = new pg.Client({ connectionString: t.url });
        await c.connect();
        clients.push(c);
        const { rows } = await c.query<{ shard: number }>('select work_entry_counter_shard() as shard');
        return { c, shard: rows[0].shard };
      };
      try {
        const first = await open();
        let second = await open();
        while (second.shard === first.shard) second = await open();
        const insert = `insert into work_entries (site_id, user_id, position_id, task_id, status) values ($1, $2, $3, $4, $5)`;
        const values = [entry.siteId, entry.userId, entry.positionId, entry.taskId, entry.status];
        await first.c.query('begin');
        await first.c.query(insert, values);
        await second.c.query('begin');
        // With one counter row per site this waited for the first transaction's commit.
        await second.c.query(`set local lock_timeout = '2s'`);
        await second.c.query(insert, values);
        await second.c.query('commit');
        await first.c.query('commit');
        const [{ n }] = await t.app.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(workEntries)
          .where(eq(workEntries.siteId, 'main'));
        expect((await totals()).entries).toBe(n);
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
    },
  );
});
