/**
 * Starts the outbox actor once per page and connects it to the world: the browser's online and
 * offline events, the session's user (only that user's actions are sent), and every write to the
 * queue. React reads it through useOutbox (use-outbox.ts).
 */
import { type ActorRefFrom, createActor } from 'xstate';
import type { AuthActorRef } from '../../machines/auth/session.ts';
import { outboxActors } from './outbox.actors.ts';
import { type OutboxMachine, outboxMachine } from './outbox.machine.ts';
import { onOutboxChange } from './outbox-store.ts';

export type OutboxActorRef = ActorRefFrom<OutboxMachine>;

let running: OutboxActorRef | null = null;

function userOf(auth: AuthActorRef): number | null {
  const snapshot = auth.getSnapshot();
  return snapshot.matches('signedIn') ? (snapshot.context.user?.id ?? null) : null;
}

export function startOutbox(auth: AuthActorRef): OutboxActorRef {
  if (running) return running;
  const actor = createActor(outboxMachine.provide({ actors: outboxActors }), {
    input: { userId: userOf(auth), online: navigator.onLine },
  });
  let user = userOf(auth);
  auth.subscribe(() => {
    const next = userOf(auth);
    if (next === user) return;
    user = next;
    actor.send({ type: 'session.user', userId: next });
  });
  window.addEventListener('online', () => actor.send({ type: 'network.online' }));
  window.addEventListener('offline', () => actor.send({ type: 'network.offline' }));
  onOutboxChange(() => actor.send({ type: 'outbox.changed' }));
  running = actor.start();
  return running;
}
