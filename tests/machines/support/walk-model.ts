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
  /** Null while the machine is not started yet. */
  actor: { stop(): void } | null;
}

/** `a.b.c` for a nested state value. */
export function flattenStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${flattenStateValue(inner)}`;
}

export function walkModel<E extends EventObject, H extends ModelHarness<E> = ModelHarness<E>>(options: {
  name: string;
  /** The abstract model the paths come from. */
  model: AnyStateMachine;
  /** The real machine whose every transition must be taken. */
  machine: AnyStateMachine;
  /** A floor for the number of paths, so a broken model cannot pass by walking nothing. */
  minPaths: number;
  /** A fresh harness for each path (awaited, so it may settle the machine's start first). */
  harness: (taken: Set<string>) => H | Promise<H>;
  /** Only events the model takes there, when an ignored event would not be a no-op in the machine. */
  onlyEventsTheModelTakes?: boolean;
  /**
   * Events with payloads to try in every state besides the model's own (each payload a vertex of its own).
   */
  events?: EventObject[];
  /** Model states where the real machine is not compared (e.g. before it is started). */
  unchecked?: string[];
  /** Model leaves no path need visit (transient states the model passes through at once). */
  unvisited?: string[];
  /** Transitions of the real machine no model event takes, each tested on its own. */
  untaken?: string[];
  /** What each path checks at its end, besides the states it passed. */
  afterPath?: (harness: H) => void;
}) {
  const testModel = createTestModel(options.model, {
    ...(options.events ? { events: options.events } : {}),
    ...(options.onlyEventsTheModelTakes
      ? { filterEvents: (state: { can(e: EventObject): boolean }, event: EventObject) => state.can(event) }
      : {}),
    // Every (state, context, incoming event with its payload, previous state) is its own vertex, so
    // the shortest paths reach every transition, not only every state.
    serializeState: (state, event, previous) =>
      `${JSON.stringify(state.value)} ${JSON.stringify(state.context)} via ${event ? JSON.stringify(event) : 'start'} from ${JSON.stringify(previous?.value ?? null)}`,
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
        const harness = await options.harness(taken);
        await path.test({
          events: Object.fromEntries(
            [...new Set(path.steps.map((s) => s.event.type))].map((type) => [
              type,
              (step: { event: EventObject }) => harness.exec(step.event as E),
            ]),
          ),
          states: {
            '*': (state) => {
              const value = flattenStateValue(state.value);
              visited.add(value);
              if (options.unchecked?.includes(value)) return;
              expect(harness.describeMismatch(state.value, state.context)).toBeNull();
            },
          },
        });
        options.afterPath?.(harness);
        harness.actor?.stop();
      });
    }
  });

  describe('coverage', () => {
    it('visited every state of the model', () => {
      const leaves = getStateNodes(options.model.root)
        .filter((node) => node.type === 'atomic')
        .map((node) => node.path.join('.'))
        .filter((leaf) => !options.unvisited?.includes(leaf));
      expect(leaves.filter((leaf) => !visited.has(leaf))).toEqual([]);
    });

    it('took every transition of the real machine', () => {
      expect(allTransitionKeys(options.machine).filter((key) => !taken.has(key))).toEqual(
        options.untaken ?? [],
      );
    });
  });
}
