/**
 * Model-based test of the session machine: createTestModel walks the abstract model (one path per
 * reachable state and incoming event, i.e. every transition) and each path drives the real
 * machine with fake actors and a SimulatedClock. Afterwards every state of the model and every
 * transition of the real machine must have been exercised.
 */

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../src/machines/auth/auth.machine.ts';
import { AuthHarness } from './support/auth-harness.ts';
import { authModel, MODEL_EVENTS } from './support/auth-model.ts';
import { installMemoryStorage, type MemoryStorage } from './support/fixtures.ts';
import { walkModel } from './support/walk-model.ts';

let storage: MemoryStorage;

beforeAll(() => {
  storage = installMemoryStorage();
});
beforeEach(() => {
  storage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

walkModel({
  name: 'session machine',
  model: authModel,
  machine: authMachine,
  minPaths: 25,
  harness: (taken) => new AuthHarness(storage, taken),
  events: MODEL_EVENTS,
  // Before the start event there is no actor to compare.
  unchecked: ['notStarted'],
});

describe('single flight and ignored events', () => {
  it('ignores auth.refresh while a refresh runs, and auth.login while signed in', async () => {
    storage.clear();
    const harness = new AuthHarness(storage, new Set());
    await harness.exec({ type: 'start.sessionDue' });
    const firstRefresh = harness.pending.refreshToken;
    harness.actor?.send({ type: 'auth.refresh' });
    harness.actor?.send({ type: 'auth.refresh' });
    expect(harness.pending.refreshToken).toBe(firstRefresh);
    harness.actor?.send({ type: 'auth.login', email: 'x@example.com', password: 'p' });
    expect(harness.snapshot.value).toEqual({ signedIn: 'refreshing' });
    expect(harness.pending.login).toBeUndefined();
    harness.actor?.stop();
  });

  it('fails loudly when the real actors are not provided', async () => {
    const actor = createActor(authMachine, { input: { token: null, user: null } }).start();
    actor.send({ type: 'auth.login', email: 'a@b.c', password: 'p' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.errorCode).toBe('LOGIN_FAILED'));
    actor.stop();
  });
});
