/** React's view of the outbox: the actor's state and counts, and this user's queued actions. */
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState } from 'react';
import type { OutboxItem } from './outbox-items.ts';
import type { OutboxActorRef } from './outbox-service.ts';
import { listItems, onOutboxChange } from './outbox-store.ts';

export const OutboxContext = createContext<OutboxActorRef | null>(null);

export function useOutboxActor(): OutboxActorRef {
  const actor = useContext(OutboxContext);
  if (!actor) throw new Error('useOutboxActor must be used inside the field layout');
  return actor;
}

export type OutboxPhase = 'idle' | 'offline' | 'signedOut' | 'sending' | 'backoff' | 'counting' | 'deciding';

export function useOutboxStatus() {
  const actor = useOutboxActor();
  return useSelector(
    actor,
    (s) => ({
      phase: (typeof s.value === 'string' ? s.value : 'idle') as OutboxPhase,
      waiting: s.context.waiting,
      failed: s.context.failed,
      online: s.context.online,
      lastError: s.context.lastError,
    }),
    (a, b) =>
      a.phase === b.phase &&
      a.waiting === b.waiting &&
      a.failed === b.failed &&
      a.online === b.online &&
      a.lastError === b.lastError,
  );
}

/** This user's queued actions, oldest first, read again after every change to the queue. */
export function useOutboxItems(userId: number | null): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const load = () =>
      void listItems(userId).then(
        (list) => live && setItems(list),
        () => {},
      );
    load();
    const stop = onOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return items;
}
