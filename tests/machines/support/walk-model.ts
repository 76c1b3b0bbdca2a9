/**
 * The scaffold of a model-based machine test: createTestModel walks the abstract model's shortest
 * paths (every reachable state, context and incoming event, i.e. every transition), each path
 * drives the real machine through a harness that checks it agrees with the model at every state,
 * and afterwards every state of the model and every transition of the real machine must have
 * been exercised.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { allTransitionKeys } from '../site-settings.harness.ts';

export interface ModelHarness<E extends EventObject> {
  exec(event: E): unknown;
  describeMismatch(value: unknown, context: unknown): string | null;
  actor: { stop(): void };
}

/** `a.b.c` for a nested state value. */
export function flattenStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${flattenStateValue(inner)}`;
}

export function walkModel<E extends EventObject>(options: {
  name: string;
  /** The abstract model the paths come from. */
  model: AnyStateMachine;
  /** The real machine whose every transition must be taken. */
  machine: AnyStateMachine;
  /** A floor for the number of paths, so a broken model cannot pass by walking nothing. */
  minPaths: number;
  harness: (taken: Set<string>) => ModelHarness<E>;
  /** Only events the model takes there, when an ignored event would not be a no-op in the machine. */
  onlyEventsTheModelTakes?: boolean;
}) {
  const testModel = createTestModel(options.model, {
    ...(options.onlyEventsTheModelTakes
      ? { filterEvents: (state: { can(e: EventObject): boolean }, event: EventObject) => state.can(event) }
      : {}),
    serializeState: (state, event, previous) =>
      `${JSON.stringify(state.value)} ${JSON.stringify(state.context)} via ${event?.type ?? 'start'} from ${JSON.stringify(previous?.value ?? null)}`,
  });
  const paths = testModel.getShortestPaths();
  const taken = new Set<string>();
  const visited = new Set<string>();

  describe(`${options.name} (model-based)`, () => {
    it('has paths to walk', () => {
      expect(paths.length).toBeGreaterThan(options.minPaths);
    });

    for (const path of paths) {
      it(path.description, async () => {
        const harness = options.harness(taken);
        await path.test({
          events: Object.fromEntries(
            [...new Set(path.steps.map((s) => s.event.type))].map((type) => [
              type,
              (step: { event: EventObject }) => harness.exec(step.event as E),
            ]),
          ),
          states: {
            '*': (state) => {
              visited.add(flattenStateValue(state.value));
              expect(harness.describeMismatch(state.value, state.context)).toBeNull();
            },
          },
        });
        harness.actor.stop();
      });
    }
  });

  describe('coverage', () => {
    it('visited every state of the model', () => {
      const leaves = getStateNodes(options.model.root)
        .filter((node) => node.type === 'atomic')
        .map((node) => node.path.join('.'));
      expect(leaves.filter((leaf) => !visited.has(leaf))).toEqual([]);
    });

    it('took every transition of the real machine', () => {
      expect(allTransitionKeys(options.machine).filter((key) => !taken.has(key))).toEqual([]);
    });
  });
}
