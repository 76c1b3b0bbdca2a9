import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import {
  getListWorkEntriesQueryKey,
  useListArchivedWorkEntries,
  useListWorkEntries,
} from '../../api/gen/work-entries/work-entries.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useLiveEvent } from '../../components/live/use-live-event.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { useKeysetPages } from '../../components/table/use-keyset-pages.ts';
import type { WorkEntrySort } from '../../domain/work-entries.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useExport } from './use-export.ts';
import { archiveParams, filterParams, hasFilters, validateWorkEntriesSearch } from './work-entries-search.ts';
import { WorkEntriesTable } from './work-entries-table.tsx';
import { WorkEntriesToolbar } from './work-entries-toolbar.tsx';
import { WorkEntryDialog } from './work-entry-dialog.tsx';
import './work-entries.css';

const DEFAULT_ROWS = 25;

/**
 * Work entries at a million rows: a read-only table paged, sorted and filtered on the server, the
 * filters and sort in the URL, a detail dialog, and the CSV export of every matching row with its
 * progress.
 */
export function WorkEntriesScreen() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const [search, setSearch] = useScreenSearch(validateWorkEntriesSearch);
  const [rows, setRows] = useState(DEFAULT_ROWS);
  const exporter = useExport();

  // The archive tab (?archive=true) only for those who see every entry (its routes ask for it).
  const archived = search.archive === true && can('work_entries.view_all');
  const params = useMemo(() => filterParams(search), [search]);
  const stored = useMemo(() => archiveParams(search), [search]);
  const key = JSON.stringify([archived ? stored : params, rows, archived]);
  const pages = useKeysetPages(key);
  const live = useListWorkEntries(
    { ...params, limit: rows, cursor: pages.cursor },
    { query: { placeholderData: keepPreviousData, enabled: !archived } },
  );
  const archive = useListArchivedWorkEntries(
    { ...stored, limit: rows, cursor: pages.cursor },
    { query: { placeholderData: keepPreviousData, enabled: archived } },
  );
  const list = archived ? archive : live;
  // The count comes with the first page only; later pages keep it.
  const [counted, setCounted] = useState<{ key: string; value: number; capped: boolean }>();
  const data = list.data;
  if (
    data &&
    data.total !== null &&
    pages.page === 0 &&
    !list.isPlaceholderData &&
    (counted?.key !== key || counted.value !== data.total || counted.capped !== data.total_capped)
  ) {
    setCounted({ key, value: data.total, capped: data.total_capped });
  }

  // New entries are counted, not inserted: the list stays still until the reader asks for them.
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState(0);
  useLiveEvent((event) => {
    if (event.type === 'work_entry.created' && !archived) setFresh((n) => n + 1);
  });
  const showFresh = () => {
    setFresh(0);
    pages.goTo(0, undefined);
    void queryClient.invalidateQueries({ queryKey: getListWorkEntriesQueryKey() });
  };

  const onFilter = useCallback(
    (patch: Parameters<typeof setSearch>[0], options?: { replace?: boolean }) => setSearch(patch, options),
    [setSearch],
  );
  const onSort = (sort: WorkEntrySort, order: 'asc' | 'desc') =>
    setSearch({
      sort: sort === 'created' && order === 'desc' ? undefined : sort,
      order: sort === 'created' && order === 'desc' ? undefined : order,
    });
  const views = [
    { value: 'entries', label: t('workEntries.archive.viewEntries') },
    { value: 'archive', label: t('workEntries.archive.viewArchive') },
  ];
  const onView = (view: string) =>
    // Each view starts unsorted; the archive has no text search.
    setSearch({
      archive: view === 'archive' ? true : undefined,
      sort: undefined,
      order: undefined,
      q: undefined,
    });
  const onExport = async () => {
    try {
      const exported = await exporter.run(params, archived ? stored : undefined);
      notify.success(t('workEntries.export.done', { rows: exported.toLocaleString(i18n.resolvedLanguage) }));
    } catch (err) {
      // 429: the server's bound on concurrent exports (EXPORT_BUSY); a later try succeeds.
      const busy = isApiError(err) && err.status === 429;
      notify.error(t(busy ? 'workEntries.export.busy' : 'workEntries.export.failed'));
    }
  };
  const progress = exporter.progress;
  const filtered = hasFilters(search);

  return (
    <section className="page">
      <PageHeader
        title={t('workEntries.title')}
        subtitle={
          archived
            ? t('workEntries.archive.subtitle')
            : can('work_entries.view_all')
              ? t('workEntries.subtitle')
              : t('workEntries.subtitleOwn')
        }
        actions={
          can('work_entries.export') ? (
            <Button
              label={t('workEntries.export.button')}
              icon="pi pi-download"
              outlined
              loading={progress !== null}
              disabled={progress !== null}
              onClick={onExport}
            />
          ) : null
        }
      />
      {can('work_entries.view_all') ? (
        <div className="work-entries-view">
          <span id="work-entries-view-label" className="sr-only">
            {t('workEntries.archive.viewLabel')}
          </span>
          <SelectButton
            value={archived ? 'archive' : 'entries'}
            options={views}
            allowEmpty={false}
            aria-labelledby="work-entries-view-label"
            onChange={(e) => onView(e.value)}
          />
        </div>
      ) : null}
      {progress ? (
        <div className="work-entries-export" role="status">
          <span>
            {progress.total !== undefined
              ? t('workEntries.export.progress', {
                  rows: progress.rows.toLocaleString(i18n.resolvedLanguage),
                  total: progress.total.toLocaleString(i18n.resolvedLanguage),
                })
              : t('workEntries.export.progressRows', {
                  rows: progress.rows.toLocaleString(i18n.resolvedLanguage),
                })}
          </span>
          <ProgressBar
            aria-label={t('workEntries.export.label')}
            value={progress.total ? Math.round((progress.rows / progress.total) * 100) : undefined}
            mode={progress.total ? 'determinate' : 'indeterminate'}
            showValue={false}
          />
        </div>
      ) : null}
      <LoadFailedAlert show={list.isError} />
      <div className="card">
        <WorkEntriesToolbar search={search} onChange={onFilter} archived={archived} />
        <div className="work-entries-fresh" aria-live="polite">
          {fresh > 0 && !archived ? (
            <Button
              label={t('workEntries.live.newEntries', { count: fresh })}
              icon="pi pi-arrow-up"
              size="small"
              rounded
              title={t('workEntries.live.newEntriesHint')}
              onClick={showFresh}
            />
          ) : null}
        </div>
        <WorkEntriesTable
          entries={data?.work_entries ?? []}
          loading={list.isFetching}
          state={{
            page: pages.page,
            rows,
            sort: archived ? 'created' : params.sort,
            order: archived ? stored.order : params.order,
          }}
          archived={archived}
          hasNext={Boolean(data?.next_cursor) && !list.isPlaceholderData}
          total={counted?.key === key ? counted : undefined}
          filtered={filtered}
          onPage={(page, newRows) => {
            if (newRows !== rows) setRows(newRows);
            else pages.goTo(page, data?.next_cursor);
          }}
          onSort={onSort}
          onView={(entry) => setSearch({ entry: entry.id })}
        />
      </div>
      {/* The open entry is in the URL (?entry=): a link opens it, Back closes it. */}
      <WorkEntryDialog
        entryId={search.entry ?? null}
        onHide={() => setSearch({ entry: undefined })}
        archived={archived}
      />
    </section>
  );
}
