/**
 * PGlite runs no autovacuum: the upkeep job vacuums the entry tables (pages marked all-visible, so
 * counts read the index alone) and analyzes them again once their row count moved by more than a
 * tenth since the last ANALYZE (routes/work-entries/auto-analyze.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vacuumEntryTables } from '../../server/src/repositories/work-entries.ts';
import { analyzeIfBehind } from '../../server/src/routes/work-entries/auto-analyze.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { signInAs } from './support/actors.ts';
import { buildEntriesApp, makePosition } from './work-entries-support.ts';

describe.each(DRIVERS)('entry table statistics (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildEntriesApp(driver);
  });
  afterAll(async () => t?.close());

  const analyzed = async () => {
    const result = await t.app.database.db.execute(
      sql`select reltuples::float8 as n from pg_class where relname = 'work_entries'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    return Number(rows[0].n);
  };
  const add = async (n: number, userId: number, positionId: number) =>
    t.app.database.db.execute(sql`
      insert into work_entries (site_id, user_id, position_id, status)
      select 'main', ${userId}, ${positionId}, 'completed' from generate_series(1, ${n})`);

  it('analyzes a grown table, and leaves one whose statistics are current', async () => {
    const worker = await signInAs(t, 'worker');
    const position = await makePosition(t);
    await add(400, worker.id, position.id);
    expect(await analyzeIfBehind(t.app.database.db)).toContain('work_entries');
    expect(await analyzed()).toBe(400);
    await add(20, worker.id, position.id);
    expect(await analyzeIfBehind(t.app.database.db)).not.toContain('work_entries');
    await add(200, worker.id, position.id);
    expect(await analyzeIfBehind(t.app.database.db)).toContain('work_entries');
    expect(await analyzed()).toBe(620);
  });

  it('vacuums the entry tables: every page written since is all-visible again, and an index-only count reads no row', async () => {
    const worker = await signInAs(t, 'worker');
    const position = await makePosition(t);
    await add(3000, worker.id, position.id);
    await t.app.database.db.execute(sql`update work_entries set status = 'failed' where id % 7 = 0`);
    await vacuumEntryTables(t.app.database.db);
    const result = await t.app.database.db.execute(
      sql`select relpages, relallvisible from pg_class where relname = 'work_entries'`,
    );
    const [pages] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      relpages: number;
      relallvisible: number;
    }[];
    expect(Number(pages.relpages)).toBeGreaterThan(10);
    expect(Number(pages.relallvisible)).toBe(Number(pages.relpages));
    const plan = await t.app.database.db.execute(sql`
      explain (analyze, costs off, timing off, summary off)
      select count(*) from work_entries where site_id = 'main' and user_id = ${worker.id}`);
    const text = (
      (Array.isArray(plan) ? plan : (plan as { rows: unknown[] }).rows) as Record<string, string>[]
    )
      .map((r) => Object.values(r)[0])
      .join('\n');
    if (/Index Only Scan/.test(text)) expect(text).toMatch(/Heap Fetches: 0/);
  });
});
