/**
 * Notification emails under a burst: BENCH_EVENTS (10,000) failed work entries'
 * outbox events are written at once (one insert), with the server's own workers running (the
 * outbox dispatcher and the email sender) and a real SMTP server on loopback (smtp-server, in a
 * worker thread, so reading the mail does not share the server's event loop). Recipients: the
 * admin and BENCH_MANAGERS (1) managers, defaults on (failed entries). Printed:
 * - per event, the time from the insert until an email telling it reached the SMTP server for
 *   every recipient: 50%, 95% and 100% (goal: 95% within 60 s), and how many emails carried them
 *   (a recipient's events due in the same batch go in one email, at most 20);
 * - GET /api/v1/users p99 (bench/harness.ts, fixed rate BENCH_RATE for BENCH_DURATION s) idle,
 *   then while the burst drains, side by side (goal: within 2× idle);
 * - the server's main thread's own CPU time (process.threadCpuUsage: not inflated by other
 *   processes' load, unlike the latencies) during the idle run, during the run beside the burst,
 *   and from the insert until every email had arrived;
 * - the load average before and after (the machine is shared: read the ratios, not the figures).
 * PGlite by default; DATABASE_URL for PostgreSQL (that database is dropped and made afresh).
 * Run: node bench/notification-emails.ts   (BENCH_EVENTS=10000 BENCH_RATE=50 BENCH_DURATION=10;
 * PGLITE_THREAD=true for PGlite on a thread of its own)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { outboxEvents, positions, tasks, users, workEntries } from '../server/src/db/schema/index.ts';
import { createSession } from '../server/src/infra/sessions.ts';
import { workerDefinitions } from '../server/src/jobs/index.ts';
import { freshPgDatabase } from './fresh-database.ts';
import { listen, measure, ms, percentile, printRuns } from './harness.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const MANAGERS = Number(process.env.BENCH_MANAGERS ?? 1);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const GOAL_MS = 60_000;

/** CPU time of this thread (user + system), ms. */
const mainCpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

type FromSmtp =
  | { type: 'ready'; port: number }
  | { type: 'report'; arrivals: Record<string, number>; mails: number };

/** The SMTP server's thread: for each (recipient, entry id) the first arrival, epoch ms. */
function smtpWorker() {
  const arrivals: Record<string, number> = {};
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => {
        raw += c;
      });
      stream.on('end', () => {
        const at = performance.timeOrigin + performance.now();
        mails++;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        // Quoted-printable may fold a line inside a link: unfold soft breaks first.
        const text = raw.replace(/=\r?\n/g, '');
        for (const m of text.matchAll(/entry=3D(\d+)|entry=(\d+)/g)) {
          const id = m[1] ?? m[2];
          for (const r of to) arrivals[`${r} ${id}`] ??= at;
        }
        callback();
      });
    },
  });
  // A client hanging up mid-reply is the server's 'error' event, which unheard ends the worker.
  server.on('error', () => {});
  server.listen(0, '127.0.0.1', () => {
    parentPort?.postMessage({
      type: 'ready',
      port: (server.server.address() as AddressInfo).port,
    } as FromSmtp);
  });
  parentPort?.on('message', (m: string) => {
    if (m === 'report')
      parentPort?.postMessage({ type: 'report', arrivals: { ...arrivals }, mails } as FromSmtp);
    else server.close(() => process.exit(0));
  });
}

function startSmtp() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { smtp: true } });
  // Each report adds one-time listeners (its error listener stays until the thread ends): polling adds many.
  worker.setMaxListeners(0);
  const next = () =>
    new Promise<FromSmtp>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  return {
    ready: next() as Promise<Extract<FromSmtp, { type: 'ready' }>>,
    async report() {
      const answer = next();
      worker.postMessage('report');
      return (await answer) as Extract<FromSmtp, { type: 'report' }>;
    },
    async close() {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.postMessage('close');
      await exited;
    },
  };
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main() {
  // Made afresh, so runs can follow each other.
  if (process.env.DATABASE_URL) await freshPgDatabase(process.env.DATABASE_URL);
  const smtp = startSmtp();
  const { port } = await smtp.ready;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-bench-mail-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Admin123!',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'https://tagger.example.com',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, serveConsole: false, workers: workerDefinitions() });
  const { db } = app.database;
  try {
    const managers = await db
      .insert(users)
      .values(
        Array.from({ length: MANAGERS }, (_, i) => ({
          siteId: 'main',
          email: `manager${i}@example.com`,
          firstName: 'Bench',
          lastName: `Manager ${i}`,
          role: 'manager',
          passwordHash: 'x',
        })),
      )
      .returning();
    const [worker] = await db
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
    const [position] = await db
      .insert(positions)
      .values({ siteId: 'main', positionCode: 'B-1', positionName: 'Bay 1', nfcTagId: 'BENCH1' })
      .returning();
    const [task] = await db
      .insert(tasks)
      .values({ siteId: 'main', taskCode: 'T-1', taskName: 'Pour' })
      .returning();
    const entryIds: number[] = [];
    for (let i = 0; i < EVENTS; i += 1000) {
      const rows = await db
        .insert(workEntries)
        .values(
          Array.from({ length: Math.min(1000, EVENTS - i) }, () => ({
            siteId: 'main',
            userId: worker.id,
            positionId: position.id,
            taskId: task.id,
            status: 'failed',
          })),
        )
        .returning({ id: workEntries.id });
      entryIds.push(...rows.map((r) => r.id));
    }
    const recipients = ['admin@example.com', ...managers.map((m) => m.email)];
    const { session } = await createSession(app, { userId: managers[0].id, siteId: 'main' });
    const token = await app.services.tokens.sign({
      userId: managers[0].id,
      siteId: 'main',
      role: 'manager',
      sessionId: session.id,
    });
    const url = await listen(app);
    const spec = {
      url,
      path: '/api/v1/users',
      overallRate: RATE,
      duration: DURATION,
      connections: 10,
      headers: { authorization: `Bearer ${token}` },
    };
    console.log(`load average before: ${load()}`);
    let cpuAt = mainCpuMs();
    const idle = await measure({ ...spec, name: 'GET /users idle' });
    const cpuIdle = mainCpuMs() - cpuAt;

    // The burst: every event in one insert, as one transaction of a bulk change would.
    const t0 = performance.timeOrigin + performance.now();
    cpuAt = mainCpuMs();
    for (let i = 0; i < entryIds.length; i += 2000) {
      await db.insert(outboxEvents).values(
        entryIds.slice(i, i + 2000).map((id) => ({
          siteId: 'main',
          kind: 'work_entry.failed',
          entityType: 'work_entry',
          entityId: String(id),
          data: { id, status: 'failed' },
        })),
      );
    }
    app.jobs.workers.nudge('outbox');
    const busy = await measure({ ...spec, name: 'GET /users while sending' });
    const cpuDuring = mainCpuMs() - cpuAt;

    const expected = EVENTS * recipients.length;
    let report = await smtp.report();
    const deadline = Date.now() + 5 * 60_000;
    while (Object.keys(report.arrivals).length < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      report = await smtp.report();
    }
    const cpuDrain = mainCpuMs() - cpuAt;
    const delays = Object.values(report.arrivals)
      .map((at) => at - t0)
      .sort((a, b) => a - b);
    const missing = expected - delays.length;
    // Missing ones count as never: the percentile is taken over every expected delivery.
    const all = [...delays, ...Array.from({ length: missing }, () => Number.POSITIVE_INFINITY)];
    console.log(`load average after: ${load()}`);
    console.log(
      `\n${EVENTS} events × ${recipients.length} recipients = ${expected} deliveries in ${report.mails} emails` +
        ` (${(expected / report.mails).toFixed(1)} events per email); missing: ${missing}`,
    );
    const p95 = percentile(all, 95);
    console.table([
      {
        'p50 s': ms(percentile(all, 50) / 1000),
        'p95 s': ms(p95 / 1000),
        'p100 s': ms(percentile(all, 100) / 1000),
        'goal p95 s': GOAL_MS / 1000,
        'p95 within goal': p95 <= GOAL_MS,
        'deliveries/s': (expected / (percentile(all, 100) / 1000)).toFixed(0),
      },
    ]);
    printRuns([idle, busy], idle);
    console.log(`API p99 while sending / idle: ${(busy.p99 / idle.p99).toFixed(2)}× (goal ≤ 2×)`);
    console.log(
      `main thread CPU ms: idle run ${cpuIdle.toFixed(0)}; run beside the burst ${cpuDuring.toFixed(0)}` +
        ` (the burst's own ≈ ${(cpuDuring - cpuIdle).toFixed(0)}); insert to last arrival ${cpuDrain.toFixed(0)}`,
    );
  } finally {
    await app.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else if ((workerData as { smtp?: boolean })?.smtp) smtpWorker();
