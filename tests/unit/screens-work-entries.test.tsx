// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { WorkEntry } from '../../src/api/gen/model';
import { hasPermission, type Role } from '../../src/domain/permissions.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ role: 'manager' as string }));
// The boundary is the HTTP client: the generated hooks run for real and we see their requests.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { id: 1, role: session.role, first_name: 'Me', last_name: 'Myself' },
  }),
  usePermissions: () => ({
    role: session.role,
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission(session.role, p),
  }),
}));

const { WorkEntriesScreen } = await import('../../src/screens/work-entries/work-entries-screen.tsx');
const { validateWorkEntriesSearch } = await import('../../src/screens/work-entries/work-entries-search.ts');

function entry(id: number, status: WorkEntry['status'], extra: Partial<WorkEntry> = {}): WorkEntry {
  return {
    id,
    user_id: 7,
    first_name: 'Wille',
    last_name: 'Worker',
    position_id: 3,
    position_name: 'North bay',
    task_id: 9,
    task_name: 'Pour slab',
    status,
    duration_minutes: status === 'completed' ? 135 : null,
    started_at: '2026-03-05T08:00:00Z',
    created_at: '2026-03-05T08:00:00Z',
    completed_at: status === 'completed' ? '2026-03-05T10:15:00Z' : null,
    paused_at: null,
    notes: null,
    nfc_tag_id: 'TAG1',
    latitude: null,
    longitude: null,
    distance_meters: null,
    photo_urls: [],
    ...extra,
  };
}

const ENTRIES = [entry(1, 'completed'), entry(2, 'in_progress'), entry(3, 'failed'), entry(4, 'paused')];
const PHOTO = '/api/v1/work-entries/photos/5?exp=2000000000&sig=abc';

function answer(config: { url: string; params?: Record<string, unknown> }) {
  if (config.url === '/work-entries') {
    return { work_entries: ENTRIES, next_cursor: 'next', total: 12_345, total_capped: false };
  }
  if (config.url === '/work-entries/1') {
    const detail = entry(1, 'completed', {
      notes: 'Poured and levelled',
      photo_urls: [PHOTO],
      distance_meters: 12,
    });
    return {
      work_entry: detail,
      photos: [
        { id: 5, url: PHOTO, content_type: 'image/png', size_bytes: 10, created_at: detail.created_at },
      ],
    };
  }
  if (config.url === '/users') return { users: [] };
  if (config.url === '/positions') return { positions: [], total: 0 };
  if (config.url === '/tasks') return { tasks: [] };
  if (config.url === '/site-settings/display')
    return { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', defaultUserRole: 'worker' };
  throw new Error(`unexpected ${config.url}`);
}

async function renderAs(role: Role, url = '/work-entries') {
  session.role = role;
  http.apiRequest.mockImplementation(async (config) => answer(config));
  return renderScreen(WorkEntriesScreen, { url, validateSearch: validateWorkEntriesSearch });
}

const listCalls = () =>
  http.apiRequest.mock.calls.map(([c]) => c).filter((c) => c.url === '/work-entries') as {
    params: Record<string, unknown>;
  }[];

afterEach(() => {
  cleanup();
  http.apiRequest.mockReset();
});

describe('work entries screen', () => {
  it('lists entries with coloured status chips, durations in hours and minutes, and the count', async () => {
    await renderAs('manager');
    expect(await screen.findAllByText('Pour slab', {}, { timeout: 3000 })).toHaveLength(4);
    expect(
      screen.getByText('Completed', { selector: '.p-tag-value' }).closest('.p-tag')?.className,
    ).toContain('p-tag-success');
    expect(
      screen.getByText('In progress', { selector: '.p-tag-value' }).closest('.p-tag')?.className,
    ).toContain('p-tag-warning');
    expect(screen.getByText('Failed', { selector: '.p-tag-value' }).closest('.p-tag')?.className).toContain(
      'p-tag-danger',
    );
    expect(screen.getByText('Paused', { selector: '.p-tag-value' }).closest('.p-tag')?.className).toContain(
      'p-tag-secondary',
    );
    expect(screen.getByText('2 h 15 min')).toBeTruthy();
    expect(await screen.findByText('1–4 of 12,345')).toBeTruthy();
  });

  it('asks the server for the filters in the URL, sorted newest first by default', async () => {
    await renderAs('manager', '/work-entries?status=failed&position=3&from=2026-03-01&q=slab');
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(listCalls()[0].params).toMatchObject({
      status: 'failed',
      position_id: 3,
      from: '2026-03-01',
      search: 'slab',
      sort: 'created',
      order: 'desc',
      limit: 25,
    });
  });

  it('follows the next cursor to the next page', async () => {
    await renderAs('manager');
    await screen.findByText('1–4 of 12,345');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(listCalls().some((c) => c.params.cursor === 'next')).toBe(true));
  });

  it('opens the detail: worker, task, duration, times, notes, distance and photos opening in a new tab', async () => {
    await renderAs('manager');
    const buttons = await screen.findAllByRole('button', { name: 'View the work entry of Wille Worker' });
    fireEvent.click(buttons[0]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Poured and levelled');
    expect(within(dialog).getByText('2 h 15 min')).toBeTruthy();
    expect(within(dialog).getByText('12 m')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Open photo 1 in a new tab' });
    expect(link.getAttribute('href')).toBe(PHOTO);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('opens the entry a link names (?entry=, the dashboard’s recent activity), and closing forgets it', async () => {
    const { router } = await renderAs('manager', '/work-entries?entry=1');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Poured and levelled');
    // The list is not filtered by it.
    expect(listCalls().every((c) => !('entry' in c.params))).toBe(true);
    fireEvent.click(within(dialog).getAllByRole('button', { name: /close/i })[0]);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('offers the export with work_entries.export only; a worker sees their own subtitle and no worker filter', async () => {
    await renderAs('manager');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getAllByLabelText('Worker').length).toBeGreaterThan(0);
    cleanup();
    await renderAs('worker');
    await screen.findAllByText('Pour slab');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryAllByLabelText('Worker')).toEqual([]);
    expect(screen.getByText(/Your own check-ins/)).toBeTruthy();
  });

  it('says when the server refuses an export because too many are running, and that a later try works', async () => {
    await renderAs('manager');
    http.apiRequest.mockImplementation(async (config) => {
      if (config.url === '/work-entries/export') {
        throw new ApiError(429, {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many exports are running',
          code: 'EXPORT_BUSY',
        });
      }
      return answer(config);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Too many exports are running. Please try again in a moment'),
    ).toBeTruthy();
  });
});
