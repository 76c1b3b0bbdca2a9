/**
 * The field app's outbox lifecycle: what is waiting is sent one action at a time, oldest first, only
 * while online and signed in as the user who queued it; a transport or server failure waits with
 * backoff (doubling, capped) and a refused action is set aside as failed by the sender, never
 * dropped. The queue itself lives in IndexedDB; the machine only learns its counts. No React, no
 * fetch, no IndexedDB: `countQueue` and `sendNext` are actors supplied with .provide()
 * (outbox.actors.ts), and the network and session arrive as events from listeners outside.
 * Pastes into the Stately visualizer as it is.
 */
import { assign, fromPromise, setup } from 'xstate';

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

export interface QueueCounts {
  /** Actions of this user still to send. */
  waiting: number;
  /** Actions of this user the server refused (kept until the worker dismisses or retries them). */
  failed: number;
}

/** What one send did: delivered, refused for good (recorded as failed), or nothing left to send. */
export type SendOutcome = 'sent' | 'refused' | 'empty';

/** Why a send did not finish: no answer or a 5xx/429 (try again later), or the session ended. */
export interface SendFailure {
  kind: 'transient' | 'auth';
  code: string;
  message: string;
}

export interface OutboxContext {
  userId: number | null;
  online: boolean;
  waiting: number;
  failed: number;
  /** Consecutive transient failures: the backoff grows with it. */
  attempt: number;
  lastError: SendFailure | null;
}

export interface OutboxInput {
  userId?: number | null;
  online?: boolean;
}

export type OutboxEvent =
  | { type: 'outbox.changed' }
  | { type: 'outbox.retryNow' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  | { type: 'session.user'; userId: number | null };

export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
}

function asFailure(error: unknown): SendFailure {
  const e = (error ?? {}) as Partial<SendFailure>;
  return {
    kind: e.kind === 'auth' ? 'auth' : 'transient',
    code: typeof e.code === 'string' ? e.code : 'ERR_NETWORK',
    message: typeof e.message === 'string' ? e.message : 'Network error',
  };
}

function notProvided(name: string): never {
  throw new Error(`outbox machine: actor '${name}' was not provided`);
}

/** The events that make a resting state look at the queue again (with what they change). */
const RECOUNT = {
  'network.offline': { target: 'counting', actions: 'setOffline' },
  'network.online': { target: 'counting', actions: 'setOnline' },
  'session.user': {
    target: 'counting',
    actions: [
      'clearFailure',
      {
        type: 'setUser',
        params: ({ event }: { event: { userId: number | null } }) => ({ userId: event.userId }),
      },
    ],
  },
  'outbox.changed': { target: 'counting' },
} as const;
/** Online states need not hear "online" again, nor the offline state "offline" (the root still records it). */
const { 'network.online': _online, ...RECOUNT_WHEN_ONLINE } = RECOUNT;
const { 'network.offline': _offline, ...RECOUNT_WHEN_OFFLINE } = RECOUNT;

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput | undefined,
  },
  actors: {
    countQueue: fromPromise<QueueCounts, { userId: number | null }>(async () => notProvided('countQueue')),
    sendNext: fromPromise<SendOutcome, { userId: number }>(async () => notProvided('sendNext')),
  },
  actions: {
    setCounts: assign((_, counts: QueueCounts) => ({ waiting: counts.waiting, failed: counts.failed })),
    setOnline: assign({ online: true }),
    setOffline: assign({ online: false }),
    setUser: assign((_, params: { userId: number | null }) => ({ userId: params.userId })),
    recordFailure: assign(({ context }, params: { failure: SendFailure }) => ({
      attempt: context.attempt + 1,
      lastError: params.failure,
    })),
    clearFailure: assign({ attempt: 0, lastError: null }),
  },
  guards: {
    signedOut: ({ context }) => context.userId === null,
    offline: ({ context }) => !context.online,
    hasWaiting: ({ context }) => context.waiting > 0,
    isAuthFailure: (_, params: { failure: SendFailure }) => params.failure.kind === 'auth',
    isAuthFailureSignedOut: ({ context }, params: { failure: SendFailure }) =>
      params.failure.kind === 'auth' && context.userId === null,
  },
  delays: {
    retryDelay: ({ context }) => backoffDelay(context.attempt),
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    userId: input?.userId ?? null,
    online: input?.online ?? true,
    waiting: 0,
    failed: 0,
    attempt: 0,
    lastError: null,
  }),
  initial: 'counting',
  // While counting or sending, the network and the session only update the context: the decision
  // after the count or the send reads it. Interrupting a send would leave its request running.
  on: {
    'network.offline': { actions: 'setOffline' },
    'network.online': { actions: 'setOnline' },
    'session.user': {
      actions: ['clearFailure', { type: 'setUser', params: ({ event }) => ({ userId: event.userId }) }],
    },
  },
  states: {
    counting: {
      description: "Reads how many of this user's actions wait and how many failed, then decides.",
      invoke: {
        id: 'countQueue',
        src: 'countQueue',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'deciding',
          actions: { type: 'setCounts', params: ({ event }) => event.output },
        },
        // Storage unreadable: nothing can be sent; show what is known and wait for a change.
        onError: { target: 'idle' },
      },
    },
    deciding: {
      always: [
        { guard: 'signedOut', target: 'signedOut' },
        { guard: 'offline', target: 'offline' },
        { guard: 'hasWaiting', target: 'sending' },
        { target: 'idle' },
      ],
    },
    idle: { description: 'Nothing to send.', on: RECOUNT_WHEN_ONLINE },
    offline: { description: 'Actions wait in storage until the network is back.', on: RECOUNT_WHEN_OFFLINE },
    signedOut: {
      description:
        "Signed out or the session ended: the queue stays, and is sent once the same user signs in (another user's session sees none of it).",
      on: RECOUNT,
    },
    sending: {
      description:
        'One action, the oldest; the sender records a refusal as failed and removes a delivered one.',
      invoke: {
        id: 'sendNext',
        src: 'sendNext',
        input: ({ context }) => ({ userId: context.userId as number }),
        onDone: { target: 'counting', actions: 'clearFailure' },
        onError: [
          {
            // The session already ended during the send: the counts are read again for nobody.
            guard: {
              type: 'isAuthFailureSignedOut',
              params: ({ event }) => ({ failure: asFailure(event.error) }),
            },
            target: 'counting',
            actions: { type: 'recordFailure', params: ({ event }) => ({ failure: asFailure(event.error) }) },
          },
          {
            guard: { type: 'isAuthFailure', params: ({ event }) => ({ failure: asFailure(event.error) }) },
            target: 'signedOut',
            actions: { type: 'recordFailure', params: ({ event }) => ({ failure: asFailure(event.error) }) },
          },
          {
            target: 'backoff',
            actions: { type: 'recordFailure', params: ({ event }) => ({ failure: asFailure(event.error) }) },
          },
        ],
      },
    },
    backoff: {
      description: 'The last send got no answer or a server error: try again after a growing delay.',
      // Gone offline meanwhile: wait for the network, with the counts read again for whoever is signed in now.
      always: { guard: 'offline', target: 'counting' },
      // Counted again first: the user may have changed since the failed send.
      after: { retryDelay: { target: 'counting' } },
      on: { ...RECOUNT_WHEN_ONLINE, 'outbox.retryNow': { target: 'counting' } },
    },
  },
});

export type OutboxMachine = typeof outboxMachine;
