// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PositionGroup } from '../../src/api/gen/model';
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

const { PositionGroupsScreen } = await import('../../src/screens/position-groups/position-groups-screen.tsx');
const { positionGroupsListKey } = await import(
  '../../src/screens/position-groups/use-position-groups-api.ts'
);

function group(id: number, name: string, counts: [number, number], extra: Partial<PositionGroup> = {}) {
  return {
    id,
    group_name: name,
    group_code: name.toLowerCase().replace(/\s+/g, '_'),
    description: `${name} area`,
    is_active: true,
    position_count: counts[0],
    active_position_count: counts[1],
    created_at: '2026-03-05T10:00:00Z',
    updated_at: '2026-03-05T10:00:00Z',
    ...extra,
  } satisfies PositionGroup;
}

const GROUPS = [group(2, 'Yard', [0, 0], { is_active: false }), group(1, 'Floor 2', [25, 22])];

function renderAs(role: Role, groups: PositionGroup[] = GROUPS) {
  session.role = role;
  return renderScreen(PositionGroupsScreen, {
    url: '/position-groups',
    data: [[positionGroupsListKey, { position_groups: groups }]],
  });
}

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
const actionsOf = (name: string) =>
  within(row(name))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  http.apiRequest.mockReset();
});

describe('position groups screen', () => {
  it('lists groups by name with code, description, counts, created date and status', async () => {
    await renderAs('admin');
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(names).toEqual(['Floor 2', 'Yard']);
    const floor = within(row('Floor 2'));
    expect(floor.getByText('floor_2')).toBeTruthy();
    expect(floor.getByText('Floor 2 area')).toBeTruthy();
    expect(floor.getByText('25 (22 active)')).toBeTruthy();
    expect(floor.getByText('05/03/2026')).toBeTruthy();
    expect(within(row('Yard')).getByText('Inactive')).toBeTruthy();
  });

  it('gives an admin add, edit and delete', async () => {
    await renderAs('admin');
    expect(screen.getByRole('button', { name: 'Add position group' })).toBeTruthy();
    expect(actionsOf('Yard')).toEqual(['Edit Yard', 'Delete Yard']);
  });

  it('shows a manager the list without any action', async () => {
    await renderAs('manager');
    expect(screen.queryByRole('button', { name: 'Add position group' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(actionsOf('Floor 2')).toEqual([]);
  });

  it('asks before deleting, says the positions stay, then deletes and refreshes', async () => {
    http.apiRequest.mockImplementation(async (config: { method: string }) =>
      config.method === 'DELETE' ? { message: 'Position group deleted' } : { position_groups: GROUPS },
    );
    await renderAs('admin');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete Floor 2' })));
    const dialog = await screen.findByRole('dialog', { name: 'Delete position group' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete the position group Floor 2? The positions themselves are not deleted. It stays in the Trash for 30 days.',
    );
    expect(http.apiRequest).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/position-groups/1', method: 'DELETE' }),
        undefined,
      ),
    );
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/position-groups', method: 'GET' }),
        undefined,
      ),
    );
  });

  it('opens the edit dialog with the group’s current members read fresh', async () => {
    http.apiRequest.mockImplementation(async (config: { url: string }) => {
      if (config.url === '/position-groups/1')
        return {
          position_group: {
            ...GROUPS[1],
            positions: [{ id: 5, position_code: 'F2-1', position_name: 'Stair', is_active: false }],
          },
        };
      // GET /positions?include_inactive=true, for the picker.
      return {
        positions: [
          {
            id: 5,
            position_code: 'F2-1',
            position_name: 'Stair',
            description: null,
            location_details: null,
            nfc_tag_id: null,
            coordinates: null,
            is_active: false,
            created_at: '2026-03-05T10:00:00Z',
            updated_at: '2026-03-05T10:00:00Z',
          },
        ],
      };
    });
    await renderAs('admin');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit Floor 2' })));
    const dialog = await screen.findByRole('dialog', { name: 'Edit position group' });
    expect((within(dialog).getByLabelText('Group name') as HTMLInputElement).value).toBe('Floor 2');
    expect(
      await within(dialog).findByText(
        'This group also contains 1 inactive position. It is not shown in the list above, but it stays in the group.',
      ),
    ).toBeTruthy();
  });

  it('says so when the group cannot be read for editing', async () => {
    http.apiRequest.mockRejectedValue(new Error('offline'));
    await renderAs('admin');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit Yard' })));
    expect(await screen.findByText('Error loading data')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Edit position group' })).toBeNull();
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('fi');
    try {
      await renderAs('admin');
      expect(screen.getByRole('button', { name: 'Lisää kohderyhmä' })).toBeTruthy();
      expect(within(row('Floor 2')).getByText('25 (22 aktiivista)')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
