/**
 * After an add, the new row is shown: the table turns to the page that holds it, in the order the
 * table sorts, scrolls it into view and marks it for a few seconds. Spread the props on the table's
 * DataTable (after useTableDefaults, which they page for):
 *
 *   const shown = useShownRow(rows, createdId);
 *   <DataTable value={rows} {...useTableDefaults({ loading })} {...shown}>
 *
 * The page is found by looking: the table's own sort (its sortFunction included) decides the
 * order, so the hook turns pages until the marked row is drawn (a synchronous re-render per page,
 * before anything is painted), rather than sorting a second time beside it.
 */
import type { DataTablePageEvent } from 'primereact/datatable';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './use-table-defaults.tsx';

export const SHOWN_ROW_CLASS = 'row--created';
/** How long the new row stays marked. */
const MARKED_MS = 6000;

/**
 * `paged: false` for a server-paged (lazy) table, whose pages are the server's: the row is marked
 * and scrolled to when the page shown holds it, and the table's own paging props are left alone.
 */
export function useShownRow<T extends { id: number }>(
  rows: readonly T[],
  createdId: number | null | undefined,
  { paged = true }: { paged?: boolean } = {},
) {
  const [page, setPage] = useState({ first: 0, rows: DEFAULT_PAGE_SIZE });
  const [marked, setMarked] = useState<number | null>(null);
  const seeking = useRef<number | null>(null);
  /** Pages turned in this search: each page is looked at once at most. */
  const turned = useRef(0);
  const tableRef = useRef<HTMLElement | null>(null);
  // A callback ref: it fits every DataTable<rows> (each has getElement), whatever its row type.
  const ref = useCallback((table: { getElement: () => HTMLElement | null } | null) => {
    tableRef.current = table?.getElement() ?? null;
  }, []);

  // A new id starts a search for its row.
  const last = useRef(createdId);
  if (createdId !== last.current) {
    last.current = createdId;
    if (createdId !== null && createdId !== undefined) {
      seeking.current = createdId;
      turned.current = 0;
    }
  }

  const present = seeking.current !== null && rows.some((row) => row.id === seeking.current);
  useLayoutEffect(() => {
    const id = seeking.current;
    if (id === null || !present) return;
    if (marked !== id) {
      setMarked(id);
      return;
    }
    const row = tableRef.current?.querySelector<HTMLElement>(`tr.${SHOWN_ROW_CLASS}`);
    if (row) {
      seeking.current = null;
      row.scrollIntoView?.({ block: 'center' });
    } else if (paged && turned.current++ <= Math.ceil(rows.length / page.rows)) {
      // The next page, from the last back to the first.
      setPage((p) => ({ ...p, first: p.first + p.rows < rows.length ? p.first + p.rows : 0 }));
    } else {
      seeking.current = null;
    }
  });

  useLayoutEffect(() => {
    if (marked === null) return;
    const timer = setTimeout(() => setMarked(null), MARKED_MS);
    return () => clearTimeout(timer);
  }, [marked]);

  const rowClassName = (row: T) => (row.id === marked ? SHOWN_ROW_CLASS : undefined);
  if (!paged) return { ref, rowClassName };
  return {
    ref,
    rowClassName,
    first: page.first,
    rows: page.rows,
    onPage: (e: DataTablePageEvent) => setPage({ first: e.first, rows: e.rows }),
  };
}
