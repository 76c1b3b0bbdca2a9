/**
 * The abstract model of the field app's outbox that createTestModel walks. Worker A queues actions
 * (at most two, so the walk stays small); worker B may sign in on the same phone and must see and
 * send none of them. Each server answer, network change, session change and elapsed backoff is an
 * event, executed against the real actor by settling the fake sender, sending the event or
 * advancing the SimulatedClock (outbox.harness.ts).
 */
import { assign, setup } from 'xstate';

export type ModelUser = 'a' | 'b' | null;

export interface OutboxModelContext {
  user: ModelUser;
  online: boolean;
  /** A's actions waiting to be sent. */
  waiting: number;
  /** A's actions the server refused. */
  failed: number;
}

export type OutboxModelEvent =
  | { type: 'queue.add' }
  | { type: 'send.ok' }
  | { type: 'send.refused' }
  | { type: 'send.network' }
  | { type: 'send.auth' }
  | { type: 'network.offline' }
  | { type: 'network.online' }
  | { type: 'session.signOut' }
  | { type: 'session.signInA' }
  | { type: 'session.signInB' }
  | { type: 'clock.backoff' }
  | { type: 'outbox.retryNow' };

const CHANGES = {
  'queue.add': { guard: 'mayAdd', actions: 'add' },
  'network.offline': { guard: 'online', actions: 'goOffline' },
  'network.online': { guard: 'offline', actions: 'goOnline' },
  'session.signOut': { guard: 'signedIn', actions: 'signOut' },
  'session.signInA': { guard: 'notA', actions: 'signInA' },
  'session.signInB': { guard: 'notB', actions: 'signInB' },
} as const;

/** In a resting state each change makes the outbox look at the queue again. */
const RECOUNT = Object.fromEntries(
  Object.entries(CHANGES).map(([type, t]) => [type, { ...t, target: 'deciding' }]),
) as { [K in keyof typeof CHANGES]: (typeof CHANGES)[K] & { target: 'deciding' } };

export const outboxModel = setup({
  types: { context: {} as OutboxModelContext, events: {} as OutboxModelEvent },
  actions: {
    add: assign(({ context }) => ({ waiting: context.waiting + 1 })),
    goOffline: assign({ online: false }),
    goOnline: assign({ online: true }),
    signOut: assign({ user: null }),
    signInA: assign({ user: 'a' as ModelUser }),
    signInB: assign({ user: 'b' as ModelUser }),
    sent: assign(({ context }) => ({ waiting: context.waiting - 1 })),
    refused: assign(({ context }) => ({ waiting: context.waiting - 1, failed: context.failed + 1 })),
  },
  guards: {
    mayAdd: ({ context }) => context.user === 'a' && context.waiting + context.failed < 2,
    online: ({ context }) => context.online,
    offline: ({ context }) => !context.online,
    signedIn: ({ context }) => context.user !== null,
    notA: ({ context }) => context.user !== 'a',
    notB: ({ context }) => context.user !== 'b',
    signedOutNow: ({ context }) => context.user === null,
    hasWaiting: ({ context }) => context.user === 'a' && context.waiting > 0,
    mayRefuse: ({ context }) => context.failed < 1,
  },
}).createMachine({
  id: 'model',
  context: { user: 'a', online: true, waiting: 0, failed: 0 },
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'signedOutNow', target: 'signedOut' },
        { guard: 'offline', target: 'offline' },
        { guard: 'hasWaiting', target: 'sending' },
        { target: 'idle' },
      ],
    },
    idle: { on: RECOUNT },
    offline: { on: RECOUNT },
    signedOut: { on: RECOUNT },
    sending: {
      on: {
        ...CHANGES,
        'send.ok': { target: 'deciding', actions: 'sent' },
        'send.refused': { guard: 'mayRefuse', target: 'deciding', actions: 'refused' },
        'send.network': { target: 'backoff' },
        'send.auth': [{ guard: 'signedOutNow', target: 'deciding' }, { target: 'signedOut' }],
      },
    },
    backoff: {
      always: { guard: 'offline', target: 'deciding' },
      on: { ...RECOUNT, 'clock.backoff': 'deciding', 'outbox.retryNow': 'deciding' },
    },
  },
});
