// @vitest-environment happy-dom
/** The shared table set-up and column bodies, as a resource screen uses them. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderDom, screen, within } from '@testing-library/react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getGetSiteDisplaySettingsQueryKey } from '../../src/api/gen/site-settings/site-settings.ts';
import { DateCell, RowActions } from '../../src/components/table/cells.tsx';
import { actionsColumn, createdColumn, statusColumn } from '../../src/components/table/columns.tsx';
import { useTableDefaults } from '../../src/components/table/use-table-defaults.tsx';
import i18n from '../../src/i18n/index.ts';

type Row = { id: number; name: string; created_at: string; is_active: boolean };
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Row ${String(i + 1).padStart(2, '0')}`,
  created_at: '2026-03-05T10:00:00Z',
  is_active: i !== 0,
}));

function Table({ value, onEdit }: { value: Row[]; onEdit?: (row: Row) => void }) {
  return (
    <DataTable value={value} {...useTableDefaults()} sortField="name" sortOrder={1}>
      <Column field="name" header="Name" sortable />
      {createdColumn<Row>('Created')}
      {statusColumn<Row>('Status')}
      {actionsColumn<Row>('Actions', (row) => (
        <RowActions name={row.name} onEdit={onEdit ? () => onEdit(row) : undefined} />
      ))}
    </DataTable>
  );
}

/** Dates follow the site's display settings (GET /site-settings/display), here already answered. */
function render(ui: ReactElement, display = { timezone: 'UTC', dateFormat: 'DD/MM/YYYY' }) {
  const client = new QueryClient();
  client.setQueryData(getGetSiteDisplaySettingsQueryKey(), { ...display, defaultUserRole: 'worker' });
  return renderDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('table kit', () => {
  it('pages by 10 with a labelled rows-per-page select', () => {
    render(<Table value={rows} />);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByLabelText('Rows per page')).toBeTruthy();
  });

  it('shows the created date, the status and row actions named after the row', () => {
    const onEdit = vi.fn();
    render(<Table value={rows} onEdit={onEdit} />);
    const first = screen.getByText('Row 01').closest('tr') as HTMLElement;
    expect(within(first).getByText('05/03/2026')).toBeTruthy();
    expect(within(first).getByText('Inactive')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Edit Row 01' }));
    expect(onEdit).toHaveBeenCalledWith(rows[0]);
    expect(within(first).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('says so when there is nothing to show, in the current language', async () => {
    await i18n.changeLanguage('fi');
    render(<Table value={[]} />);
    expect(screen.getByText('Ei tietoja')).toBeTruthy();
    expect(screen.getByLabelText('Rivejä sivulla')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it("shows a date in the site's time zone and date format", () => {
    render(<DateCell value="2026-03-05T12:00:00Z" />, {
      timezone: 'Pacific/Auckland',
      dateFormat: 'DD.MM.YYYY',
    });
    expect(screen.getByText('06.03.2026')).toBeTruthy();
  });
});

describe('loading placeholders', () => {
  it('are a page of rows (the default page size, 10), each a row box of its own, announced once', async () => {
    const { TableSkeleton } = await import('../../src/components/table/table-skeleton.tsx');
    renderDom(<TableSkeleton />);
    const status = screen.getByRole('status', { name: 'Loading...' });
    expect(status.querySelectorAll('.table-skeleton__row')).toHaveLength(10);
  });

  it('leaves out a column no row fills', async () => {
    const { anyFilled } = await import('../../src/components/table/columns.tsx');
    expect(anyFilled([{ description: null }, { description: '  ' }], 'description')).toBe(false);
    expect(anyFilled([{ description: null }, { description: 'Lift' }], 'description')).toBe(true);
    expect(anyFilled(undefined, 'description' as never)).toBe(false);
  });
});
