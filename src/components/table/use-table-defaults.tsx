/**
 * What every resource table shares: client-side paging with page sizes 5, 10, 25 and 50 (default
 * 10), a rows-per-page select with a visible label (PrimeReact's own is named "Jump to Page
 * Dropdown" in English only), the 'No data available' empty state and striped rows. While the list
 * loads, skeleton rows stand where the empty state would: "no data" only once the answer says so.
 * Spread onto DataTable: <DataTable value={rows} {...useTableDefaults({ loading })} sortField="…">.
 */
import type { DataTableProps, DataTableValueArray } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import type { PaginatorTemplateOptions } from 'primereact/paginator';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../common/empty-state.tsx';
import { MEDIUM_BREAKPOINT, useMediaQuery } from '../layout/use-media-query.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './page-sizes.ts';
import { TableSkeleton } from './table-skeleton.tsx';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

type TableDefaults = Pick<
  DataTableProps<DataTableValueArray>,
  | 'dataKey'
  | 'paginator'
  | 'rows'
  | 'rowsPerPageOptions'
  | 'paginatorTemplate'
  | 'emptyMessage'
  | 'stripedRows'
  | 'className'
  | 'loading'
  | 'responsiveLayout'
  | 'breakpoint'
>;

/**
 * Below the medium breakpoint a row becomes a card: each cell on its own line under its column's
 * name, the actions in view, nothing wider than the phone (styles/phone.css draws the cards).
 * Only there: on a desk a cell holds its value alone, not its column's name as well.
 */
export function useStackedRows() {
  const wide = useMediaQuery(MEDIUM_BREAKPOINT);
  return { responsiveLayout: wide ? 'scroll' : 'stack', breakpoint: '767px' } as const;
}

export interface TableDefaultsOptions {
  /** The list is being read: skeleton rows instead of the empty state. */
  loading?: boolean;
  /** The empty state's text (default 'No data available'), or a whole element. */
  empty?: ReactNode;
}

export function useTableDefaults({ loading = false, empty }: TableDefaultsOptions = {}): TableDefaults {
  const { t } = useTranslation();
  const rowsId = useId();
  const stacked = useStackedRows();
  return useMemo(() => {
    const paginatorTemplate: PaginatorTemplateOptions = {
      layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown',
      RowsPerPageDropdown: (options) => (
        <span className="table-rows">
          <label htmlFor={rowsId}>{t('common.rowsPerPage')}</label>
          <Dropdown
            inputId={rowsId}
            value={options.value}
            options={options.options}
            onChange={options.onChange}
            appendTo={options.appendTo}
            disabled={options.disabled}
          />
        </span>
      ),
    };
    return {
      dataKey: 'id',
      paginator: true,
      rows: DEFAULT_PAGE_SIZE,
      rowsPerPageOptions: PAGE_SIZES,
      paginatorTemplate,
      emptyMessage: loading ? (
        <TableSkeleton />
      ) : typeof empty === 'string' || empty === undefined ? (
        <EmptyState message={empty ?? t('common.noData')} />
      ) : (
        empty
      ),
      stripedRows: true,
      className: 'data-table',
      loading,
      ...stacked,
    };
  }, [t, rowsId, loading, empty, stacked]);
}
