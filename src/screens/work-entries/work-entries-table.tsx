import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import type { PaginatorTemplateOptions } from 'primereact/paginator';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkEntry } from '../../api/gen/model';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { TableSkeleton } from '../../components/table/table-skeleton.tsx';
import { useStackedRows } from '../../components/table/use-table-defaults.tsx';
import { WORK_ENTRY_PAGE_SIZES, type WorkEntrySort } from '../../domain/work-entries.ts';
import { formatDuration, workerName } from './format.ts';
import { StatusChip } from './status-chip.tsx';

/** Table column → the server's sort. */
const SORT_OF_FIELD: Record<string, WorkEntrySort> = {
  worker: 'worker',
  position_name: 'position',
  task_name: 'task',
  status: 'status',
  duration_minutes: 'duration',
  created_at: 'created',
  completed_at: 'completed',
};
const FIELD_OF_SORT = Object.fromEntries(Object.entries(SORT_OF_FIELD).map(([f, s]) => [s, f])) as Record<
  WorkEntrySort,
  string
>;

export interface PageState {
  page: number;
  rows: number;
  sort: WorkEntrySort;
  order: 'asc' | 'desc';
}

type Props = {
  entries: WorkEntry[];
  loading: boolean;
  state: PageState;
  /** Whether a next page exists (the page's next_cursor). */
  hasNext: boolean;
  /** Matches of the filters (counted up to a cap), once known. */
  total: { value: number; capped: boolean } | undefined;
  filtered: boolean;
  onPage: (page: number, rows: number) => void;
  onSort: (sort: WorkEntrySort, order: 'asc' | 'desc') => void;
  onView: (entry: WorkEntry) => void;
  /** Archived entries: sorted by creation time only, and their own empty message. */
  archived?: boolean;
};

/**
 * The work entries table, read-only: pages, sorts and filters on the server (lazy). The pages are
 * keyset pages, so the paginator steps First, Previous and Next rather than jumping to page 400
 * of a million rows; the total is the server's count, "more than 1,000" past its cap.
 */
export function WorkEntriesTable(props: Props) {
  const { entries, loading, state, hasNext, total, filtered, onPage, onSort, onView, archived } = props;
  const sortable = !archived;
  const { t, i18n } = useTranslation();
  const stacked = useStackedRows();
  const { formatDateTime } = useSiteSettings();
  const rowsId = useId();
  const first = state.page * state.rows;

  const template = useMemo<PaginatorTemplateOptions>(() => {
    const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage);
    return {
      layout: 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown',
      CurrentPageReport: () => {
        if (entries.length === 0) return null;
        const report = t('workEntries.pageReport', {
          first: number(first + 1),
          last: number(first + entries.length),
          total: total
            ? total.capped
              ? t('workEntries.totalMore', { total: number(total.value) })
              : number(total.value)
            : '…',
        });
        return (
          <span className="work-entries-report" aria-live="polite">
            {report}
          </span>
        );
      },
      RowsPerPageDropdown: (options) => (
        <span className="table-rows">
          <label htmlFor={rowsId}>{t('common.rowsPerPage')}</label>
          <Dropdown
            inputId={rowsId}
            value={options.value}
            options={options.options}
            onChange={options.onChange}
            appendTo={options.appendTo}
            pt={{ trigger: { 'aria-hidden': true }, select: { 'aria-label': t('common.rowsPerPage') } }}
          />
        </span>
      ),
    };
  }, [t, i18n.resolvedLanguage, first, entries.length, total, rowsId]);

  return (
    <DataTable
      value={entries}
      dataKey="id"
      loading={loading}
      lazy
      {...stacked}
      paginator
      paginatorTemplate={template}
      rowsPerPageOptions={[...WORK_ENTRY_PAGE_SIZES]}
      first={first}
      rows={state.rows}
      // Enough for the paginator to offer Next exactly when the server has a next page.
      totalRecords={hasNext ? first + state.rows + 1 : first + entries.length}
      onPage={(e: DataTablePageEvent) =>
        onPage(e.rows === state.rows ? Math.round(e.first / e.rows) : 0, e.rows)
      }
      sortField={FIELD_OF_SORT[state.sort]}
      sortOrder={state.order === 'asc' ? 1 : -1}
      onSort={(e: DataTableSortEvent) =>
        onSort(SORT_OF_FIELD[e.sortField] ?? 'created', e.sortOrder === 1 ? 'asc' : 'desc')
      }
      emptyMessage={
        loading ? (
          <TableSkeleton />
        ) : (
          <EmptyState
            message={
              filtered
                ? t('workEntries.emptyFiltered')
                : archived
                  ? t('workEntries.archive.empty')
                  : t('workEntries.empty')
            }
          />
        )
      }
      stripedRows
      className="data-table work-entries-table"
    >
      <Column
        field="worker"
        header={t('workEntries.columns.worker')}
        sortable={sortable}
        body={(e: WorkEntry) => workerName(t, e)}
      />
      <Column field="position_name" header={t('workEntries.columns.position')} sortable={sortable} />
      <Column
        field="task_name"
        header={t('workEntries.columns.task')}
        sortable={sortable}
        body={(e: WorkEntry) => e.task_name ?? t('workEntries.unknown')}
      />
      <Column
        field="status"
        header={t('workEntries.columns.status')}
        sortable={sortable}
        body={(e: WorkEntry) => <StatusChip status={e.status} />}
      />
      <Column
        field="duration_minutes"
        header={t('workEntries.columns.duration')}
        sortable={sortable}
        body={(e: WorkEntry) => formatDuration(t, e.duration_minutes)}
      />
      <Column
        field="created_at"
        header={t('workEntries.columns.created')}
        sortable
        body={(e: WorkEntry) => formatDateTime(e.created_at)}
      />
      <Column
        field="completed_at"
        header={t('workEntries.columns.completed')}
        sortable={sortable}
        body={(e: WorkEntry) => formatDateTime(e.completed_at)}
      />
      <Column
        header={t('common.actions')}
        headerClassName="col-actions"
        bodyClassName="col-actions"
        body={(e: WorkEntry) => (
          <Button
            type="button"
            icon="pi pi-eye"
            rounded
            text
            aria-label={t('workEntries.viewEntry', { name: workerName(t, e) })}
            tooltip={t('workEntries.view')}
            tooltipOptions={{ position: 'top' }}
            onClick={() => onView(e)}
          />
        )}
      />
    </DataTable>
  );
}
