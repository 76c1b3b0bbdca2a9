/**
 * Workers: background loops that drain a table as soon as there is work (the outbox, webhook
 * deliveries, notification emails), unlike jobs, which run once per slot. Every server process
 * runs every worker; a batch takes its rows with FOR UPDATE SKIP LOCKED, so two processes never
 * take the same row and no row waits for a process that is busy. A worker runs its next batch at
 * once while batches find work, then waits `idleMs`, or less when nudged (a request on this process
 * wrote something for it, or another worker did: the outbox dispatcher nudges the workers that send
 * what it wrote). A nudge that comes while the worker is busy is kept, so a batch that found
 * nothing just before another's commit does not sleep through it. On the embedded database (one
 * connection, one thread) a worker with a backlog rests as long as each batch held the database
 * (the whole batch unless the worker measures it), so requests keep at least half of the
 * connection while it drains. On either database a worker with a backlog also waits, before each
 * batch, while the event loop has lately been busier than LOOP_SHARE (below). A failing batch is
 * logged and retried after a doubling pause (at most 30 s).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { ownPublicUrl } from '../lib/public-url.ts';
import type { JobContext } from './definition.ts';

export interface WorkerDefinition {
  name: string;
  /** Longest wait between batches when there was nothing to do. */
  idleMs: number;
  /**
   * One batch: answers how many items it handled (0: nothing to do now), or that and how long it
   * held the database, when part of the batch did not (the webhooks wait for their receivers).
   */
  runBatch(context: JobContext): Promise<number | { handled: number; heldMs: number }>;
}

export interface Workers {
  names: string[];
  /**
   * Wakes the named worker now; when it is busy, it runs again as soon as it is done (no effect
   * when not running here).
   */
  nudge(name: string): void;
}

const MAX_PAUSE_MS = 30_000;

/**
 * The event loop's share a draining backlog leaves to requests. Before each batch of a backlog, a
 * worker waits while the loop (requests and every worker of this process together) has been busy
 * more than LOOP_SHARE of the last LOOP_WINDOW_MS to LOOP_WINDOW_MS * 2
 * (performance.eventLoopUtilization); a request that comes meanwhile finds the loop free rather
 * than queued behind a batch's callbacks. Each wait is at most MAX_YIELD_MS, so a drain always
 * moves on, however busy the process is with requests.
 */
const LOOP_SHARE = 0.6;
const LOOP_WINDOW_MS = 100;
const MAX_YIELD_MS = 20;
const YIELD_STEP_MS = 2;

let since = performance.eventLoopUtilization();
let latest = since;
let latestAt = performance.now();

/** How busy the event loop has been lately (0–1). */
function loopBusy(): number {
  const now = performance.now();
  if (now - latestAt >= LOOP_WINDOW_MS) {
    since = latest;
    latest = performance.eventLoopUtilization();
    latestAt = now;
  }
  return performance.eventLoopUtilization(since).utilization;
}

/** Waits (at most MAX_YIELD_MS) while the event loop is busier than LOOP_SHARE. */
async function loopTurn(): Promise<void> {
  const until = performance.now() + MAX_YIELD_MS;
  while (loopBusy() > LOOP_SHARE && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, YIELD_STEP_MS));
}

export function runWorkers(app: FastifyInstance, workers: WorkerDefinition[], instance: string): Workers {
  let stopping = false;
  const wakers = new Map<string, () => void>();
  /** Workers nudged while busy: they look again at once instead of idling. */
  const nudged = new Set<string>();
  const names = new Set(workers.map((w) => w.name));
  const nudge = (name: string) => {
    const wake = wakers.get(name);
    if (wake) wake();
    else if (names.has(name)) nudged.add(name);
  };
  const loops: Promise<void>[] = [];

  const embedded = app.database.kind !== 'postgres';
  const loop = async (worker: WorkerDefinition) => {
    let failures = 0;
    while (!stopping) {
      let handled = 0;
      let heldMs: number | undefined;
      nudged.delete(worker.name);
      const started = performance.now();
      try {
        const done = await worker.runBatch({
          db: app.database.db,
          log: app.log,
          instance,
          stopping: () => stopping,
          mail: { mailer: app.services.mailer, publicUrl: ownPublicUrl(app.config) },
          config: app.config,
          services: app.services,
          nudge,
        });
        handled = typeof done === 'number' ? done : done.handled;
        heldMs = typeof done === 'number' ? undefined : done.heldMs;
        failures = 0;
      } catch (err) {
        failures += 1;
        app.log.error({ err, worker: worker.name, failures }, 'worker batch failed');
      }
      if (stopping) break;
      if (handled > 0 && failures === 0) {
        // On the embedded database the batch had the one connection to itself: rest as long as it
        // held it (the whole batch, unless the worker says how long), so requests get at least
        // half of it while a backlog drains.
        const rest = embedded ? (heldMs ?? performance.now() - started) : 0;
        await new Promise((resolve) => (rest > 0 ? setTimeout(resolve, rest) : setImmediate(resolve)));
        await loopTurn();
        continue;
      }
      if (failures === 0 && nudged.has(worker.name)) continue;
      const pause = failures ? Math.min(MAX_PAUSE_MS, worker.idleMs * 2 ** failures) : worker.idleMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pause);
        timer.unref();
        function done() {
          clearTimeout(timer);
          wakers.delete(worker.name);
          resolve();
        }
        wakers.set(worker.name, done);
      });
    }
  };

  app.addHook('onReady', async () => {
    for (const worker of workers) loops.push(loop(worker));
  });
  app.addHook('preClose', async () => {
    stopping = true;
    for (const wake of [...wakers.values()]) wake();
    await Promise.all(loops);
  });
  return {
    names: workers.map((w) => w.name),
    nudge,
  };
}

/** The workers of an app that runs none (tests, scripts): nudging does nothing. */
export const idleWorkers = (workers: WorkerDefinition[]): Workers => ({
  names: workers.map((w) => w.name),
  nudge: () => {},
});
