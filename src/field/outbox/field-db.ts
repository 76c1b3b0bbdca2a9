/**
 * The field app's IndexedDB (through idb): the outbox of actions waiting to be sent, the positions
 * the worker may open offline, the server ids of entries started offline, and the last My work.
 * Everything is kept per user: another user signing in on the same phone sees none of it.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { FieldMyWork, FieldPosition } from '../api/field-types.ts';
import type { OutboxItem } from './outbox-items.ts';

export interface CachedPosition {
  userId: number;
  positionId: number;
  tag: string;
  body: FieldPosition;
  cachedAt: number;
}

interface FieldSchema extends DBSchema {
  outbox: { key: number; value: OutboxItem; indexes: { byUser: number } };
  positions: { key: [number, number]; value: CachedPosition; indexes: { byTag: [number, string] } };
  /** An entry started offline: its client id and, once sent, the server's id. */
  entries: { key: string; value: { local: string; id: number } };
  myWork: { key: number; value: { userId: number; body: FieldMyWork; cachedAt: number } };
}

export type FieldDb = IDBPDatabase<FieldSchema>;

let opening: Promise<FieldDb> | null = null;

export function fieldDb(): Promise<FieldDb> {
  opening ??= openDB<FieldSchema>('tagger-field', 1, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byUser', 'userId');
      const positions = db.createObjectStore('positions', { keyPath: ['userId', 'positionId'] });
      positions.createIndex('byTag', ['userId', 'tag']);
      db.createObjectStore('entries', { keyPath: 'local' });
      db.createObjectStore('myWork', { keyPath: 'userId' });
    },
  });
  return opening;
}
