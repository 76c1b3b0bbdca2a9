// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { Position, PositionGroupDetail } from '../../src/api/gen/model';
import i18n from '../../src/i18n/index.ts';

// The boundary is the HTTP client: the generated hooks run for real and we see the requests they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

const { PositionGroupFormDialog } = await import(
  '../../src/screens/position-groups/position-group-form-dialog.tsx'
);

function position(id: number, code: string, isActive = true): Position {
  return {
    id,
    position_code: code,
    position_name: `Spot ${code}`,
    description: null,
    location_details: null,
    nfc_tag_id: null,
    coordinates: null as never,
    is_active: isActive,
    created_at: '2026-03-05T10:00:00Z',
    updated_at: '2026-03-05T10:00:00Z',
  };
}

const POSITIONS = [
  position(1, 'A-1'),
  position(2, 'A-2', false),
  position(3, 'B-1'),
  position(4, 'B-2', false),
];

const roof: PositionGroupDetail = {
  id: 9,
  group_name: 'Roof',
  group_code: 'roof',
  description: 'Top floor',
  is_active: true,
  position_count: 3,
  active_position_count: 1,
  created_at: '2026-03-05T10:00:00Z',
  updated_at: '2026-03-05T10:00:00Z',
  positions: [
    { id: 1, position_code: 'A-1', position_name: 'Spot A-1', is_active: true },
    { id: 2, position_code: 'A-2', position_name: 'Spot A-2', is_active: false },
    { id: 4, position_code: 'B-2', position_name: 'Spot B-2', is_active: false },
  ],
};

type Config = { url: string; method: string; data?: unknown };
let saveAnswer: () => Promise<unknown>;
http.apiRequest.mockImplementation(async (config: Config) =>
  config.url === '/positions' ? { positions: POSITIONS } : saveAnswer(),
);

function renderDialog(group: PositionGroupDetail | null, onSaved = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <PositionGroupFormDialog group={group} visible onHide={() => {}} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const saved = () => http.apiRequest.mock.calls.map((c) => c[0] as Config).find((c) => c.method !== 'GET');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  http.apiRequest.mockClear();
});

describe('position group form dialog', () => {
  it('reads every position once, inactive ones included, for the picker', async () => {
    renderDialog(roof);
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/positions', method: 'GET', params: { include_inactive: true } }),
        undefined,
      ),
    );
  });

  it('warns about the inactive members and keeps them when saving', async () => {
    saveAnswer = async () => ({ position_group: roof });
    const onSaved = renderDialog(roof);
    expect(
      await screen.findByText(
        'This group also contains 2 inactive positions. They are not shown in the list above, but they stay in the group.',
      ),
    ).toBeTruthy();
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved()).toMatchObject({
      url: '/position-groups/9',
      method: 'PUT',
      data: {
        group_name: 'Roof',
        group_code: 'roof',
        description: 'Top floor',
        is_active: true,
      },
    });
    const { position_ids } = (saved() as Config).data as { position_ids: number[] };
    expect([...position_ids].sort()).toEqual([1, 2, 4]);
  });

  it('offers only active positions in the picker, with a filter', async () => {
    renderDialog(roof);
    await screen.findByText(/inactive positions/);
    await act(async () => fireEvent.click(document.querySelector('.position-picker') as HTMLElement));
    // The menu is an overlay outside the modal dialog, which testing-library counts as hidden.
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['A-1 – Spot A-1', 'B-1 – Spot B-1']);
    expect(screen.getByRole('searchbox', { name: 'Search positions', hidden: true })).toBeTruthy();
    expect((document.querySelector('.p-multiselect-items-wrapper') as HTMLElement).style.maxHeight).toBe(
      '300px',
    );
  });

  it('generates the code from the name', async () => {
    renderDialog(null);
    fireEvent.change(field('Group name'), { target: { value: 'Floor 2 – East' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Generate code from the name' })),
    );
    expect(field('Group code').value).toBe('floor_2_east');
  });

  it('creates a group with the chosen name, code and no positions', async () => {
    saveAnswer = async () => ({ position_group: { ...roof, id: 10 } });
    const onSaved = renderDialog(null);
    fireEvent.change(field('Group name'), { target: { value: 'Yard' } });
    fireEvent.change(field('Group code'), { target: { value: 'yard' } });
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved()).toMatchObject({
      url: '/position-groups',
      method: 'POST',
      data: { group_name: 'Yard', group_code: 'yard', description: null, position_ids: [] },
    });
  });

  it('validates the code before calling the server', async () => {
    renderDialog(null);
    fireEvent.change(field('Group name'), { target: { value: 'Yard' } });
    fireEvent.change(field('Group code'), { target: { value: 'yard north' } });
    await save();
    expect(await screen.findByText('Use only letters, digits, underscores (_) and hyphens (-)')).toBeTruthy();
    expect(saved()).toBeUndefined();
  });

  it('puts a taken code on the code field, in the user’s language', async () => {
    saveAnswer = () =>
      Promise.reject(
        new ApiError(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'A position group with this code already exists',
          details: [
            {
              field: 'group_code',
              rule: 'unique',
              message: 'A position group with this code already exists',
            },
          ],
        }),
      );
    await i18n.changeLanguage('fi');
    try {
      renderDialog(roof);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tallenna' })));
      expect(await screen.findByText('Tällä tunnuksella on jo kohderyhmä')).toBeTruthy();
      expect(screen.queryByText('Kohderyhmän tallentaminen epäonnistui')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the server’s message, or the generic one when the server failed', async () => {
    saveAnswer = () =>
      Promise.reject(
        new ApiError(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'You do not have permission to do this',
        }),
      );
    renderDialog(roof);
    await save();
    expect(await screen.findByText('You do not have permission to do this')).toBeTruthy();
    cleanup();

    saveAnswer = () =>
      Promise.reject(new ApiError(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }));
    renderDialog(roof);
    await save();
    expect(await screen.findByText('Failed to save position group')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
