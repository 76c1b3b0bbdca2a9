/**
 * What else happened while a benchmark run ran, to print beside its figures: this process's
 * event-loop delay and GC pauses (the server runs in it), the pool's queue, the WAL written, the
 * checkpoints, and the load average. Used by bench/check-in.ts and the work-entry combinations run.
 */
import os from 'node:os';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { ms } from './harness.ts';
import type { App } from './work-entries-data.ts';

/**
 * The WAL position (bytes) and checkpointer counters: the whole cluster's, other databases on it included.
 */
export async function walState(db: App['database']) {
  const [row] = await db.query<{ wal: string; checkpoints: string; written: string; backend: string }>(
    `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as wal,
       (checkpoints_timed + checkpoints_req)::text as checkpoints,
       buffers_checkpoint::text as written, buffers_backend::text as backend from pg_stat_bgwriter`,
  );
  return {
    wal: Number(row.wal),
    checkpoints: Number(row.checkpoints),
    written: Number(row.written),
    backend: Number(row.backend),
  };
}

/**
 * What else happened while a run ran, printed beside its figures: the server process's event-loop
 * delay and GC pauses, the pool's queue, WAL written, checkpoints, and the load average.
 */
export async function watch(db: App['database']) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const gc = { count: 0, total: 0, max: 0, major: 0, majorMax: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.total += e.duration;
      gc.max = Math.max(gc.max, e.duration);
      if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major++;
        gc.majorMax = Math.max(gc.majorMax, e.duration);
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const pool = { waitingMax: 0, totalMax: 0 };
  const sampler = setInterval(() => {
    const s = db.stats() as { total: number; waiting?: number };
    pool.waitingMax = Math.max(pool.waitingMax, s.waiting ?? 0);
    pool.totalMax = Math.max(pool.totalMax, s.total);
  }, 10);
  const before = await walState(db);
  const load = os.loadavg()[0];
  const open = (db.stats() as { total: number }).total;
  return async () => {
    clearInterval(sampler);
    observer.disconnect();
    loop.disable();
    const after = await walState(db);
    return (
      `load ${load.toFixed(2)}→${os.loadavg()[0].toFixed(2)}; event loop delay p99 ${ms(loop.percentile(99) / 1e6)} ms, ` +
      `max ${ms(loop.max / 1e6)} ms; GC ${gc.count}× ${ms(gc.total)} ms (max ${ms(gc.max)}; ` +
      `${gc.major} major, max ${ms(gc.majorMax)}); heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB; ` +
      `pool ${open} open at the start, max ${pool.totalMax}, ${pool.waitingMax} waiting; cluster WAL ${((after.wal - before.wal) / 2 ** 20).toFixed(1)} MB; ` +
      `checkpoints ${after.checkpoints - before.checkpoints}, buffers by checkpointer ${after.written - before.written}, ` +
      `by backends ${after.backend - before.backend}`
    );
  };
}
