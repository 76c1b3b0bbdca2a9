/**
 * PGlite runs no autovacuum: the entry tables are analyzed again once their row count moved by
 * more than a tenth since the last ANALYZE (routes/work-entries/auto-analyze.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
