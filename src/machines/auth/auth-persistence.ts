/**
 * Mirrors the session's token and user into browser storage from a snapshot subscription, outside
 * the machine: the machine stays free of I/O and pastes into the Stately visualizer with nothing to
 * stub. Writes only when token or user changed.
 */
import type { ActorRefFrom, Subscription } from 'xstate';
import type { AuthMachine } from './auth.machine.ts';
import { type StoredCredentials, writeStoredCredentials } from './auth-storage.ts';

/** Subscribe before the actor starts, so the start-up check (an expired token cleared) is stored too. */
export function persistCredentials(
  actor: ActorRefFrom<AuthMachine>,
  stored: StoredCredentials,
): Subscription {
  let last = stored;
  return actor.subscribe((snapshot) => {
    const { token, user } = snapshot.context;
    if (token === last.token && user === last.user) return;
    last = { token, user };
    writeStoredCredentials(last);
  });
}
