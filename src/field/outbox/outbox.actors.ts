/**
 * The outbox machine's real effects: counting this user's actions in IndexedDB, and sending the
 * oldest waiting one with its Idempotency-Key. A refusal (a 4xx other than a transient one) is kept
 * as failed with the server's code and message; no answer, a 5xx, 429 or a twin still in flight
 * rejects as transient (the machine backs off); a 401 the session could not refresh rejects as
 * 'auth' (the queue waits for the same user to sign in again).
 */
import { fromPromise } from 'xstate';
import { isApiError } from '../../api/api-error.ts';
import { sendPhoto, sendStart, sendUpdate } from '../api/field-api.ts';
import type { QueueCounts, SendFailure, SendOutcome } from './outbox.machine.ts';
import { isTransient, type OutboxItem } from './outbox-items.ts';
import { setUploadProgress } from './outbox-progress.ts';
import { countItems, listItems, markFailed, removeItem, serverIdOf, startSent } from './outbox-store.ts';

async function deliver(item: OutboxItem): Promise<void> {
  const { action, key } = item;
  if (action.kind === 'start') {
    const created = await sendStart(key, action.body);
    await startSent(item, action.local, created.work_entry.id);
    return;
  }
  const id = await serverIdOf(action.entry);
  if (id === null) {
    await markFailed(item, {
      status: 0,
      code: 'START_FAILED',
      message: 'The start of this work was not sent',
    });
    return;
  }
  if (action.kind === 'photo') {
    try {
      await sendPhoto(key, id, action.photo, (f) => setUploadProgress(key, f));
    } finally {
      setUploadProgress(key, null);
    }
  } else if (action.kind === 'status') {
    await sendUpdate(key, id, { status: action.status, ...(action.notes ? { notes: action.notes } : {}) });
  } else {
    await sendUpdate(key, id, { notes: action.notes });
  }
  if (item.seq !== undefined) await removeItem(item.seq);
}

export async function sendOldest(userId: number): Promise<SendOutcome> {
  const next = (await listItems(userId)).find((i) => i.state === 'waiting');
  if (!next) return 'empty';
  try {
    await deliver(next);
    return 'sent';
  } catch (error) {
    if (!isApiError(error))
      throw { kind: 'transient', code: 'ERR_UNKNOWN', message: String(error) } satisfies SendFailure;
    const code = error.code ?? `HTTP_${error.status}`;
    if (error.status === 401) throw { kind: 'auth', code, message: error.message } satisfies SendFailure;
    if (isTransient(error.status, error.code))
      throw { kind: 'transient', code, message: error.message } satisfies SendFailure;
    await markFailed(next, { status: error.status, code, message: error.message, details: error.details });
    return 'refused';
  }
}

export const outboxActors = {
  countQueue: fromPromise<QueueCounts, { userId: number | null }>(({ input }) => countItems(input.userId)),
  sendNext: fromPromise<SendOutcome, { userId: number }>(({ input }) => sendOldest(input.userId)),
};
