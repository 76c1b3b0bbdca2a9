/**
 * The real effect of the system status machine: GET /system/health and /system/metrics together,
 * through the generated client. Supplied with systemStatusMachine.provide({ actors: systemStatusActors }).
 *
 * While the database is unreachable the API still answers the health call (it checks each service
 * and says which is down), but the metrics count rows and fail. The health the API sent is shown
 * whenever it came. When the health call itself is a 503 DATABASE_UNAVAILABLE (a session the server
 * never saw cannot be looked up), the database shows unhealthy with the server's message, rather
 * than an error over the last good figures.
 */
import { fromPromise } from 'xstate';
import { ApiError } from '../../api/api-error.ts';
import { getSystemHealth, getSystemMetrics } from '../../api/gen/system/system.ts';
import type { StatusSnapshot } from './system-status.machine.ts';

const databaseUnavailable = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 503 && err.code === 'DATABASE_UNAVAILABLE';

export const systemStatusActors = {
  fetchStatus: fromPromise<StatusSnapshot>(async ({ signal }) => {
    const [health, metrics] = await Promise.allSettled([
      getSystemHealth(undefined, signal),
      getSystemMetrics(undefined, signal),
    ]);
    const fetchedAt = Date.now();
    if (health.status === 'fulfilled' && metrics.status === 'fulfilled') {
      return {
        services: health.value.services ?? [],
        jobs: health.value.jobs ?? [],
        metrics: metrics.value.metrics,
        fetchedAt,
      };
    }
    // The health answer is the news whatever kept the metrics from coming (they count rows, and
    // during an outage that may fail in more ways than the database's own 503).
    if (health.status === 'fulfilled')
      return {
        services: health.value.services ?? [],
        jobs: health.value.jobs ?? [],
        metrics: null,
        fetchedAt,
      };
    const failure = health.reason;
    if (!databaseUnavailable(failure)) throw failure;
    return {
      services: [
        {
          name: 'database',
          status: 'unhealthy',
          response_time: 0,
          details: { error_message: failure.message },
        },
      ],
      jobs: [],
      metrics: null,
      fetchedAt,
    };
  }),
};
