// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Position } from '../../src/api/gen/model';
import { hasPermission, type Role } from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ role: 'admin' as string }));
// The boundary is the HTTP client: the generated hooks run for real and we see the requests they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  usePermissions: () => ({
    role: session.role,
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission(session.role, p),
  }),
}));

const { PositionsScreen } = await import('../../src/screens/positions/positions-screen.tsx');
const { validatePositionsSearch } = await import('../../src/screens/positions/positions-search.ts');

function position(id: number, code: string, extra: Partial<Position> = {}): Position {
  return {
    id,
    position_code: code,
    position_name: `Name ${code}`,
    description: null,
    location_details: 'Hall A',
    nfc_tag_id: `TAG${id}XYZ`,
    coordinates: null,
    is_active: true,
    created_at: '2026-03-05T10:00:00Z',
    updated_at: '2026-03-05T10:00:00Z',
    ...extra,
  };
}

const ACTIVE = [
  position(1, 'A-1', { description: 'Beside the lift' }),
  position(2, 'A-2', { nfc_tag_id: null }),
  position(3, 'B-1'),
];
const INACTIVE = position(4, 'A-3', { is_active: false });

type Request = { url: string; method: string; params?: Record<string, unknown> };
/** A tiny server: GET /positions honours include_inactive; DELETE answers `deleteAnswer`. */
function serve(deleteAnswer: unknown = { outcome: 'deleted', message: 'Position deleted' }) {
  http.apiRequest.mockImplementation(async (config: Request) => {
    if (config.method === 'DELETE') return deleteAnswer;
    const rows = config.params?.include_inactive ? [...ACTIVE, INACTIVE] : ACTIVE;
    return { positions: rows, total: rows.length };
  });
}
const listRequests = () =>
  http.apiRequest.mock.calls
    .map(([c]) => c as Request)
    .filter((c) => c.method === 'GET' && c.url === '/positions');

async function renderAs(role: Role, url = '/positions') {
  session.role = role;
  const view = await renderScreen(PositionsScreen, { url, validateSearch: validatePositionsSearch });
  await screen.findByText('Name A-1');
  return view;
}

const row = (code: string) => screen.getByText(code).closest('tr') as HTMLElement;
const actionsIn = (code: string) =>
  within(row(code))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('positions screen', () => {
  it('asks the server for the first page by code and shows the spec’s columns', async () => {
    serve();
    await renderAs('admin');
    expect(listRequests()[0].params).toEqual({ sort: 'position_code', order: 'asc', limit: 10, offset: 0 });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(
      expect.arrayContaining(['Code', 'Name', 'Description', 'Location', 'NFC tag ID', 'Created', 'Status']),
    );
    expect(within(row('A-1')).getByText('TAG1XYZ')).toBeTruthy();
    expect(within(row('A-1')).getByText('05/03/2026')).toBeTruthy();
    expect(within(row('A-1')).getByText('Active')).toBeTruthy();
  });

  it('leaves the Description column out when no position on the page has one', async () => {
    http.apiRequest.mockImplementation(async () => ({ positions: [position(5, 'C-1')], total: 1 }));
    session.role = 'admin';
    await renderScreen(PositionsScreen, { url: '/positions', validateSearch: validatePositionsSearch });
    await screen.findByText('Name C-1');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toContain('Location');
    expect(headers).not.toContain('Description');
  });

  it('gives an admin add, import, edit and delete', async () => {
    serve();
    await renderAs('admin');
    expect(screen.getByRole('button', { name: 'Add position' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeTruthy();
    expect(actionsIn('A-1')).toEqual(['Edit A-1', 'Delete A-1']);
  });

  it('lets a manager edit but not add, import or delete', async () => {
    serve();
    await renderAs('manager');
    expect(screen.queryByRole('button', { name: 'Add position' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(actionsIn('A-1')).toEqual(['Edit A-1']);
  });

  it('shows a worker the list only', async () => {
    serve();
    await renderAs('worker');
    expect(screen.queryByRole('button', { name: 'Add position' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(actionsIn('A-1')).toEqual([]);
  });

  it('keeps the inactive switch and the search in the URL', async () => {
    serve();
    const { router } = await renderAs('admin', '/positions?inactive=true&q=A-');
    expect(listRequests()[0].params).toMatchObject({ include_inactive: true, search: 'A-' });
    expect(screen.getByText('A-3')).toBeTruthy();
    expect((screen.getByLabelText('Show inactive positions') as HTMLInputElement).checked).toBe(true);

    await act(async () => fireEvent.click(screen.getByLabelText('Show inactive positions')));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'A-' }));
    await waitFor(() => expect(screen.queryByText('A-3')).toBeNull());

    fireEvent.change(screen.getByLabelText('Search positions'), { target: { value: 'B' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'B' }));
    await waitFor(() => expect(listRequests().at(-1)?.params).toMatchObject({ search: 'B', offset: 0 }));
  });

  it('asks before deleting, and says when the position was only deactivated', async () => {
    serve({ outcome: 'deactivated', message: 'Deactivated', position: { ...ACTIVE[0], is_active: false } });
    await renderAs('admin');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete A-1' })));
    const dialog = await screen.findByRole('dialog', { name: 'Delete position' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the position A-1 Name A-1?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/positions/1', method: 'DELETE' }),
        undefined,
      ),
    );
    expect(
      await screen.findByText(
        'A-1 has work entries, tasks or assignments, so it was deactivated instead of deleted.',
      ),
    ).toBeTruthy();
  });

  it('prints a tag sheet of the selected positions, with a QR code of each NFC id', async () => {
    serve();
    await renderAs('worker');
    const print = screen.getByRole('button', { name: 'Print tag sheet' }) as HTMLButtonElement;
    expect(print.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select B-1'));
    fireEvent.click(screen.getByLabelText('Select A-2'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect((screen.getByLabelText('Select B-1') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Select A-1') as HTMLInputElement).checked).toBe(false);
    await act(async () => fireEvent.click(print));
    // The sheet's chunk (the QR library) loads on first use: slow on a busy machine.
    const sheet = await screen.findByRole('dialog', { name: 'Tag sheet' }, { timeout: 4000 });
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(2));
    const cards = within(sheet).getAllByRole('listitem');
    // In code order, whatever the order of picking; a position without a tag says so.
    expect(cards[0].textContent).toContain('A-2');
    expect(cards[0].textContent).toContain('No NFC tag');
    const qr = within(cards[1]).getByRole('img', { name: 'QR code of NFC tag TAG3XYZ' }) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(document.body.classList.contains('printing-tag-sheet')).toBe(true);
    const printSpy = vi.fn();
    Object.defineProperty(window, 'print', { value: printSpy, configurable: true });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Print' }));
    expect(printSpy).toHaveBeenCalled();
  }, 15_000);
});
