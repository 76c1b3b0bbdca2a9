/**
 * Webhook sends on a thread of their own (lib/thread-calls.ts): serializing and signing each body
 * and the HTTP exchanges (the sockets' writes, the answers' parsing) of a batch run off the
 * server's event loop, so a burst of thousands of deliveries does not make requests wait behind
 * them (the two threads are scheduled by the operating system, not one after the other). A batch
 * goes to the thread in one message and its results come back in one.
 *
 * One thread per process, started at the first batch. When it cannot be started, batches are sent
 * on the main thread as before. When it stops while a batch is out, that batch's deliveries are
 * answered as failed (no answer) and retried as any failure; the next batch starts a new thread.
 */
import { serveThreadCalls, type ThreadCalls, threadCalls } from './thread-calls.ts';
import { type SendMany, type SendResult, type SignedJob, sendHere } from './webhook-send.ts';

const ROLE = 'webhook-sender';

const STOPPED: SendResult = {
  ok: false,
  statusCode: null,
  error: 'The sending thread stopped before the answer',
  durationMs: 0,
};

let thread: ThreadCalls<SignedJob[], SendResult[]> | undefined;
let unavailable = false;

/** Sends a batch on the sending thread (on this thread when none can be started). */
export const sendOnThread: SendMany = async (jobs) => {
  if (jobs.length === 0) return [];
  if (!thread && !unavailable) {
    try {
      thread = threadCalls(new URL(import.meta.url), ROLE);
    } catch {
      unavailable = true;
    }
  }
  if (!thread) return sendHere(jobs);
  const results = await thread.call(jobs);
  return jobs.map((_, i) => results?.[i] ?? STOPPED);
};

serveThreadCalls(ROLE, sendHere);
