/**
 * The outbox in IndexedDB: actions are added in order, read per user, set aside as failed with the
 * server's reason, retried (under a new key: the old one holds the refusal) or dismissed by the
 * worker. Every write tells the listeners (the outbox actor and the screens), so nothing reads it on
 * a timer.
 */
import { type FieldDb, fieldDb } from './field-db.ts';
import {
  type EntryRef,
  newKey,
  type OutboxAction,
  type OutboxError,
  type OutboxItem,
} from './outbox-items.ts';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Other tabs of the app on this phone share the queue (one IndexedDB): a write here tells them
 * too, so each tab's outbox and screens see it (found by tests/e2e/field-two-phones.test.ts: a
 * second tab kept showing an empty queue).
 */
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tagger-field-outbox');

function tell() {
  for (const listener of listeners) listener();
}

tabs?.addEventListener('message', tell);

export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  tell();
  tabs?.postMessage('changed');
}

/**
 * While a write to the queue is in flight the page has a `beforeunload` listener (it asks nothing):
 * a browser leaving a page that has one asks the page first, and that turn lets the write commit
 * before the page goes. Without it, a tap followed at once by a reload or a closed tab could lose
 * the tap's action (found by the outbox soak, tests/soak/outbox-soak.ts; the console's router kept
 * such a listener all along, which the field app's own page has not).
 */
let writing = 0;
const keepWhileWriting = () => {};

async function held<T>(write: () => Promise<T>): Promise<T> {
  if (writing++ === 0) window.addEventListener('beforeunload', keepWhileWriting);
  try {
    return await write();
  } finally {
    if (--writing === 0) window.removeEventListener('beforeunload', keepWhileWriting);
  }
}

export interface NewAction {
  userId: number;
  positionId: number;
  positionName: string;
  taskId: number;
  taskName: string;
  action: OutboxAction;
}

export function enqueue(action: NewAction): Promise<OutboxItem> {
  return held(async () => {
    const db = await fieldDb();
    const item: OutboxItem = { ...action, key: newKey(), createdAt: Date.now(), state: 'waiting' };
    item.seq = await db.add('outbox', item);
    changed();
    return item;
  });
}

/** This user's actions, oldest first. */
export async function listItems(userId: number, db?: FieldDb): Promise<OutboxItem[]> {
  const store = db ?? (await fieldDb());
  return store.getAllFromIndex('outbox', 'byUser', userId);
}

export async function countItems(userId: number | null): Promise<{ waiting: number; failed: number }> {
  if (userId === null) return { waiting: 0, failed: 0 };
  const items = await listItems(userId);
  const waiting = items.filter((i) => i.state === 'waiting').length;
  return { waiting, failed: items.length - waiting };
}

export function removeItem(seq: number): Promise<void> {
  return held(async () => {
    const db = await fieldDb();
    await db.delete('outbox', seq);
    changed();
  });
}

export function markFailed(item: OutboxItem, error: OutboxError): Promise<void> {
  return held(async () => {
    const db = await fieldDb();
    await db.put('outbox', { ...item, state: 'failed', error });
    changed();
  });
}

/** Sends a refused action again, last in line, under a new key. */
export function retryItem(item: OutboxItem): Promise<void> {
  return held(async () => {
    const db = await fieldDb();
    const tx = db.transaction('outbox', 'readwrite');
    if (item.seq !== undefined) await tx.store.delete(item.seq);
    const { seq: _old, error: _error, ...rest } = item;
    await tx.store.add({ ...rest, key: newKey(), state: 'waiting' });
    await tx.done;
    changed();
  });
}

/** The server id of an entry started offline, once its start was sent. */
export async function serverIdOf(ref: EntryRef): Promise<number | null> {
  if ('id' in ref) return ref.id;
  const db = await fieldDb();
  return (await db.get('entries', ref.local))?.id ?? null;
}

/**
 * Records a sent start: its server id, and the waiting actions on that entry now name it, so the
 * screens match them to the server's entry.
 */
export function startSent(item: OutboxItem, local: string, id: number): Promise<void> {
  return held(async () => {
    const db = await fieldDb();
    const tx = db.transaction(['outbox', 'entries'], 'readwrite');
    await tx.objectStore('entries').put({ local, id });
    const outbox = tx.objectStore('outbox');
    for (const other of await outbox.index('byUser').getAll(item.userId)) {
      if (other.seq === item.seq) continue;
      const { action } = other;
      if (action.kind !== 'start' && 'local' in action.entry && action.entry.local === local)
        await outbox.put({ ...other, action: { ...action, entry: { id } } });
    }
    if (item.seq !== undefined) await outbox.delete(item.seq);
    await tx.done;
    changed();
  });
}
