// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { ImportPositions200 } from '../../src/api/gen/model';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

const { ImportDialog } = await import('../../src/screens/positions/import-dialog.tsx');

const row = (n: number, action: ImportPositions200['rows'][number]['action'], code: string) => ({
  row: n,
  action,
  position_id: action === 'update' ? 9 : null,
  position_code: code,
  position_name: `Name ${code}`,
  description: null,
  location_details: null,
  nfc_tag_id: null,
  latitude: null,
  longitude: null,
  is_active: null,
});

const CLEAN: ImportPositions200 = {
  applied: false,
  create: 1,
  update: 1,
  unchanged: 0,
  rejected: [],
  rows: [row(2, 'create', 'N-1'), row(3, 'update', 'OLD-1')],
};
const REJECTED: ImportPositions200 = {
  applied: false,
  create: 1,
  update: 0,
  unchanged: 0,
  rejected: [
    {
      row: 3,
      field: 'position_code',
      rule: 'duplicate',
      message: 'The same value is on row 2',
      params: { other_row: 2 },
    },
    {
      row: 3,
      field: 'nfc_tag_id',
      rule: 'unique',
      message: 'This NFC tag is already used by another position',
      params: { position_code: 'B-7' },
    },
  ],
  rows: [row(2, 'create', 'N-1'), row(3, 'reject', 'N-1')],
};

const onHide = vi.fn();
function Host() {
  return <ImportDialog visible onHide={onHide} />;
}

async function choose(text: string, name = 'positions.csv') {
  const input = screen.getByLabelText('Choose CSV file') as HTMLInputElement;
  const file = new File([text], name, { type: 'text/csv' });
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
}
const importButton = () => screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
const bodies = () => http.apiRequest.mock.calls.map(([c]) => c.data as { csv: string; dry_run: boolean });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('positions CSV import dialog', () => {
  it('previews the file, then applies the same file and says what was done', async () => {
    http.apiRequest.mockImplementation(async (c: { data: { dry_run: boolean } }) =>
      c.data.dry_run ? CLEAN : { ...CLEAN, applied: true },
    );
    await renderScreen(Host);
    expect(importButton().disabled).toBe(true);
    await choose('position_code,position_name\nN-1,Name N-1\nOLD-1,Name OLD-1\n');
    await screen.findByText('positions.csv');
    await waitFor(() => expect(importButton().disabled).toBe(false));
    expect(bodies()[0]).toEqual({
      csv: 'position_code,position_name\nN-1,Name N-1\nOLD-1,Name OLD-1\n',
      dry_run: true,
    });
    const table = screen.getByRole('table');
    expect(within(table).getByText('N-1')).toBeTruthy();
    expect(within(table).getByText('Create')).toBeTruthy();
    expect(within(table).getByText('Update')).toBeTruthy();

    await act(async () => fireEvent.click(importButton()));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(bodies()[1]).toMatchObject({ dry_run: false });
    expect(await screen.findByText('Import done: 1 created, 1 updated.')).toBeTruthy();
  });

  it('shows each rejected row’s reasons in words, and refuses to import', async () => {
    http.apiRequest.mockResolvedValue(REJECTED);
    await renderScreen(Host);
    await choose('whatever');
    expect(await screen.findByText('Code: The same value is on row 2')).toBeTruthy();
    expect(screen.getByText('NFC tag ID: This NFC tag is already used by position B-7')).toBeTruthy();
    expect(screen.getByText(/Nothing is imported while any row is rejected/)).toBeTruthy();
    expect(importButton().disabled).toBe(true);
    // Rejected rows first; every row on request.
    expect(within(screen.getByRole('table')).queryByText('Create')).toBeNull();
    fireEvent.click(screen.getByText('All rows'));
    expect(within(screen.getByRole('table')).getByText('Create')).toBeTruthy();
  });

  it('shows the server’s reason when the file cannot be read as positions', async () => {
    http.apiRequest.mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Missing column: position_name',
        code: 'INVALID_CSV',
        details: [{ field: 'csv', message: 'Missing column: position_name' }],
      }),
    );
    await renderScreen(Host);
    await choose('position_code\nA');
    expect(await screen.findByText('Missing column: position_name')).toBeTruthy();
    expect(importButton().disabled).toBe(true);
  });

  it('refuses a file over the size limit without sending it', async () => {
    await renderScreen(Host);
    const input = screen.getByLabelText('Choose CSV file') as HTMLInputElement;
    const big = new File(['x'], 'huge.csv');
    Object.defineProperty(big, 'size', { value: 6_000_000 });
    await act(async () => fireEvent.change(input, { target: { files: [big] } }));
    expect(await screen.findByText('The file is larger than 5 MB.')).toBeTruthy();
    expect(http.apiRequest).not.toHaveBeenCalled();
  });
});
