/**
 * A server-paged (lazy) DataTable: the page and sort a screen keeps, the list query they become
 * (limit, offset, sort, order) and the DataTable props that page and sort through it. Every table
 * whose rows come one page at a time from the server uses it, beside useTableDefaults():
 *
 *   const table = useLazyTable(ListPositionsSort, 'position_code');
 *   const list = usePositionsPage({ ...filters, ...table.query });
 *   <DataTable value={rows} {...useTableDefaults()} {...table.props(list.data?.total ?? 0)}>
 *
 * A presentational table that receives the page from its screen calls lazyTableProps() itself.
 */
import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './use-table-defaults.tsx';

export interface LazyPage<S extends string> {
  first: number;
  rows: number;
  sortField: S;
  sortOrder: 1 | -1;
}

/** The sorts the list endpoint accepts, by column field: the generated enum object (orval). */
export type SortFields<S extends string> = Readonly<Record<string, S>>;

/** The list query of a page: what every server-paged list endpoint takes. */
export interface LazyQuery<S extends string> {
  limit: number;
  offset: number;
  sort: S;
  order: 'asc' | 'desc';
}

export interface LazyTableProps<S extends string> {
  lazy: true;
  first: number;
  rows: number;
  totalRecords: number;
  sortField: S;
  sortOrder: 1 | -1;
  onPage: (e: DataTablePageEvent) => void;
  onSort: (e: DataTableSortEvent) => void;
}

/** The first page, sorted by `sortField`, with the kit's default page size. */
export function firstPage<S extends string>(sortField: S, sortOrder: 1 | -1 = 1): LazyPage<S> {
  return { first: 0, rows: DEFAULT_PAGE_SIZE, sortField, sortOrder };
}

export function lazyQuery<S extends string>(page: LazyPage<S>): LazyQuery<S> {
  return {
    limit: page.rows,
    offset: page.first,
    sort: page.sortField,
    order: page.sortOrder === -1 ? 'desc' : 'asc',
  };
}

/**
 * The DataTable props of a lazy table showing `page` of `total` rows. A new sort starts again from
 * the first page; a column the endpoint cannot sort by (or PrimeReact's unsorted third click)
 * falls back to `defaultSort`.
 */
export function lazyTableProps<S extends string>(
  page: LazyPage<S>,
  onPage: (page: LazyPage<S>) => void,
  total: number,
  sorts: SortFields<S>,
  defaultSort: S,
): LazyTableProps<S> {
  return {
    lazy: true,
    first: page.first,
    rows: page.rows,
    totalRecords: total,
    sortField: page.sortField,
    sortOrder: page.sortOrder,
    onPage: (e) => onPage({ ...page, first: e.first, rows: e.rows }),
    onSort: (e) =>
      onPage({
        ...page,
        first: 0,
        sortField: Object.hasOwn(sorts, e.sortField) ? (sorts[e.sortField] as S) : defaultSort,
        sortOrder: e.sortOrder === -1 ? -1 : 1,
      }),
  };
}

export interface LazyTable<S extends string> {
  page: LazyPage<S>;
  setPage: (page: LazyPage<S>) => void;
  /** Back to the first page, keeping size and sort: call it when a filter changes. */
  restart: () => void;
  query: LazyQuery<S>;
  /** The DataTable props for a list of `total` rows. */
  props: (total: number) => LazyTableProps<S>;
}

/** The page state of a server-paged table, its list query and its DataTable props. */
export function useLazyTable<S extends string>(
  sorts: SortFields<S>,
  defaultSort: S,
  defaultOrder: 1 | -1 = 1,
): LazyTable<S> {
  const [page, setPage] = useState<LazyPage<S>>(() => firstPage(defaultSort, defaultOrder));
  const restart = useCallback(() => setPage((p) => (p.first === 0 ? p : { ...p, first: 0 })), []);
  return useMemo(
    () => ({
      page,
      setPage,
      restart,
      query: lazyQuery(page),
      props: (total: number) => lazyTableProps(page, setPage, total, sorts, defaultSort),
    }),
    [page, restart, sorts, defaultSort],
  );
}
