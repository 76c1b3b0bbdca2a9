// @vitest-environment happy-dom
/** The system status screen against a mocked HTTP client, with the real polling machine. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, fallbackErrorBody } from '../../src/api/api-error.ts';
import type { ServiceHealth } from '../../src/api/gen/model';
import { getGetSiteDisplaySettingsQueryKey } from '../../src/api/gen/site-settings/site-settings.ts';
import i18n from '../../src/i18n/index.ts';
import { splitUptime } from '../../src/screens/system-status/uptime.ts';
import { renderScreen } from './support/render-screen.tsx';

const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

const { SystemStatusScreen } = await import('../../src/screens/system-status/system-status-screen.tsx');

const METRICS = {
  total_users: 1234,
  total_positions: 56,
  total_work_entries: 789,
  active_sessions: 3,
  uptime: 93_784, // 1 d 2 h 3 min 4 s
  database_size: '9 MB',
  server_time: '2026-03-05T10:00:00Z',
};
const DATABASE: ServiceHealth = {
  name: 'database',
  status: 'healthy',
  response_time: 2.5,
  details: { version: '17.5', connections: 4 },
};
const API: ServiceHealth = {
  name: 'api',
  status: 'degraded',
  response_time: 0.4,
  details: { version: '0.1.0', memory_usage: 42, cpu_usage: 7 },
};

function serve(health: () => unknown, metrics: () => unknown = () => ({ metrics: METRICS })) {
  http.apiRequest.mockImplementation(async (config: AxiosRequestConfig) => {
    if (config.url === '/system/health') return health();
    if (config.url === '/system/metrics') return metrics();
    if (config.url === '/site-settings/display')
      return { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', defaultUserRole: 'worker' };
    throw new Error(`unexpected ${config.url}`);
  });
}
const open = () =>
  renderScreen(SystemStatusScreen, {
    url: '/system-status',
    data: [
      [
        getGetSiteDisplaySettingsQueryKey(),
        { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', defaultUserRole: 'worker' },
      ],
    ],
  });
const rowOf = (name: string) => {
  const table = screen.getAllByRole('table').find((t) => within(t).queryByText(name)) as HTMLElement;
  return within(table).getByText(name).closest('tr') as HTMLElement;
};
const ARCHIVE_JOB = {
  name: 'work-entry-archive',
  runner: 'pg-boss',
  last_run: {
    started_at: '2026-03-05T09:00:00Z',
    finished_at: '2026-03-05T09:01:00Z',
    status: 'ok',
    attempt: 2,
    result: { moved: 12 },
    error: null,
  },
  next_run_at: '2026-03-05T10:00:01Z',
  failures_24h: 1,
  last_failure: { at: '2026-03-05T08:59:00Z', error: 'connection reset' },
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('system status screen', () => {
  it('shows the services, the worst status overall, the stats, the info and the usage bars', async () => {
    serve(() => ({ services: [DATABASE, API, { ...DATABASE, name: 'search', status: 'starting' }] }));
    await open();
    await screen.findByText('Database');
    expect(within(screen.getByTestId('overall-status')).getByText('Degraded')).toBeTruthy();
    expect(within(rowOf('Database')).getByText('Healthy')).toBeTruthy();
    expect(within(rowOf('Database')).getByText('v17.5 · 4 connections')).toBeTruthy();
    expect(within(rowOf('API server')).getByText('Degraded')).toBeTruthy();
    // An unknown status shows a spinner, not a chip.
    expect(within(rowOf('search')).getByText('Checking…')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('1 d 2 h 3 min')).toBeTruthy();
    expect(screen.getByText('9 MB')).toBeTruthy();
    // Dates in the site's format and zone.
    expect(screen.getByText('2026-03-05 10:00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Resource Usage' })).toBeTruthy();
    expect(screen.getByLabelText('Memory used by API server: 42 %')).toBeTruthy();
  });

  it('shows each background job: last run with what it did, next run, failures and the last error', async () => {
    serve(() => ({
      services: [DATABASE],
      jobs: [
        ARCHIVE_JOB,
        {
          ...ARCHIVE_JOB,
          name: 'other-job',
          runner: 'off',
          last_run: null,
          next_run_at: null,
          failures_24h: 0,
          last_failure: null,
        },
      ],
    }));
    await open();
    await screen.findByRole('heading', { name: 'Background jobs' });
    const archive = rowOf('Work entry archive');
    expect(within(archive).getByText('Job queue (PostgreSQL)')).toBeTruthy();
    expect(within(archive).getByText('Succeeded')).toBeTruthy();
    expect(within(archive).getByText('2026-03-05 09:01')).toBeTruthy();
    expect(within(archive).getByText('Attempt 2')).toBeTruthy();
    expect(within(archive).getByText('Moved 12 entries')).toBeTruthy();
    expect(within(archive).getByText('2026-03-05 10:00')).toBeTruthy();
    expect(within(archive).getByText('1 failure')).toBeTruthy();
    expect(within(archive).getByText('Last error 2026-03-05 08:59: connection reset')).toBeTruthy();
    const other = rowOf('other-job');
    expect(within(other).getByText('Not run yet')).toBeTruthy();
    expect(within(other).getByText('Not scheduled by this server')).toBeTruthy();
    expect(within(other).getByText('0 failures')).toBeTruthy();
  });

  it('leaves Resource Usage out when no service reports memory or CPU', async () => {
    serve(() => ({ services: [DATABASE] }));
    await open();
    await screen.findByText('Database');
    expect(screen.queryByRole('heading', { name: 'Resource Usage' })).toBeNull();
    expect(within(screen.getByTestId('overall-status')).getByText('Healthy')).toBeTruthy();
  });

  it('shows the server’s message, or the generic one, and refreshes on request', async () => {
    serve(() => {
      throw new ApiError(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is down',
      });
    });
    await open();
    await screen.findByText('The database is down');
    // The answer is in and names no service: overall is Unknown, nothing is being checked any more.
    expect(within(screen.getByTestId('overall-status')).getByText('Unknown')).toBeTruthy();

    serve(() => {
      throw new ApiError(0, { statusCode: 0, error: 'Network Error', message: 'Network Error' });
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    await screen.findByText('Failed to fetch system status');

    serve(() => ({ services: [DATABASE] }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    await screen.findByText('Database');
    expect(screen.queryByText('Failed to fetch system status')).toBeNull();
  });

  it('says Unknown overall when the server reports no services', async () => {
    serve(() => ({ services: [] }));
    await open();
    await within(screen.getByTestId('overall-status')).findByText('Unknown');
    expect(screen.queryByText('Checking…')).toBeNull();
  });

  it('says “Failed to fetch system status” for a 5xx without the server’s body', async () => {
    serve(() => {
      throw new ApiError(502, fallbackErrorBody(502, 'Bad Gateway'), { synthesised: true });
    });
    await open();
    await screen.findByText('Failed to fetch system status');
    expect(screen.queryByText('Bad Gateway')).toBeNull();
  });

  it('disables Refresh while a fetch is under way', async () => {
    let answer: (v: unknown) => void = () => {};
    serve(() => new Promise((resolve) => (answer = resolve)));
    await open();
    const refresh = screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement;
    expect(refresh.disabled).toBe(true);
    await act(async () => answer({ services: [DATABASE] }));
    await screen.findByText('Database');
    expect(refresh.disabled).toBe(false);
  });
});

describe('uptime', () => {
  it('is whole days, hours and minutes', () => {
    expect(splitUptime(93_784)).toEqual({ days: 1, hours: 2, minutes: 3 });
    expect(splitUptime(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(splitUptime(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
