/**
 * Model-based test of the field app's outbox machine (sending in order, offline, backoff, refusals,
 * sign-out and another user on the same phone) over every state and transition, with a fake queue
 * and sender and a SimulatedClock; plus what the paths cannot say: the backoff's growth and cap,
 * one send at a time, and a change during a send not interrupting it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffDelay,
  outboxMachine,
  type QueueCounts,
} from '../../src/field/outbox/outbox.machine.ts';
import { OutboxHarness } from './outbox.harness.ts';
import { outboxModel } from './outbox.model.ts';
import { flush } from './site-settings.harness.ts';
import { walkModel } from './support/walk-model.ts';

walkModel({
  name: 'outbox machine',
  model: outboxModel,
  machine: outboxMachine,
  minPaths: 20,
  harness: async (taken) => {
    const harness = new OutboxHarness(taken);
    await flush();
    return harness;
  },
  // A guarded event the model refuses (adding a third action, B queueing) is not a step to take.
  onlyEventsTheModelTakes: true,
  // Passed through at once on every change: no path rests there.
  unvisited: ['deciding'],
  // countQueue's failure (storage unreadable) has no model event; it is tested below.
  untaken: ['outbox.counting xstate.error.actor.countQueue #0'],
  // Worker B never sends A's actions: every send ran as A.
  afterPath: (harness) => expect(harness.sentAs.every((id) => id === 1)).toBe(true),
});

describe('timing and order', () => {
  it('shows what it knows and waits for the next change when the queue cannot be read', async () => {
    const machine = outboxMachine.provide({
      actors: {
        countQueue: fromPromise<QueueCounts, { userId: number | null }>(async () => {
          throw new Error('IndexedDB is not available');
        }),
      },
    });
    const actor = createActor(machine, { input: { userId: 1, online: true } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  it('backs off 2 s, 4 s, 8 s... up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(backoffDelay)).toEqual([
      BACKOFF_BASE_MS,
      4_000,
      8_000,
      16_000,
      32_000,
      BACKOFF_MAX_MS,
      BACKOFF_MAX_MS,
      BACKOFF_MAX_MS,
    ]);
  });

  it('does not retry before the backoff has passed', async () => {
    const harness = new OutboxHarness(new Set());
    await flush();
    await harness.exec({ type: 'queue.add' });
    await harness.exec({ type: 'send.network' });
    await harness.exec({ type: 'clock.backoff' });
    await harness.exec({ type: 'send.network' });
    expect(harness.snapshot.value).toBe('backoff');
    expect(harness.snapshot.context.attempt).toBe(2);
    harness.clock.increment(backoffDelay(2) - 1);
    await flush();
    expect(harness.snapshot.value).toBe('backoff');
    harness.clock.increment(1);
    await flush();
    expect(harness.snapshot.value).toBe('sending');
    expect(harness.sentAs).toHaveLength(3);
    harness.actor.stop();
  });

  it('sends one action at a time, and a change during a send does not start another', async () => {
    const harness = new OutboxHarness(new Set());
    await flush();
    await harness.exec({ type: 'queue.add' });
    await harness.exec({ type: 'queue.add' });
    await harness.exec({ type: 'network.offline' });
    await harness.exec({ type: 'network.online' });
    expect(harness.sentAs).toHaveLength(1);
    await harness.exec({ type: 'send.ok' });
    await harness.exec({ type: 'send.ok' });
    expect(harness.delivered).toBe(2);
    expect(harness.snapshot.value).toBe('idle');
    expect(harness.sentAs).toHaveLength(2);
    harness.actor.stop();
  });

  it('keeps the queue when signed out and sends it when the same user signs in again', async () => {
    const harness = new OutboxHarness(new Set());
    await flush();
    await harness.exec({ type: 'network.offline' });
    await harness.exec({ type: 'queue.add' });
    await harness.exec({ type: 'session.signOut' });
    await harness.exec({ type: 'network.online' });
    await harness.exec({ type: 'session.signInB' });
    expect(harness.snapshot.value).toBe('idle');
    expect(harness.snapshot.context.waiting).toBe(0);
    await harness.exec({ type: 'session.signInA' });
    expect(harness.snapshot.value).toBe('sending');
    await harness.exec({ type: 'send.ok' });
    expect(harness.delivered).toBe(1);
    harness.actor.stop();
  });
});
