// @vitest-environment happy-dom
/**
 * The work entries screen's archive view: ?archive=true reads the archive with the
 * URL's filters, read-only (no text search, sorted by creation time only), opens archived
 * entries from the archive; only for those who see every entry.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkEntry } from '../../src/api/gen/model';
import { hasPermission, type Role } from '../../src/domain/permissions.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ role: 'manager' as string }));
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { id: 1, role: session.role, first_name: 'Me', last_name: 'Me' },
  }),
  usePermissions: () => ({
    role: session.role,
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission(session.role, p),
  }),
}));

const { WorkEntriesScreen } = await import('../../src/screens/work-entries/work-entries-screen.tsx');
const { validateWorkEntriesSearch } = await import('../../src/screens/work-entries/work-entries-search.ts');

const OLD: WorkEntry = {
  id: 41,
  user_id: 7,
  first_name: 'Aino',
  last_name: 'Archived',
  position_id: 3,
  position_name: 'Old bay',
  task_id: 9,
  task_name: 'Strip formwork',
  status: 'completed',
  duration_minutes: 90,
  started_at: '2025-01-05T08:00:00Z',
  created_at: '2025-01-05T08:00:00Z',
  completed_at: '2025-01-05T09:30:00Z',
  paused_at: null,
  notes: null,
  nfc_tag_id: null,
  latitude: null,
  longitude: null,
  distance_meters: null,
  photo_urls: [],
};

function answer(config: { url: string }) {
  if (config.url === '/work-entries')
    return { work_entries: [], next_cursor: null, total: 0, total_capped: false };
  if (config.url === '/work-entries/archive')
    return { work_entries: [OLD], next_cursor: null, total: 1, total_capped: false };
  if (config.url === '/work-entries/archive/41')
    return { work_entry: OLD, photos: [], archived_at: '2026-02-01T01:00:00Z' };
  if (config.url === '/users') return { users: [] };
  if (config.url === '/positions') return { positions: [], total: 0 };
  if (config.url === '/tasks') return { tasks: [] };
  throw new Error(`unexpected ${config.url}`);
}

async function renderAs(role: Role, url: string) {
  session.role = role;
  http.apiRequest.mockImplementation(async (config) => answer(config));
  return renderScreen(WorkEntriesScreen, { url, validateSearch: validateWorkEntriesSearch });
}

const calls = (url: string) =>
  http.apiRequest.mock.calls.map(([c]) => c).filter((c) => c.url === url) as {
    params: Record<string, unknown>;
  }[];

afterEach(() => {
  cleanup();
  http.apiRequest.mockReset();
});

describe('work entries archive view', () => {
  it('reads the archive with the URL’s filters, read-only, and opens an archived entry', async () => {
    await renderAs('manager', '/work-entries?archive=true&worker=7&position=3&from=2025-01-01&q=ignored');
    expect(await screen.findByText('Strip formwork', {}, { timeout: 3000 })).toBeTruthy();
    expect(calls('/work-entries')).toHaveLength(0);
    expect(calls('/work-entries/archive')[0].params).toEqual({
      user_id: 7,
      position_id: 3,
      from: '2025-01-01',
      order: 'desc',
      limit: 25,
    });
    expect(screen.getByText(/daily auto-archive moved here/)).toBeTruthy();
    expect(screen.queryByLabelText('Search')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    // Sorted by creation time only: the worker column offers no sort.
    expect(screen.getByRole('columnheader', { name: 'Worker' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View the work entry of Aino Archived' }));
    expect(await screen.findByText('Archived work entry')).toBeTruthy();
    expect(await screen.findByText('Archived')).toBeTruthy();
    expect(calls('/work-entries/archive/41')).toHaveLength(1);
  });

  it('switches between the entries and the archive, keeping the choice in the URL', async () => {
    const { router } = await renderAs('manager', '/work-entries');
    await waitFor(() => expect(calls('/work-entries').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ archive: true }));
    await waitFor(() => expect(calls('/work-entries/archive').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Entries' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('archive'));
  });

  it('is not offered to a worker, whose ?archive=true shows their own entries', async () => {
    await renderAs('worker', '/work-entries?archive=true');
    await waitFor(() => expect(calls('/work-entries').length).toBeGreaterThan(0));
    expect(calls('/work-entries/archive')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
  });
});
