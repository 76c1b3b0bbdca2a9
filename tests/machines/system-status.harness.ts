/** Drives the real system status machine for one model path (see system-status.model.ts). */

import { AxiosError, AxiosHeaders } from 'axios';
import { type ActorRefFrom, createActor, fromPromise, SimulatedClock } from 'xstate';
import { ApiError } from '../../src/api/api-error.ts';
import type { ServiceHealth } from '../../src/api/gen/model';
import { toApiError } from '../../src/api/http-client.ts';
import { overallStatus } from '../../src/machines/system-status/overall-status.ts';
import {
  type StatusSnapshot,
  systemStatusMachine,
} from '../../src/machines/system-status/system-status.machine.ts';
import { flush, recordTransitions } from './site-settings.harness.ts';
import type { StatusModelContext, StatusModelEvent } from './system-status.model.ts';

export const POLL_MS = 1_000;
export const SERVER_MESSAGE = 'A service the API needs (the database) is unavailable';

const services = (n: number): ServiceHealth[] => [
  { name: 'database', status: 'healthy', response_time: n, details: { version: '17.2', connections: 3 } },
  { name: 'api', status: 'degraded', response_time: 1, details: { version: '0.1.0', memory_usage: 40 } },
];

export class StatusHarness {
  readonly clock = new SimulatedClock();
  pending: { resolve(v: StatusSnapshot): void; reject(e: unknown): void } | undefined;
  /** Fetches started, including ones dropped when the tab was hidden. */
  started = 0;
  answered = 0;
  readonly actor: ActorRefFrom<typeof systemStatusMachine>;

  constructor(taken: Set<string>) {
    const machine = systemStatusMachine.provide({
      actors: {
        fetchStatus: fromPromise<StatusSnapshot>(({ signal }) => {
          this.started++;
          return new Promise((resolve, reject) => {
            const entry = { resolve, reject };
            this.pending = entry;
            signal.addEventListener('abort', () => {
              if (this.pending === entry) this.pending = undefined;
            });
          });
        }),
      },
    });
    this.actor = createActor(machine, {
      clock: this.clock,
      input: { pollMs: POLL_MS },
      inspect: recordTransitions(taken),
    }).start();
  }

  get snapshot() {
    return this.actor.getSnapshot();
  }

  #settle(how: 'resolve' | 'reject', value: unknown) {
    const pending = this.pending;
    if (!pending) throw new Error('no fetch is running');
    this.pending = undefined;
    if (how === 'resolve') pending.resolve(value as StatusSnapshot);
    else pending.reject(value);
    return flush();
  }

  async exec(event: StatusModelEvent) {
    switch (event.type) {
      case 'fetch.resolve':
        this.answered++;
        return this.#settle('resolve', {
          services: services(this.answered),
          metrics: null,
          fetchedAt: 1_700_000_000_000 + this.answered,
        });
      case 'fetch.rejectServer':
        return this.#settle(
          'reject',
          new ApiError(503, { statusCode: 503, error: 'Service Unavailable', message: SERVER_MESSAGE }),
        );
      case 'fetch.rejectNetwork':
        return this.#settle(
          'reject',
          new ApiError(0, { statusCode: 0, error: 'Network Error', message: 'Network Error' }),
        );
      case 'fetch.rejectNoBody': {
        // Through the client's own error mapping, as a proxy's 502 page arrives in the browser.
        const response = {
          status: 502,
          statusText: 'Bad Gateway',
          data: '<html><body>502 Bad Gateway</body></html>',
          headers: {},
          config: { headers: new AxiosHeaders() },
        };
        const failure = new AxiosError('Bad Gateway', 'ERR_BAD_RESPONSE', undefined, undefined, response);
        return this.#settle('reject', toApiError(failure));
      }
      case 'clock.poll':
        this.clock.increment(POLL_MS);
        return flush();
      default:
        this.actor.send({ type: event.type });
        return flush();
    }
  }

  describeMismatch(modelValue: unknown, model: StatusModelContext): string | null {
    const snap = this.snapshot;
    if (JSON.stringify(snap.value) !== JSON.stringify(modelValue)) {
      return `state ${JSON.stringify(snap.value)} != model ${JSON.stringify(modelValue)}`;
    }
    const { context } = snap;
    const error =
      context.error === null ? 'none' : context.error.message === SERVER_MESSAGE ? 'server' : 'generic';
    if (context.error && error === 'generic' && context.error.message !== null)
      return 'a transport error kept a message';
    const checks: [string, unknown, unknown][] = [
      ['error', error, model.error],
      ['has data', context.services.length > 0, model.hasData],
      ['last updated', context.lastUpdated !== null, model.hasData],
      ['a fetch running', this.pending !== undefined, snap.matches({ active: 'loading' })],
      ['loading tag', snap.hasTag('loading'), snap.matches({ active: 'loading' })],
    ];
    for (const [name, real, expected] of checks) {
      if (real !== expected) return `${name}: ${JSON.stringify(real)} != ${JSON.stringify(expected)}`;
    }
    if (model.hasData && overallStatus(context.services) !== 'degraded') return 'overall status of the data';
    return null;
  }
}
