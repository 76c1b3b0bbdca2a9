/**
 * Model-based test of the system status machine (polling, refresh, errors, visibility) over every
 * state and transition, with fake fetches and a SimulatedClock; plus what the paths cannot say:
 * the interval's exact length, a stopped screen polling no more, and one fetch per refresh.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  POLL_INTERVAL_MS,
  type StatusSnapshot,
  systemStatusMachine,
} from '../../src/machines/system-status/system-status.machine.ts';
import { flush } from './site-settings.harness.ts';
import { walkModel } from './support/walk-model.ts';
import { POLL_MS, StatusHarness } from './system-status.harness.ts';
import { statusModel } from './system-status.model.ts';

walkModel({
  name: 'system status machine',
  model: statusModel,
  machine: systemStatusMachine,
  minPaths: 5,
  harness: (taken) => new StatusHarness(taken),
});

describe('timing', () => {
  it('polls every 30 seconds by default, not sooner', async () => {
    let fetches = 0;
    const clock = new SimulatedClock();
    const fetchStatus = fromPromise<StatusSnapshot>(async () => {
      fetches++;
      return { services: [], jobs: [], metrics: null, fetchedAt: 0 };
    });
    const actor = createActor(systemStatusMachine.provide({ actors: { fetchStatus } }), {
      clock,
      input: {},
    }).start();
    await flush();
    expect(fetches).toBe(1);
    expect(actor.getSnapshot().context.pollMs).toBe(POLL_INTERVAL_MS);
    clock.increment(POLL_INTERVAL_MS - 1);
    await flush();
    expect(fetches).toBe(1);
    clock.increment(1);
    await flush();
    expect(fetches).toBe(2);
    actor.stop();
  });

  it('stops polling when the screen closes (the actor is stopped)', async () => {
    const harness = new StatusHarness(new Set());
    await harness.exec({ type: 'fetch.resolve' });
    harness.actor.stop();
    harness.clock.increment(POLL_MS * 10);
    await flush();
    expect(harness.started).toBe(1);
  });

  it('fetches nothing while hidden and at once when visible again', async () => {
    const harness = new StatusHarness(new Set());
    await harness.exec({ type: 'fetch.resolve' });
    await harness.exec({ type: 'status.hidden' });
    harness.clock.increment(POLL_MS * 5);
    await flush();
    expect(harness.started).toBe(1);
    await harness.exec({ type: 'status.visible' });
    expect(harness.started).toBe(2);
    harness.actor.stop();
  });

  it('keeps the last figures under an error, and clears the error with the next answer', async () => {
    const harness = new StatusHarness(new Set());
    await harness.exec({ type: 'fetch.resolve' });
    await harness.exec({ type: 'clock.poll' });
    await harness.exec({ type: 'fetch.rejectServer' });
    expect(harness.snapshot.context.services).toHaveLength(2);
    expect(harness.snapshot.context.error).toEqual({ message: expect.stringContaining('database') });
    await harness.exec({ type: 'status.refresh' });
    await harness.exec({ type: 'fetch.resolve' });
    expect(harness.snapshot.context.error).toBeNull();
    harness.actor.stop();
  });
});
