/**
 * The status page's fetch while the database is unreachable: the API's 503 DATABASE_UNAVAILABLE
 * becomes the database shown unhealthy (with the health the API sent, if only the metrics
 * failed); any other failure stays an error for the machine.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../src/api/api-error.ts';

const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
const { systemStatusActors } = await import('../../src/machines/system-status/system-status.actors.ts');

const DOWN = new ApiError(503, {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is temporarily unavailable. Please try again shortly.',
  code: 'DATABASE_UNAVAILABLE',
});
const API = { name: 'api', status: 'healthy', response_time: 1, details: {} };
const METRICS = { total_users: 1 };

const fetchWith = (answers: Record<string, unknown>) => {
  http.apiRequest.mockImplementation(async ({ url }: { url: string }) => {
    const answer = answers[url];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return toPromise(createActor(systemStatusActors.fetchStatus).start());
};

afterEach(() => http.apiRequest.mockReset());

describe('system status fetch', () => {
  it('answers health and metrics together', async () => {
    const snap = await fetchWith({
      '/system/health': { services: [API] },
      '/system/metrics': { metrics: METRICS },
    });
    expect(snap).toMatchObject({ services: [API], metrics: METRICS });
  });

  it('shows the database unhealthy with the server’s message when the API says it is unreachable', async () => {
    const snap = await fetchWith({ '/system/health': DOWN, '/system/metrics': DOWN });
    expect(snap.metrics).toBeNull();
    expect(snap.services).toEqual([
      {
        name: 'database',
        status: 'unhealthy',
        response_time: 0,
        details: { error_message: 'The database is temporarily unavailable. Please try again shortly.' },
      },
    ]);
  });

  it('keeps the health the API sent when only the metrics needed the database', async () => {
    const db = { name: 'database', status: 'unhealthy', response_time: 2, details: { error_message: 'x' } };
    const snap = await fetchWith({ '/system/health': { services: [db, API] }, '/system/metrics': DOWN });
    expect(snap).toMatchObject({ services: [db, API], metrics: null });
  });

  it('keeps the health the API sent whatever kept the metrics from coming', async () => {
    const broken = new ApiError(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' });
    const snap = await fetchWith({ '/system/health': { services: [API] }, '/system/metrics': broken });
    expect(snap).toMatchObject({ services: [API], metrics: null });
  });

  it('leaves any other failure to the machine as an error', async () => {
    const forbidden = new ApiError(403, { statusCode: 403, error: 'Forbidden', message: 'No' });
    await expect(
      fetchWith({ '/system/health': forbidden, '/system/metrics': { metrics: METRICS } }),
    ).rejects.toBe(forbidden);
  });
});
