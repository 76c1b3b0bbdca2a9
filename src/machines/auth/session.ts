/**
 * Starts the session actor and wires it to the outside world in one place: credentials read from
 * and persisted to storage, and the HTTP client's token and refresher. The actor lives as long as
 * the page, outside React (created inside a component, StrictMode's simulated unmount would stop
 * it in the middle of a refresh whose rotated cookie the server has already issued).
 */
import { type ActorOptions, type ActorRefFrom, type AnyActorLogic, createActor } from 'xstate';
import { configureHttpClient } from '../../api/http-client.ts';
import { authActors } from './auth.actors.ts';
import { type AuthMachine, authMachine } from './auth.machine.ts';
import { persistCredentials } from './auth-persistence.ts';
import { readStoredCredentials } from './auth-storage.ts';
import type { Inspect } from './inspector.ts';
import { createSessionBridge } from './session-bridge.ts';

export type AuthActorRef = ActorRefFrom<AuthMachine>;

const liveAuthMachine = authMachine.provide({ actors: authActors });

export interface StartAuthSessionOptions {
  inspect?: Inspect;
  /** Tests: the machine with fake actors, and a simulated clock. */
  machine?: AuthMachine;
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

export function startAuthSession(options: StartAuthSessionOptions = {}): AuthActorRef {
  const stored = readStoredCredentials();
  const actor = createActor(options.machine ?? liveAuthMachine, {
    input: stored,
    inspect: options.inspect,
    // An explicit `clock: undefined` would replace xstate's default clock.
    ...(options.clock ? { clock: options.clock } : {}),
  });
  persistCredentials(actor, stored);
  configureHttpClient(createSessionBridge(actor));
  return actor.start();
}
