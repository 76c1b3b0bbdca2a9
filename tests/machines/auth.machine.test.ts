/**
 * Model-based test of the session machine: createTestModel walks the abstract model (one path per
 * reachable state and incoming event, i.e. every transition) and each path drives the real
 * machine with fake actors and a SimulatedClock. Afterwards every state of the model and every
 * transition of the real machine must have been exercised.
 */

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { authMachine } from '../../src/machines/auth/auth.machine.ts';
import { AuthHarness, allTransitionKeys } from './support/auth-harness.ts';
import { authModel, MODEL_EVENTS } from './support/auth-model.ts';
import { installMemoryStorage, type MemoryStorage } from './support/fixtures.ts';

const model = createTestModel(authModel, {
  events: MODEL_EVENTS,
  // Every (state, context, incoming event, previous state) is its own vertex, so the shortest paths
  // reach every transition, not only every state.
  serializeState: (state, event, previous) =>
    `${JSON.stringify(state.value)} ${JSON.stringify(state.context)} via ${event ? JSON.stringify(event) : 'start'} from ${JSON.stringify(previous?.value ?? null)}`,
});
const paths = model.getShortestPaths();

const taken = new Set<string>();
const visitedModelStates = new Set<string>();
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

describe('session machine (model-based)', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(25);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const harness = new AuthHarness(storage, taken);
      await path.test({
        events: Object.fromEntries(
          [...new Set(path.steps.map((s) => s.event.type))].map((type) => [
            type,
            (step: { event: Parameters<AuthHarness['exec']>[0] }) => harness.exec(step.event),
          ]),
        ),
        states: {
          '*': (state) => {
            visitedModelStates.add(JSON.stringify(state.value));
            if (state.matches('notStarted')) return;
            expect(harness.describeMismatch(state.value, state.context)).toBeNull();
          },
        },
      });
      harness.actor?.stop();
    });
  }
});

describe('coverage', () => {
  it('visited every state of the model', () => {
    const leaves = getStateNodes(authModel.root)
      .filter((node) => node.type === 'atomic')
      .map((node) => node.path.join('.'));
    const visited = [...visitedModelStates].map((value) => flatten(JSON.parse(value)));
    expect(leaves.filter((leaf) => !visited.includes(leaf))).toEqual([]);
  });

  it('took every transition of the real machine', () => {
    expect(allTransitionKeys().filter((key) => !taken.has(key))).toEqual([]);
  });
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

function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${flatten(inner)}`;
}
