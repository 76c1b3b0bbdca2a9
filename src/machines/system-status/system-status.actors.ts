/**
 * The real effect of the system status machine: GET /system/health and /system/metrics together,
 * through the generated client. Supplied with systemStatusMachine.provide({ actors: systemStatusActors }).
 */
import { fromPromise } from 'xstate';
import { getSystemHealth, getSystemMetrics } from '../../api/gen/system/system.ts';
import type { StatusSnapshot } from './system-status.machine.ts';

export const systemStatusActors = {
  fetchStatus: fromPromise<StatusSnapshot>(async ({ signal }) => {
    const [health, metrics] = await Promise.all([
      getSystemHealth(undefined, signal),
      getSystemMetrics(undefined, signal),
    ]);
    return { services: health.services ?? [], metrics: metrics.metrics, fetchedAt: Date.now() };
  }),
};
