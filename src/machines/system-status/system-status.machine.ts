/**
 * The system status screen's behaviour: health and metrics fetched together on open, on Refresh and
 * every 30 s; a failed fetch shows the server's message (or the generic one) and polling goes on;
 * polling pauses while the browser tab is hidden and refreshes at once when it returns, and stops
 * when the screen closes (the actor is stopped). The tab's visibility arrives as events from a
 * listener outside the machine. No React, no fetch: the fetch is an actor supplied with .provide()
 * (system-status.actors.ts). Pastes into the Stately visualizer as it is.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { GetSystemMetrics200Metrics, JobStatus, ServiceHealth } from '../../api/gen/model';

export const POLL_INTERVAL_MS = 30_000;

export interface StatusSnapshot {
  services: ServiceHealth[];
  /** The background jobs (last run, next run, failures); empty when the health answer did not come. */
  jobs: JobStatus[];
  metrics: GetSystemMetrics200Metrics | null;
  /** When the answer arrived (ms since the epoch), for "last updated". */
  fetchedAt: number;
}

export interface SystemStatusContext {
  services: ServiceHealth[];
  jobs: JobStatus[];
  metrics: GetSystemMetrics200Metrics | null;
  lastUpdated: number | null;
  /** A failed fetch: the server's message, or null for the generic 'Failed to fetch system status'. */
  error: { message: string | null } | null;
  pollMs: number;
}

export interface SystemStatusInput {
  /** Tests and e2e shorten the 30-second interval. */
  pollMs?: number;
}

export type SystemStatusEvent =
  | { type: 'status.refresh' }
  | { type: 'status.hidden' }
  | { type: 'status.visible' };

/**
 * The server's message when it answered with its own error body; none for a transport failure or
 * an answer without one (a proxy's 502 page, an empty 500), whose text is only a status
 * (`serverSent` false): the screen then says 'Failed to fetch system status'.
 */
export function serverMessageOf(error: unknown): string | null {
  const { status, body, serverSent } = (error ?? {}) as {
    status?: unknown;
    body?: { message?: unknown };
    serverSent?: unknown;
  };
  if (typeof status !== 'number' || status <= 0 || serverSent === false) return null;
  return typeof body?.message === 'string' && body.message ? body.message : null;
}

function notProvided(name: string): never {
  throw new Error(`system status machine: actor '${name}' was not provided`);
}

export const systemStatusMachine = setup({
  types: {
    context: {} as SystemStatusContext,
    events: {} as SystemStatusEvent,
    input: {} as SystemStatusInput | undefined,
  },
  actors: {
    fetchStatus: fromPromise<StatusSnapshot>(async () => notProvided('fetchStatus')),
  },
  actions: {
    takeStatus: assign((_, params: StatusSnapshot) => ({
      services: params.services,
      jobs: params.jobs,
      metrics: params.metrics,
      lastUpdated: params.fetchedAt,
      error: null,
    })),
    /** The last good figures stay on screen under the error. */
    setError: assign((_, params: { message: string | null }) => ({ error: { message: params.message } })),
  },
  delays: {
    pollInterval: ({ context }) => context.pollMs,
  },
}).createMachine({
  id: 'systemStatus',
  context: ({ input }) => ({
    services: [],
    jobs: [],
    metrics: null,
    lastUpdated: null,
    error: null,
    pollMs: input?.pollMs && input.pollMs > 0 ? input.pollMs : POLL_INTERVAL_MS,
  }),
  initial: 'active',
  states: {
    active: {
      description: 'The tab is visible: fetch, then wait the poll interval (or a Refresh), and again.',
      initial: 'loading',
      on: { 'status.hidden': { target: 'paused' } },
      states: {
        loading: {
          description: 'GET /system/health and /system/metrics together; Refresh is disabled.',
          tags: ['loading'],
          invoke: {
            id: 'fetchStatus',
            src: 'fetchStatus',
            onDone: {
              target: 'waiting',
              actions: { type: 'takeStatus', params: ({ event }) => event.output },
            },
            onError: {
              target: 'waiting',
              actions: {
                type: 'setError',
                params: ({ event }) => ({ message: serverMessageOf(event.error) }),
              },
            },
          },
        },
        waiting: {
          after: { pollInterval: { target: 'loading' } },
          on: { 'status.refresh': { target: 'loading' } },
        },
      },
    },
    paused: {
      description:
        'The tab is hidden: no polling (a fetch under way is dropped). Visible again: fetch at once.',
      on: { 'status.visible': { target: 'active' } },
    },
  },
});

export type SystemStatusMachine = typeof systemStatusMachine;
