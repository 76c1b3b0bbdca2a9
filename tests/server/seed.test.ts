/**
 * The demo seed (scripts/seed.ts) on each database: no work ends, starts or is created in the
 * future; and the tasks are one picture: the library holds the catalogue's tasks,
 * every assignment has its task instance at the position, some ticked off, none in the future.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/client.ts';
import { createTestDatabase, DRIVERS } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function seed(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/seed.ts', '--work-entries', '600', '--photos', '0'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`seed exited ${code}:\n${out}`)),
    );
  });
}

describe.each(DRIVERS)('demo seed (%s)', (driver) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('ends every finished entry before now, and starts none in the future', {
    timeout: 180_000,
  }, async () => {
    let database: Awaited<ReturnType<typeof openDatabase>>;
    if (driver === 'pglite') {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-seed-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await seed({ DATA_DIR: dataDir });
      database = await openDatabase({ dataDir });
      cleanups.push(() => database.close());
    } else {
      const test = await createTestDatabase('postgres');
      cleanups.push(() => test.drop());
      await seed({ DATABASE_URL: test.url ?? '' });
      database = test.database;
    }
    const result = await database.db.execute(sql`
      select count(*)::int as total,
             count(*) filter (where status = 'completed')::int as completed,
             count(*) filter (where completed_at > now())::int as ends_later,
             count(*) filter (where started_at > now() or created_at > now())::int as starts_later,
             count(*) filter (where completed_at < started_at)::int as ends_before_start
      from work_entries`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    expect(rows[0]).toMatchObject({ total: 600, ends_later: 0, starts_later: 0, ends_before_start: 0 });
    expect((rows[0] as { completed: number }).completed).toBeGreaterThan(300);

    const picture = await database.db.execute(sql`
      select (select count(*)::int from tasks where site_id = 'main') as catalogue,
             (select count(*)::int from task_templates where site_id = 'main') as templates,
             (select count(*)::int from task_templates tt where tt.site_id = 'main'
                and not exists (select 1 from tasks t where t.site_id = 'main' and t.task_code = tt.task_code)) as unmatched,
             (select count(*)::int from position_task_assignments a where a.site_id = 'main'
                and not exists (select 1 from task_instances i join tasks t on t.task_code = i.task_code and t.site_id = i.site_id
                                where i.position_id = a.position_id and t.id = a.task_id)) as missing,
             (select count(*)::int from task_instances where site_id = 'main' and is_completed) as done,
             (select count(*)::int from task_instances where site_id = 'main' and not is_completed) as open,
             (select count(*)::int from task_instances where site_id = 'main' and template_id is null) as one_off,
             (select count(*)::int from task_instances where completed_at > now()) as done_later`);
    const tasks = (Array.isArray(picture) ? picture : (picture as { rows: unknown[] }).rows)[0] as Record<
      string,
      number
    >;
    expect(tasks).toMatchObject({ catalogue: 15, templates: 15, unmatched: 0, missing: 0, done_later: 0 });
    expect(tasks.done).toBeGreaterThan(50);
    expect(tasks.open).toBeGreaterThan(50);
    expect(tasks.one_off).toBeGreaterThan(0);
  });
});
