/**
 * The abstract model of the system status screen that createTestModel walks: each server answer,
 * each elapsed poll interval and each visibility change is an event, executed against the real
 * actor by settling the fake fetch, advancing the SimulatedClock or sending the visibility event.
 */
import { assign, setup } from 'xstate';

export interface StatusModelContext {
  hasData: boolean;
  /** The banner: none, the server's message, or the generic 'Failed to fetch system status'. */
  error: 'none' | 'server' | 'generic';
}

export type StatusModelEvent =
  | { type: 'fetch.resolve' }
  | { type: 'fetch.rejectServer' }
  | { type: 'fetch.rejectNetwork' }
  /** A 5xx without the server's JSON body (a proxy's page, an empty 500). */
  | { type: 'fetch.rejectNoBody' }
  | { type: 'status.refresh' }
  | { type: 'status.hidden' }
  | { type: 'status.visible' }
  | { type: 'clock.poll' };

export const statusModel = setup({
  types: { context: {} as StatusModelContext, events: {} as StatusModelEvent },
}).createMachine({
  id: 'model',
  context: { hasData: false, error: 'none' },
  initial: 'active',
  states: {
    active: {
      on: { 'status.hidden': 'paused' },
      initial: 'loading',
      states: {
        loading: {
          on: {
            'fetch.resolve': { target: 'waiting', actions: assign({ hasData: true, error: 'none' }) },
            'fetch.rejectServer': { target: 'waiting', actions: assign({ error: 'server' }) },
            'fetch.rejectNetwork': { target: 'waiting', actions: assign({ error: 'generic' }) },
            'fetch.rejectNoBody': { target: 'waiting', actions: assign({ error: 'generic' }) },
            // Refresh is disabled while loading: one fetch at a time.
            'status.refresh': { actions: [] },
          },
        },
        waiting: {
          on: { 'clock.poll': 'loading', 'status.refresh': 'loading' },
        },
      },
    },
    paused: {
      on: {
        'status.visible': 'active.loading',
        // Hidden: the interval passes and nothing is fetched.
        'clock.poll': { actions: [] },
      },
    },
  },
});
