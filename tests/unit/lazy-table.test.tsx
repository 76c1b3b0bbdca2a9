// @vitest-environment happy-dom
/** The server-paged table kit: page and sort state, the list query it becomes, DataTable's events. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  firstPage,
  type LazyQuery,
  lazyQuery,
  lazyTableProps,
  useLazyTable,
} from '../../src/components/table/use-lazy-table.ts';
import { useTableDefaults } from '../../src/components/table/use-table-defaults.tsx';
import i18n from '../../src/i18n/index.ts';

const Sorts = { name: 'name', created_at: 'created_at' } as const;
type Sort = (typeof Sorts)[keyof typeof Sorts];
type Row = { id: number; name: string; created_at: string; note: string };
const ALL: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Row ${String(i + 1).padStart(2, '0')}`,
  created_at: `2026-03-${String(23 - i).padStart(2, '0')}`,
  note: String(i % 3),
}));

/** What a list endpoint answers for a query. */
function serve(q: LazyQuery<Sort>) {
  const sorted = [...ALL].sort((a, b) => a[q.sort].localeCompare(b[q.sort]) * (q.order === 'asc' ? 1 : -1));
  return { rows: sorted.slice(q.offset, q.offset + q.limit), total: ALL.length };
}

const queries: LazyQuery<Sort>[] = [];
function Table() {
  const table = useLazyTable(Sorts, 'name');
  queries.push(table.query);
  const page = serve(table.query);
  return (
    <>
      <button type="button" onClick={table.restart}>
        Filter
      </button>
      <DataTable value={page.rows} {...useTableDefaults()} {...table.props(page.total)}>
        <Column field="name" header="Name" sortable />
        <Column field="created_at" header="Created" sortable />
        <Column field="note" header="Note" sortable />
      </DataTable>
    </>
  );
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
const pageButton = (n: string) =>
  screen
    .getAllByRole('button')
    .find((b) => b.classList.contains('p-paginator-page') && b.textContent === n) as HTMLElement;
const last = () => queries[queries.length - 1];

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  queries.length = 0;
});

describe('lazy table kit', () => {
  it('turns a page into the list query', () => {
    expect(lazyQuery(firstPage<Sort>('name'))).toEqual({ limit: 10, offset: 0, sort: 'name', order: 'asc' });
    expect(lazyQuery({ first: 20, rows: 5, sortField: 'created_at', sortOrder: -1 })).toEqual({
      limit: 5,
      offset: 20,
      sort: 'created_at',
      order: 'desc',
    });
  });

  it('pages through the server, sorts from the first page, and falls back to the default sort', async () => {
    render(<Table />);
    expect(last()).toEqual({ limit: 10, offset: 0, sort: 'name', order: 'asc' });
    expect(names()[0]).toBe('Row 01');

    await act(async () => fireEvent.click(pageButton('2')));
    expect(last()).toEqual({ limit: 10, offset: 10, sort: 'name', order: 'asc' });
    expect(names()[0]).toBe('Row 11');

    // A new sort starts again from the first page.
    await act(async () => fireEvent.click(screen.getByText('Created')));
    expect(last()).toEqual({ limit: 10, offset: 0, sort: 'created_at', order: 'asc' });
    expect(names()[0]).toBe('Row 23');
    await act(async () => fireEvent.click(screen.getByText('Created')));
    expect(last()?.order).toBe('desc');

    // A column the endpoint does not sort by: the default sort.
    await act(async () => fireEvent.click(screen.getByText('Note')));
    expect(last()?.sort).toBe('name');

    await act(async () => fireEvent.click(pageButton('3')));
    expect(last()?.offset).toBe(20);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filter' })));
    expect(last()).toEqual({ limit: 10, offset: 0, sort: 'name', order: 'asc' });
  });

  it('gives a presentational table the props of the page its screen keeps', () => {
    const pages: unknown[] = [];
    const props = lazyTableProps(firstPage<Sort>('name'), (p) => pages.push(p), 40, Sorts, 'name');
    expect(props).toMatchObject({
      lazy: true,
      first: 0,
      rows: 10,
      totalRecords: 40,
      sortField: 'name',
      sortOrder: 1,
    });
    props.onPage({ first: 30, rows: 10, page: 3, pageCount: 4 });
    props.onSort({ sortField: 'constructor', sortOrder: -1, multiSortMeta: null });
    expect(pages).toEqual([
      { first: 30, rows: 10, sortField: 'name', sortOrder: 1 },
      { first: 0, rows: 10, sortField: 'name', sortOrder: -1 },
    ]);
  });
});
