/**
 * The worker's actions on a position's tasks. Each goes into the outbox (never straight to the
 * server), so online and offline take the same path and a resend can never do it twice.
 */
import { useCallback } from 'react';
import type { EntryStatus, FieldPosition } from '../api/field-types.ts';
import { currentPosition, type PhonePosition } from '../lib/geo.ts';
import { resizePhoto } from '../lib/resize-photo.ts';
import { entryRefOf, newKey, type OutboxAction, type ShownTask } from '../outbox/outbox-items.ts';
import { enqueue } from '../outbox/outbox-store.ts';

export interface TaskActions {
  start(task: ShownTask): Promise<void>;
  setStatus(task: ShownTask, status: EntryStatus, notes?: string): Promise<void>;
  saveNotes(task: ShownTask, notes: string): Promise<void>;
  addPhoto(task: ShownTask, file: Blob): Promise<void>;
}

export function useTaskActions(
  userId: number,
  body: FieldPosition | undefined,
  /** The tag the position was opened with: the check-in proves presence with it. */
  tag: string | null,
  fix: PhonePosition | null,
): TaskActions {
  const put = useCallback(
    async (task: ShownTask, action: OutboxAction) => {
      if (!body) return;
      await enqueue({
        userId,
        positionId: body.position.id,
        positionName: body.position.position_name,
        taskId: task.task_id,
        taskName: task.task_name,
        action,
      });
    },
    [userId, body],
  );
  const onEntry = useCallback(
    async (task: ShownTask, make: (entry: NonNullable<ReturnType<typeof entryRefOf>>) => OutboxAction) => {
      const entry = entryRefOf(task);
      if (entry) await put(task, make(entry));
    },
    [put],
  );
  return {
    start: useCallback(
      async (task) => {
        if (!body) return;
        const where = fix ?? (await currentPosition(3_000));
        await put(task, {
          kind: 'start',
          local: newKey(),
          body: {
            task_id: task.task_id,
            ...(tag ? { nfc_tag_id: tag } : { position_id: body.position.id }),
            ...(where ? { latitude: where.latitude, longitude: where.longitude } : {}),
          },
        });
      },
      [body, fix, put, tag],
    ),
    setStatus: useCallback(
      (task, status, notes) =>
        onEntry(task, (entry) => ({ kind: 'status', entry, status, ...(notes ? { notes } : {}) })),
      [onEntry],
    ),
    saveNotes: useCallback(
      (task, notes) => onEntry(task, (entry) => ({ kind: 'notes', entry, notes })),
      [onEntry],
    ),
    addPhoto: useCallback(
      async (task, file) => {
        const photo = await resizePhoto(file);
        await onEntry(task, (entry) => ({ kind: 'photo', entry, photo }));
      },
      [onEntry],
    ),
  };
}
