/**
 * What the outbox holds, and the pure rules around it: how a server refusal is classified, and how
 * the actions still waiting change what a position's tasks show (an entry started offline shows as
 * in progress at once, marked as not sent yet).
 */
import type { EntryStatus, FieldPosition, FieldTask, FieldTaskState } from '../api/field-types.ts';

/** A server entry id, or the client id of an entry whose start is still in the outbox. */
export type EntryRef = { id: number } | { local: string };

export type OutboxAction =
  | {
      kind: 'start';
      local: string;
      body: {
        task_id: number;
        position_id?: number;
        nfc_tag_id?: string;
        latitude?: number;
        longitude?: number;
        notes?: string;
      };
    }
  | { kind: 'status'; entry: EntryRef; status: EntryStatus; notes?: string }
  | { kind: 'notes'; entry: EntryRef; notes: string }
  | { kind: 'photo'; entry: EntryRef; photo: Blob };

export interface OutboxError {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

export interface OutboxItem {
  /** IndexedDB's auto-increment key: the order actions are sent in. */
  seq?: number;
  /** Client-generated, sent as the Idempotency-Key header: a resend changes nothing. */
  key: string;
  userId: number;
  createdAt: number;
  positionId: number;
  positionName: string;
  taskId: number;
  taskName: string;
  action: OutboxAction;
  state: 'waiting' | 'failed';
  error?: OutboxError;
}

/** Codes a worker is told about in words (i18n field.errors.*); others show the server's message. */
export const KNOWN_REFUSALS = [
  'STATUS_CONFLICT',
  'TASK_BLOCKED',
  'POSITION_INACTIVE',
  'START_FAILED',
  'TAG_UNKNOWN',
  'IDEMPOTENCY_KEY_REUSED',
] as const;

/** Answers worth trying again later: none at all, a server error, rate limiting, a twin still in flight. */
export function isTransient(status: number, code: string | undefined): boolean {
  return (
    status === 0 || status >= 500 || status === 429 || status === 408 || code === 'IDEMPOTENCY_IN_PROGRESS'
  );
}

export function newKey(): string {
  return crypto.randomUUID();
}

function sameEntry(ref: EntryRef, id: number | undefined, local: string | undefined): boolean {
  return 'id' in ref ? ref.id === id : ref.local === local;
}

const STATE_OF: Record<EntryStatus, FieldTaskState> = {
  in_progress: 'in_progress',
  paused: 'paused',
  completed: 'done_today',
  failed: 'available',
  cancelled: 'available',
};

export interface ShownTask extends FieldTask {
  /** The client id of an entry started here and not sent yet. */
  local?: string;
  /** Actions on this task that wait to be sent. */
  pending: number;
}

/** The tasks as the worker's waiting actions will leave them. */
export function withPending(body: FieldPosition, items: readonly OutboxItem[], now: string): ShownTask[] {
  return body.tasks.map((task) => {
    let shown: ShownTask = { ...task, pending: 0 };
    for (const item of items) {
      if (item.state !== 'waiting' || item.taskId !== task.task_id || item.positionId !== body.position.id)
        continue;
      const { action } = item;
      if (action.kind === 'start') {
        shown = {
          ...shown,
          local: action.local,
          state: 'in_progress',
          pending: shown.pending + 1,
          entry: {
            id: 0,
            status: 'in_progress',
            user_id: item.userId,
            first_name: '',
            last_name: '',
            mine: true,
            created_at: now,
            updated_at: now,
          },
        };
      } else if (shown.entry && sameEntry(action.entry, shown.entry.id || undefined, shown.local)) {
        shown = { ...shown, pending: shown.pending + 1 };
        if (action.kind === 'status' && shown.entry)
          shown = {
            ...shown,
            state: STATE_OF[action.status],
            entry: { ...shown.entry, status: action.status },
          };
      }
    }
    return shown;
  });
}

/** The entry the worker acts on for a shown task: the server's, or the one started offline. */
export function entryRefOf(task: ShownTask): EntryRef | null {
  if (task.local) return { local: task.local };
  if (task.entry?.mine && task.entry.id) return { id: task.entry.id };
  return null;
}
