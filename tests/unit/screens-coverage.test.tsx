// @vitest-environment happy-dom
/**
 * The coverage screen: the URL's period and group sent to the server, the totals and the worst
 * position first, a position's windows on click, and and a miss excused with its reason sent
 * to the server.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasPermission, type Permission } from '../../src/domain/permissions.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ role: 'manager' as string }));
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { id: 1, role: session.role, first_name: 'A', last_name: 'B' },
  }),
  usePermissions: () => ({ role: session.role, can: (p: Permission) => hasPermission(session.role, p) }),
}));

const { CoverageScreen } = await import('../../src/screens/coverage/coverage-screen.tsx');
const { validateCoverageSearch } = await import('../../src/screens/coverage/coverage-search.ts');

const counts = (on_time: number, late: number, missed: number, excused = 0) => ({
  windows: on_time + late + missed + excused,
  on_time,
  late,
  missed,
  excused,
  on_time_percent: Math.round(((on_time + excused) * 1000) / (on_time + late + missed + excused)) / 10,
});

function answer(config: { url: string; method?: string; params?: Record<string, unknown>; data?: unknown }) {
  if (config.url === '/coverage/report')
    return {
      from: '2026-01-10',
      to: '2026-01-16',
      time_zone: 'UTC',
      totals: counts(5, 1, 2),
      days: [{ day: '2026-01-15', counts: counts(5, 1, 2) }],
      positions: [
        { position_id: 7, position_code: 'B-YARD', position_name: 'Yard', counts: counts(0, 0, 2) },
        { position_id: 6, position_code: 'A-GATE', position_name: 'Gate', counts: counts(5, 1, 0) },
      ],
      workers: [{ user_id: 3, worker_name: 'Wilma Worker', counts: counts(5, 1, 0) }],
    };
  if (config.url === '/coverage/windows')
    return {
      total: 1,
      page: 1,
      page_size: 200,
      windows: [
        {
          id: 41,
          schedule_id: 1,
          schedule_name: 'Rounds',
          position_id: 7,
          position_code: 'B-YARD',
          position_name: 'Yard',
          day: '2026-01-15',
          window_start: '2026-01-15T06:00:00Z',
          window_end: '2026-01-15T08:00:00Z',
          due_at: '2026-01-15T08:00:00Z',
          tolerance_minutes: 15,
          verdict: 'missed',
          judged_verdict: 'missed',
          judged_at: '2026-01-15T08:15:30Z',
          entries: [],
          excuse_reason: null,
          excused_by_name: null,
          excused_at: null,
        },
      ],
    };
  if (config.url === '/coverage/windows/41/excuse') return { window: {} };
  if (config.url === '/position-groups') return { position_groups: [] };
  if (config.url === '/coverage/share-links') return { links: [], guest_access: false };
  if (config.url === '/site-settings/display') return { timezone: 'UTC', dateFormat: 'YYYY-MM-DD' };
  throw new Error(`unexpected ${config.url}`);
}

const calls = (url: string) =>
  http.apiRequest.mock.calls.map(([c]) => c).filter((c) => c.url === url) as {
    params: Record<string, unknown>;
    data: unknown;
  }[];

const renderCoverage = (url: string) => {
  http.apiRequest.mockImplementation(async (config) => answer(config));
  return renderScreen(CoverageScreen, { url, validateSearch: validateCoverageSearch });
};

afterEach(() => {
  cleanup();
  http.apiRequest.mockReset();
  session.role = 'manager';
});

describe('coverage screen', () => {
  it('asks for the URL’s period and shows the totals and the worst position first', async () => {
    await renderCoverage('/coverage?from=2026-01-10&to=2026-01-16');
    await screen.findByText('62.5 %', { selector: '.coverage__stat-value' });
    expect(calls('/coverage/report')[0].params).toMatchObject({ from: '2026-01-10', to: '2026-01-16' });
    const rows = screen.getAllByRole('button', { name: /– (Yard|Gate)$/ }).map((b) => b.textContent);
    expect(rows).toEqual(['B-YARD – Yard', 'A-GATE – Gate']);
    // The per-day trend is an image described in words, with the same figures as a table.
    expect(screen.getByRole('img', { name: /On time per day, in percent/ })).toBeTruthy();
    expect(screen.getByText('Per day as a table')).toBeTruthy();
    expect(document.querySelector('.coverage-trend__table tbody th')?.textContent).toMatch(
      /15.01.2026|2026-01-15/,
    );
    screen.getByText('Wilma Worker');
  });

  it('opens a position’s windows and excuses a miss with a reason', async () => {
    await renderCoverage('/coverage?from=2026-01-10&to=2026-01-16');
    fireEvent.click(await screen.findByRole('button', { name: 'B-YARD – Yard' }));
    await screen.findByRole('heading', { name: 'Windows of B-YARD – Yard' });
    expect(calls('/coverage/windows')[0].params).toMatchObject({ position_id: 7, from: '2026-01-10' });
    fireEvent.click(await screen.findByRole('button', { name: /^Excuse the window/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Excuse a missed window' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Gate locked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excuse' }));
    await waitFor(() =>
      expect(calls('/coverage/windows/41/excuse')[0]?.data).toEqual({ reason: 'Gate locked' }),
    );
    // Role queries over the whole screen (the trend's table included) take seconds on a loaded machine.
  }, 15_000);
});
