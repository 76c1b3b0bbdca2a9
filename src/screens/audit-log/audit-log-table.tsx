import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows, type DataTablePageEvent } from 'primereact/datatable';
import type { PaginatorTemplateOptions } from 'primereact/paginator';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '../../api/gen/model';
import { AuditDiff } from '../../components/audit/audit-diff.tsx';
import { actionLabel, actorLabel, entityLabel } from '../../components/audit/audit-text.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { TableSkeleton } from '../../components/table/table-skeleton.tsx';
import { useStackedRows } from '../../components/table/use-table-defaults.tsx';

type Props = {
  events: AuditEvent[];
  loading: boolean;
  /** Zero-based page and its size. */
  page: number;
  rows: number;
  /** Whether a next page exists (the page's next_cursor). */
  hasNext: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  /** The events shown open, by id. */
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
};

/** An open event: its field changes, then what else it carries (a bulk run's counts, request, client). */
function EventDetail({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  return (
    <div className="audit-event">
      <AuditDiff changes={event.changes} />
      <dl className="audit-event__facts">
        <div>
          <dt>{t('auditLog.columns.action')}</dt>
          <dd>
            <code>{event.action}</code>
          </dd>
        </div>
        {event.request_id ? (
          <div>
            <dt>{t('auditLog.detail.request')}</dt>
            <dd>
              <code>{event.request_id}</code>
            </dd>
          </div>
        ) : null}
        {event.client ? (
          <div>
            <dt>{t('auditLog.detail.client')}</dt>
            <dd>{event.client}</dd>
          </div>
        ) : null}
        {event.details ? (
          <div className="audit-event__details">
            <dt>{t('auditLog.detail.details')}</dt>
            <dd>
              <pre>{JSON.stringify(event.details, null, 2)}</pre>
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * The audit log's events, newest first, a keyset page at a time (First, Previous, Next: a log of
 * millions is not jumped through by page number). Each row opens to its diff, old → new.
 */
export function AuditLogTable(props: Props) {
  const { events, loading, page, rows, hasNext, filtered, onPage, expanded, onToggle } = props;
  const { t, i18n } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  const stacked = useStackedRows();
  const first = page * rows;

  const template = useMemo<PaginatorTemplateOptions>(
    () => ({
      layout: 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink',
      CurrentPageReport: () =>
        events.length ? (
          <span className="audit-log__report" aria-live="polite">
            {t('auditLog.pageReport', { page: page + 1 })}
          </span>
        ) : null,
    }),
    [t, page, events.length],
  );
  const expandedRows = useMemo(
    () => Object.fromEntries([...expanded].map((id) => [id, true])) as DataTableExpandedRows,
    [expanded],
  );

  return (
    <DataTable
      value={events}
      dataKey="id"
      lazy
      loading={loading}
      {...stacked}
      paginator
      paginatorTemplate={template}
      first={first}
      rows={rows}
      totalRecords={hasNext ? first + rows + 1 : first + events.length}
      onPage={(e: DataTablePageEvent) => onPage(Math.round(e.first / e.rows))}
      expandedRows={expandedRows}
      rowExpansionTemplate={(event: AuditEvent) => <EventDetail event={event} />}
      emptyMessage={
        loading ? (
          <TableSkeleton />
        ) : (
          <EmptyState message={filtered ? t('auditLog.emptyFiltered') : t('auditLog.empty')} />
        )
      }
      stripedRows
      className="data-table audit-log-table"
    >
      <Column
        header={t('auditLog.columns.time')}
        body={(e: AuditEvent) => <span className="audit-log__time">{formatDateTime(e.at)}</span>}
      />
      <Column header={t('auditLog.columns.actor')} body={(e: AuditEvent) => actorLabel(t, e)} />
      <Column
        header={t('auditLog.columns.action')}
        body={(e: AuditEvent) => actionLabel(t, e.action, (key) => i18n.exists(key))}
      />
      <Column
        header={t('auditLog.columns.entity')}
        body={(e: AuditEvent) => entityLabel(t, e.entity_type, e.entity_id)}
      />
      <Column
        header={t('auditLog.columns.changes')}
        body={(e: AuditEvent) => {
          const open = expanded.has(e.id);
          return (
            <Button
              type="button"
              text
              rounded
              icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
              aria-label={t(open ? 'auditLog.hideChanges' : 'auditLog.showChanges', { id: e.id })}
              aria-expanded={open}
              onClick={() => onToggle(e.id)}
            />
          );
        }}
        className="audit-log__toggle"
      />
    </DataTable>
  );
}
