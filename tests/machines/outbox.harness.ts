/**
 * Drives the real outbox machine for one model path (see outbox.model.ts): a fake queue the fake
 * `countQueue` reads, a fake `sendNext` whose answer the path chooses, and a SimulatedClock for the
 * backoff. Records every send's user, so a test can say no action was sent under another user.
 */
import { type ActorRefFrom, createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  backoffDelay,
  outboxMachine,
  type QueueCounts,
  type SendFailure,
  type SendOutcome,
} from '../../src/field/outbox/outbox.machine.ts';
import type { ModelUser, OutboxModelContext, OutboxModelEvent } from './outbox.model.ts';
import { flush, recordTransitions } from './site-settings.harness.ts';

const USER_ID = { a: 1, b: 2 } as const;
const idOf = (user: ModelUser) => (user === null ? null : USER_ID[user]);

interface Item {
  userId: number;
  state: 'waiting' | 'failed';
}

export class OutboxHarness {
  readonly clock = new SimulatedClock();
  readonly queue: Item[] = [];
  /** The user of each send started. */
  readonly sentAs: number[] = [];
  delivered = 0;
  pending: { userId: number; resolve(v: SendOutcome): void; reject(e: SendFailure): void } | undefined;
  user: ModelUser = 'a';
  readonly actor: ActorRefFrom<typeof outboxMachine>;

  constructor(taken: Set<string>) {
    const machine = outboxMachine.provide({
      actors: {
        countQueue: fromPromise<QueueCounts, { userId: number | null }>(async ({ input }) => {
          const mine = this.queue.filter((i) => i.userId === input.userId);
          const waiting = mine.filter((i) => i.state === 'waiting').length;
          return { waiting, failed: mine.length - waiting };
        }),
        sendNext: fromPromise<SendOutcome, { userId: number }>(({ input }) => {
          this.sentAs.push(input.userId);
          return new Promise((resolve, reject) => {
            this.pending = { userId: input.userId, resolve, reject };
          });
        }),
      },
    });
    this.actor = createActor(machine, {
      clock: this.clock,
      input: { userId: USER_ID.a, online: true },
      inspect: recordTransitions(taken),
    }).start();
  }

  get snapshot() {
    return this.actor.getSnapshot();
  }

  #head(userId: number): Item {
    const item = this.queue.find((i) => i.userId === userId && i.state === 'waiting');
    if (!item) throw new Error('nothing waiting to send');
    return item;
  }

  #settle(how: 'sent' | 'refused' | SendFailure) {
    const pending = this.pending;
    if (!pending) throw new Error('no send is running');
    this.pending = undefined;
    if (how === 'sent') {
      this.queue.splice(this.queue.indexOf(this.#head(pending.userId)), 1);
      this.delivered++;
      pending.resolve('sent');
    } else if (how === 'refused') {
      this.#head(pending.userId).state = 'failed';
      pending.resolve('refused');
    } else pending.reject(how);
    return flush();
  }

  #session(user: ModelUser) {
    this.user = user;
    this.actor.send({ type: 'session.user', userId: idOf(user) });
    return flush();
  }

  async exec(event: OutboxModelEvent) {
    switch (event.type) {
      case 'queue.add':
        this.queue.push({ userId: USER_ID.a, state: 'waiting' });
        this.actor.send({ type: 'outbox.changed' });
        return flush();
      case 'send.ok':
        return this.#settle('sent');
      case 'send.refused':
        return this.#settle('refused');
      case 'send.network':
        return this.#settle({ kind: 'transient', code: 'ERR_NETWORK', message: 'Network Error' });
      case 'send.auth':
        return this.#settle({ kind: 'auth', code: 'UNAUTHORIZED', message: 'Session expired' });
      case 'session.signOut':
        return this.#session(null);
      case 'session.signInA':
        return this.#session('a');
      case 'session.signInB':
        return this.#session('b');
      case 'clock.backoff':
        this.clock.increment(backoffDelay(this.snapshot.context.attempt));
        return flush();
      default:
        this.actor.send({ type: event.type });
        return flush();
    }
  }

  describeMismatch(modelValue: unknown, model: OutboxModelContext): string | null {
    const snap = this.snapshot;
    if (JSON.stringify(snap.value) !== JSON.stringify(modelValue))
      return `state ${JSON.stringify(snap.value)} != model ${JSON.stringify(modelValue)}`;
    const { context } = snap;
    const checks: [string, unknown, unknown][] = [
      ['online', context.online, model.online],
      ['user', context.userId, idOf(model.user)],
      ['a send running', this.pending !== undefined, snap.matches('sending')],
    ];
    // At rest the counts are the queue's as this user sees it (another user's actions count 0).
    if (
      ['idle', 'offline'].includes(String(snap.value)) ||
      (snap.matches('signedOut') && model.user === null)
    ) {
      checks.push(['waiting', context.waiting, model.user === 'a' ? model.waiting : 0]);
      checks.push(['failed', context.failed, model.user === 'a' ? model.failed : 0]);
    }
    if (this.pending) checks.push(['sending as', this.pending.userId, USER_ID.a]);
    for (const [name, real, expected] of checks) {
      if (real !== expected) return `${name}: ${JSON.stringify(real)} != ${JSON.stringify(expected)}`;
    }
    return null;
  }
}
