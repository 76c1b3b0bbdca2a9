/**
 * Live updates at scale, one instance on PGlite (the in-memory bus; BENCH_REDIS_URL for Redis):
 * - fan-out: BENCH_SUBSCRIBERS (1,000) managers' event streams (GET /api/v1/events, held by a
 *   worker thread, so the clients do not share the server's event loop); a worker checks in
 *   BENCH_EVENTS times through the API, and for each check-in the time from when its request was
 *   sent (so the write itself is included) until 50%, 95% and 100% of the streams have its event;
 *   target: 95% within 1 s;
 * - cost of idle streams: GET /api/v1/users at BENCH_RATE req/s (bench/harness.ts, fixed rate)
 *   without streams, then with the 1,000 streams open and idle (20 s, so their 20-s heartbeats,
 *   which re-check each session, fall inside), in BENCH_ROUNDS (3) rounds so a machine whose load
 *   changes shows it in both; target: the median round's p99 at most 1.5× without.
 * Run: npm run bench:events   (BENCH_SUBSCRIBERS=1000 BENCH_EVENTS=20 BENCH_RATE=200 BENCH_DURATION=20 BENCH_ROUNDS=3)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { positions, positionTaskAssignments, tasks, users } from '../server/src/db/schema/index.ts';
import { createSession } from '../server/src/infra/sessions.ts';
import { listen, measure, ms, percentile, printRuns, type Run } from './harness.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface SubscriberSpec {
  url: string;
  token: string;
  count: number;
}

type ToWorker = { type: 'report' } | { type: 'close' };
type FromWorker =
  | { type: 'ready'; failed: number }
  | { type: 'report'; arrivals: Record<string, number[]>; comments: number };

/** The worker: `count` event streams, each arrival of a work entry's creation timed (epoch ms). */
function subscriberWorker(spec: SubscriberSpec) {
  const arrivals: Record<string, number[]> = {};
  const requests: http.ClientRequest[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let readyCount = 0;
  let failed = 0;
  let comments = 0;
  const now = () => performance.timeOrigin + performance.now();
  const settled = () => {
    if (readyCount + failed === spec.count) parentPort?.postMessage({ type: 'ready', failed } as FromWorker);
  };
  for (let i = 0; i < spec.count; i++) {
    const req = http.get(
      `${spec.url}/api/v1/events`,
      { agent, headers: { authorization: `Bearer ${spec.token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          failed++;
          res.resume();
          settled();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            if (block.startsWith(':')) comments++;
            if (!ready && block.includes('event: ready')) {
              ready = true;
              readyCount++;
              settled();
            }
            if (block.includes('event: work_entry.created')) {
              const data = /data: (.*)/.exec(block)?.[1];
              const id = data ? String((JSON.parse(data) as { id: number }).id) : '?';
              const list = arrivals[id] ?? [];
              arrivals[id] = list;
              list.push(now());
            }
          }
        });
      },
    );
    req.on('error', () => {
      failed++;
      settled();
    });
    requests.push(req);
  }
  parentPort?.on('message', (message: ToWorker) => {
    if (message.type === 'report')
      parentPort?.postMessage({ type: 'report', arrivals, comments } as FromWorker);
    else {
      for (const r of requests) r.destroy();
      process.exit(0);
    }
  });
}

function startSubscribers(spec: SubscriberSpec) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { subscribers: spec } });
  const next = () =>
    new Promise<FromWorker>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  return {
    ready: next() as Promise<Extract<FromWorker, { type: 'ready' }>>,
    async report() {
      const answer = next();
      worker.postMessage({ type: 'report' } satisfies ToWorker);
      return (await answer) as Extract<FromWorker, { type: 'report' }>;
    },
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ type: 'close' } satisfies ToWorker);
      await exited;
    },
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-events-'));
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    }),
    adminEmail: 'admin@example.com',
    adminPassword: 'Bench-Pass-1',
    staticDir: '',
  };
  const app = await buildApp({ config, serveConsole: false });
  try {
    const db = app.database.db;
    const [manager, worker] = await db
      .insert(users)
      .values([
        {
          siteId: 'main',
          email: 'm@example.com',
          firstName: 'M',
          lastName: 'M',
          role: 'manager',
          passwordHash: 'x',
        },
        {
          siteId: 'main',
          email: 'w@example.com',
          firstName: 'W',
          lastName: 'W',
          role: 'worker',
          passwordHash: 'x',
        },
      ])
      .returning();
    await db.insert(users).values(
      Array.from({ length: 100 }, (_, i) => ({
        siteId: 'main',
        email: `bench${i}@example.com`,
        firstName: `First${i}`,
        lastName: `Last${i}`,
        role: 'worker' as const,
        passwordHash: 'x',
      })),
    );
    const tokenOf = async (u: typeof manager) => {
      const { session } = await createSession(app, { userId: u.id, siteId: 'main' });
      return app.services.tokens.sign({
        userId: u.id,
        siteId: 'main',
        role: u.role as 'manager' | 'worker',
        sessionId: session.id,
      });
    };
    const [managerToken, workerToken] = [await tokenOf(manager), await tokenOf(worker)];
    const [position] = await db
      .insert(positions)
      .values({ siteId: 'main', positionCode: 'EV-1', positionName: 'Bench bay' })
      .returning();
    const [task] = await db
      .insert(tasks)
      .values({ siteId: 'main', taskCode: 'EV-T', taskName: 'Bench task' })
      .returning();
    await db
      .insert(positionTaskAssignments)
      .values({ siteId: 'main', positionId: position.id, taskId: task.id });

    const url = await listen(app);
    console.log(
      `Live updates benchmark — Node ${process.version}, ${os.cpus().length} CPUs, load average ` +
        `${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}, ${config.redisUrl ? 'Redis' : 'in-memory'} bus, ` +
        `${SUBSCRIBERS} subscribers, ${EVENTS} events, GET /users at ${RATE} req/s for ${DURATION} s`,
    );

    const usersRun = (name: string) =>
      measure({
        name,
        url,
        path: '/api/v1/users',
        headers: { authorization: `Bearer ${managerToken}` },
        overallRate: RATE,
        duration: DURATION,
        connections: 20,
      });
    await measure({
      name: 'warm-up',
      url,
      path: '/api/v1/users',
      headers: { authorization: `Bearer ${managerToken}` },
      overallRate: RATE,
      duration: 5,
      connections: 20,
    });
    // Rounds of "without, then with the streams open", so a machine whose load changes shows it in
    // both; the fan-out is measured in the last round, with the streams already open.
    const runs: Run[] = [];
    const ratios: number[] = [];
    let subscribers: ReturnType<typeof startSubscribers> | undefined;
    let failed = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      await subscribers?.close();
      const without = await usersRun(`round ${round}: GET /api/v1/users, no streams`);
      const opened = performance.now();
      subscribers = startSubscribers({ url, token: managerToken, count: SUBSCRIBERS });
      failed = (await subscribers.ready).failed;
      console.log(
        `round ${round}: ${SUBSCRIBERS - failed} streams open in ${((performance.now() - opened) / 1000).toFixed(1)} s ` +
          `(${failed} failed); ${app.services.live.size()} on the server`,
      );
      const withStreams = await usersRun(`round ${round}: GET /api/v1/users, ${SUBSCRIBERS} idle streams`);
      runs.push(without, withStreams);
      ratios.push(withStreams.p99 / without.p99);
    }
    if (!subscribers) throw new Error('no rounds');

    // Fan-out: one check-in at a time, each answered before the next.
    const answered = new Map<string, number>();
    for (let i = 0; i < EVENTS; i++) {
      const sent = performance.timeOrigin + performance.now();
      const res = await fetch(`${url}/api/v1/work-entries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${workerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ position_id: position.id, task_id: task.id }),
      });
      const body = (await res.json()) as { work_entry: { id: number } };
      answered.set(String(body.work_entry.id), sent);
      if (res.status !== 201) throw new Error(`check-in: ${res.status}`);
      // Entries are one worker's: complete it so the next check-in is not refused.
      await fetch(`${url}/api/v1/work-entries/${body.work_entry.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${workerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'completed' }),
      });
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const { arrivals, comments } = await subscribers.report();
    const reach = { p50: [] as number[], p95: [] as number[], all: [] as number[], missing: 0 };
    for (const [id, at] of answered) {
      const times = (arrivals[id] ?? []).map((t) => t - at).sort((a, b) => a - b);
      reach.missing += SUBSCRIBERS - failed - times.length;
      const nth = (share: number) => times[Math.ceil(share * (SUBSCRIBERS - failed)) - 1] ?? Number.NaN;
      reach.p50.push(nth(0.5));
      reach.p95.push(nth(0.95));
      reach.all.push(nth(1));
    }
    for (const list of [reach.p50, reach.p95, reach.all]) list.sort((a, b) => a - b);
    console.log(
      `\nFan-out of ${answered.size} events to ${SUBSCRIBERS - failed} streams, from sending the write ` +
        `(median over events [worst]):\n` +
        `  50% of streams: ${ms(percentile(reach.p50, 50))} ms [${ms(reach.p50.at(-1) ?? Number.NaN)}]\n` +
        `  95% of streams: ${ms(percentile(reach.p95, 50))} ms [${ms(reach.p95.at(-1) ?? Number.NaN)}]\n` +
        `  every stream:   ${ms(percentile(reach.all, 50))} ms [${ms(reach.all.at(-1) ?? Number.NaN)}]\n` +
        `  deliveries missing: ${reach.missing}; heartbeats received meanwhile: ${comments}`,
    );
    const worst95 = reach.p95.at(-1) ?? Number.NaN;
    console.log(`95% within 1 s (worst event ${ms(worst95)} ms): ${worst95 < 1000 ? 'PASS' : 'FAIL'}`);

    await subscribers.close();
    console.log('\nGET /api/v1/users without and with the idle streams, round by round:');
    printRuns(runs, runs[0]);
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    console.log(
      `p99 with the streams ÷ p99 without, per round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}; ` +
        `median ${median.toFixed(2)}× (target ≤ 1.5×): ${median <= 1.5 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else if ((workerData as { subscribers?: SubscriberSpec })?.subscribers)
  subscriberWorker((workerData as { subscribers: SubscriberSpec }).subscribers);
