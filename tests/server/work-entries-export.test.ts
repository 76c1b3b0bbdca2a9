/**
 * GET /work-entries/export: CSV of every matching row (past the internal batch size, no cap),
 * streamed (chunked, no length known up front), with the list's filters and sort, the row count
 * in X-Total-Count, cells quoted and formula-safe; only with work_entries.export.
 */
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp, insertEntry, makePosition } from './work-entries-support.ts';

const BULK = 2500;

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
const parseCsv = (text: string) => Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data;

describe.each(DRIVERS)('work entry export (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;
  let worker: Actor;
  let positionId: number;
  let special: number;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    positionId = (await makePosition(t, { positionName: 'Tower crane' })).id;
    await t.app.database.db.execute(sql`
      insert into work_entries (site_id, user_id, position_id, status, task_name, created_at, started_at)
      select 'main', ${worker.id}, ${positionId}, case when g % 2 = 0 then 'completed' else 'failed' end,
             'Bolt check', now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, ${BULK}) g`);
    special = (
      await insertEntry(t, {
        userId: worker.id,
        positionId,
        status: 'paused',
        notes: '=SUM(A1:A9), "quoted"\nsecond line',
        taskName: 'Inspect, then sign',
      })
    ).id;
  });
  afterAll(async () => t?.close());

  const exportCsv = (query: string, who: Actor = manager) =>
    t.app.inject({ method: 'GET', url: `/api/v1/work-entries/export?${query}`, headers: who.headers });

  it('streams every matching row as CSV, past the batch size, with the count up front', async () => {
    const res = await exportCsv('status=completed&sort=created&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="work-entries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['x-total-count']).toBe(String(BULK / 2));
    const rows = parseCsv(res.body.replace(/^\ufeff/, ''));
    const [header, ...data] = rows;
    expect(header.slice(0, 6)).toEqual([
      'id',
      'first_name',
      'last_name',
      'position_name',
      'task_name',
      'status',
    ]);
    expect(data).toHaveLength(BULK / 2);
    expect(data.every((r) => r[5] === 'completed' && r[3] === 'Tower crane')).toBe(true);
    const created = data.map((r) => Date.parse(r[header.indexOf('created_at')]));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('exports everything without filters (no 1,000-row cap)', async () => {
    const res = await exportCsv('');
    expect(parseCsv(res.body)).toHaveLength(BULK + 2);
  });

  it('quotes commas, quotes and line breaks, and defuses a formula', async () => {
    const res = await exportCsv('status=paused');
    const [header, row] = parseCsv(res.body.replace(/^\ufeff/, ''));
    expect(Number(row[0])).toBe(special);
    expect(row[header.indexOf('notes')]).toBe(`'=SUM(A1:A9), "quoted"\nsecond line`);
    expect(row[header.indexOf('task_name')]).toBe('Inspect, then sign');
  });

  it('needs work_entries.export: a worker is refused; filters are validated as in the list', async () => {
    expect((await exportCsv('', worker)).statusCode).toBe(403);
    const bad = await exportCsv('status=done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
  });
});
