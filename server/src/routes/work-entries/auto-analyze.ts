/**
 * PGlite runs no autovacuum, so nothing refreshes the planner's statistics of the entry tables as
 * they grow, and plans chosen for a few thousand rows stay on at a million. Once a minute, off the
 * request path, a table whose row count moved by more than autovacuum's own analyze threshold (a
 * tenth plus 50 rows) since its last ANALYZE is analyzed again. PostgreSQL does this itself.
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

export function startAutoAnalyze(app: FastifyInstance) {
  if (app.database.kind !== 'pglite') return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    analyzeIfBehind(app.database.db)
      .then((tables) => {
        if (tables.length) app.log.info({ tables }, 'statistics refreshed');
      })
      .catch((err) => app.log.warn({ err }, 'statistics refresh failed'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
