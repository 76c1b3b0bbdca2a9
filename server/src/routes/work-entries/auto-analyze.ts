/**
 * PGlite runs no autovacuum, so two things PostgreSQL does by itself are done here, once a minute,
 * off the request path:
 * - VACUUM of the entry tables, so pages written since are marked all-visible again: a capped
 *   count or an index-only page then reads the index alone instead of every row's heap page (3–8×
 *   cheaper on a million entries), and the counters' dead row versions are cleared. Index cleanup
 *   is AUTO: it is skipped while few pages hold dead rows, so a minute's writes cost tens of
 *   milliseconds, not a pass over every index (bench/work-entries.ts).
 * - ANALYZE of a table whose row count moved by more than autovacuum's own analyze threshold (a
 *   tenth plus 50 rows) since its last ANALYZE, so plans chosen for a few thousand rows do not
 *   stay on at a million.
 */
import type { FastifyInstance } from 'fastify';
import * as repo from '../../repositories/work-entries.ts';

const EVERY_MS = 60_000;

/** Analyzes the entry tables whose statistics are behind; answers the tables it analyzed. */
export async function analyzeIfBehind(db: Parameters<typeof repo.statisticsLag>[0]): Promise<string[]> {
  const done: string[] = [];
  for (const { table, analyzed, rows } of await repo.statisticsLag(db)) {
    const behind = analyzed < 0 ? rows > 0 : Math.abs(rows - analyzed) > 50 + 0.1 * analyzed;
    if (!behind) continue;
    await repo.analyzeTable(db, table as 'work_entries' | 'work_entry_hourly_counts');
    done.push(table);
  }
  return done;
}

export function startEntryTableUpkeep(app: FastifyInstance) {
  if (app.database.kind !== 'pglite') return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    repo
      .vacuumEntryTables(app.database.db)
      .then(() => analyzeIfBehind(app.database.db))
      .then((tables) => {
        if (tables.length) app.log.info({ tables }, 'statistics refreshed');
      })
      .catch((err) => app.log.warn({ err }, 'entry table upkeep failed'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
