// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasPermission, type Role } from '../../src/domain/permissions.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ role: 'manager' as string }));
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { id: 1, role: session.role, first_name: 'Maija', site_name: 'Main' },
  }),
  usePermissions: () => ({
    role: session.role,
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission(session.role, p),
  }),
}));
// chart.js needs a canvas; the chart's own rendering is not what these tests are about.
vi.mock('../../src/screens/dashboard/activity-chart.tsx', () => ({
  default: ({ days }: { days: unknown[] }) => <p>chart of {days.length} days</p>,
}));

const { DashboardScreen } = await import('../../src/screens/dashboard/dashboard-screen.tsx');

const DAYS = Array.from({ length: 14 }, (_, i) => ({
  date: `2026-03-${String(i + 1).padStart(2, '0')}`,
  in_progress: 0,
  completed: i,
  failed: 0,
  paused: 0,
  cancelled: 0,
}));

function summary(role: Role, recent: unknown[]) {
  return {
    counts: {
      users: hasPermission(role, 'users.read') ? 42 : null,
      positions: 120,
      tasks: 35,
      work_entries: role === 'worker' ? 1_000 : 1_000_000,
      work_entries_capped: role === 'worker',
    },
    recent,
    per_day: DAYS,
    time_zone: 'UTC',
  };
}

async function renderAs(role: Role, recent: unknown[] = []) {
  session.role = role;
  http.apiRequest.mockImplementation(async (config: { url: string }) => {
    if (config.url === '/dashboard/summary') return summary(role, recent);
    if (config.url === '/site-settings/display') return { timezone: 'UTC', dateFormat: 'YYYY-MM-DD' };
    throw new Error(`unexpected ${config.url}`);
  });
  return renderScreen(DashboardScreen, { url: '/' });
}

afterEach(() => {
  cleanup();
  http.apiRequest.mockReset();
});

describe('dashboard', () => {
  it('a manager sees four count cards, each a link to its list, and four quick actions', async () => {
    await renderAs('manager');
    const card = async (label: string) =>
      (await screen.findByText(label, { selector: '.stat-card__label' })).closest('a');
    expect((await card('Users'))?.getAttribute('href')).toBe('/users');
    expect((await card('Positions'))?.getAttribute('href')).toBe('/positions');
    // The count is the template library's, and the card opens it.
    expect((await card('Tasks'))?.getAttribute('href')).toBe('/position-tasks?view=templates');
    expect((await card('Work entries'))?.getAttribute('href')).toBe('/work-entries');
    expect(await screen.findByText('1,000,000')).toBeTruthy();
    // A manager may only read users (no users write permission): "View", not "Manage".
    for (const action of ['View users', 'Manage positions', 'Manage tasks', 'View work entries']) {
      expect(screen.getByText(action)).toBeTruthy();
    }
    expect(screen.queryByText('Manage users')).toBeNull();
    expect(await screen.findByText('chart of 14 days')).toBeTruthy();
  });

  it('a worker sees no users card or action, and their own entries as a lower bound', async () => {
    await renderAs('worker');
    expect(await screen.findByText('My work entries')).toBeTruthy();
    expect(screen.queryByText('Users', { selector: '.stat-card__label' })).toBeNull();
    expect(screen.queryByText('Manage users')).toBeNull();
    expect(screen.getByText('more than 1,000')).toBeTruthy();
    // Read-only positions and tasks: the worker is offered to view them, not to manage them.
    expect(screen.getByText('View positions')).toBeTruthy();
    expect(screen.getByText('View tasks')).toBeTruthy();
    expect(screen.queryByText('Manage positions')).toBeNull();
    expect(screen.queryByText('Manage tasks')).toBeNull();
  });

  it('an admin is offered to manage each list', async () => {
    await renderAs('admin');
    for (const action of ['Manage users', 'Manage positions', 'Manage tasks']) {
      expect(await screen.findByText(action)).toBeTruthy();
    }
  });

  it('shows “No recent work entries”, and a button to all entries', async () => {
    await renderAs('manager');
    expect(await screen.findByText('No recent work entries')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all work entries' }).getAttribute('href')).toBe(
      '/work-entries',
    );
  });

  it('lists recent entries with task, position and date, and “Unknown” where one is missing', async () => {
    await renderAs('manager', [
      {
        id: 1,
        first_name: 'Wille',
        last_name: 'Worker',
        position_name: 'North bay',
        task_name: null,
        status: 'completed',
        created_at: '2026-03-05T08:00:00Z',
      },
    ]);
    const item = (await screen.findByText('Unknown at North bay')).closest('li') as HTMLElement;
    // The item opens its entry's detail.
    expect(within(item).getByRole('link', { name: 'Unknown at North bay' }).getAttribute('href')).toBe(
      '/work-entries?entry=1',
    );
    expect(within(item).getByText('Completed')).toBeTruthy();
    expect(within(item).getByText(/Wille Worker/)).toBeTruthy();
  });
});
