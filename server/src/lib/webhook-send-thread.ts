/**
 * Webhook sends on a thread of their own: serializing and signing each body and the HTTP
 * exchanges (the sockets' writes, the answers' parsing) of a batch run off the server's event
 * loop, so a burst of thousands of deliveries does not make requests wait behind them (the two
 * threads are scheduled by the operating system, not one after the other). A batch goes to the
 * thread in one message and its results come back in one.
 *
 * One thread per process, started at the first batch. When it cannot be started, batches are sent
 * on the main thread as before. When it stops while a batch is out, that batch's deliveries are
 * answered as failed (no answer) and retried as any failure; the next batch starts a new thread.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type SendMany, type SendResult, type SignedJob, sendHere } from './webhook-send.ts';

const ROLE = 'webhook-sender';

interface Batch {
  seq: number;
  jobs: SignedJob[];
}

interface Answer {
  seq: number;
  results: SendResult[];
}

const STOPPED: SendResult = {
  ok: false,
  statusCode: null,
  error: 'The sending thread stopped before the answer',
  durationMs: 0,
};

let thread: { worker: Worker; pending: Map<number, (results: SendResult[]) => void> } | undefined;
let seq = 0;
let unavailable = false;

function start() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: ROLE } });
  const pending = new Map<number, (results: SendResult[]) => void>();
  const own = { worker, pending };
  const stop = () => {
    if (thread === own) thread = undefined;
    for (const [n, resolve] of pending) {
      pending.delete(n);
      resolve([]);
    }
  };
  worker.on('message', (m: Answer) => {
    const resolve = pending.get(m.seq);
    pending.delete(m.seq);
    resolve?.(m.results);
  });
  worker.on('error', stop);
  worker.on('exit', stop);
  // The thread never keeps the process alive by itself; a batch out keeps its caller waiting.
  // After the listeners: adding a 'message' listener refs the worker again.
  worker.unref();
  return own;
}

/** Sends a batch on the sending thread (on this thread when none can be started). */
export const sendOnThread: SendMany = (jobs) => {
  if (jobs.length === 0) return Promise.resolve([]);
  if (!thread && !unavailable) {
    try {
      thread = start();
    } catch {
      unavailable = true;
    }
  }
  const own = thread;
  if (!own) return sendHere(jobs);
  const n = ++seq;
  return new Promise<SendResult[]>((resolve) => {
    own.pending.set(n, (results) => resolve(jobs.map((_, i) => results[i] ?? STOPPED)));
    own.worker.postMessage({ seq: n, jobs } satisfies Batch);
  });
};

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  parentPort?.on('message', async (m: Batch) => {
    parentPort?.postMessage({ seq: m.seq, results: await sendHere(m.jobs) } satisfies Answer);
  });
}
