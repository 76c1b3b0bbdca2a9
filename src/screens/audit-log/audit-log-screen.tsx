import { keepPreviousData } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import {
  listAuditEvents,
  useListAuditEvents,
  useVerifyAuditChain,
} from '../../api/gen/audit-events/audit-events.ts';
import type { VerifyAuditChain200 } from '../../api/gen/model';
import { asEventList } from '../../components/audit/audit-text.ts';
import { downloadCsv } from '../../components/common/download.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { useKeysetPages } from '../../components/table/use-keyset-pages.ts';
import { AUDIT_PAGE_DEFAULT } from '../../domain/audit.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { auditParams, filterCount, validateAuditLogSearch } from './audit-log-search.ts';
import { AuditLogTable } from './audit-log-table.tsx';
import './audit-log.css';

const ROWS = AUDIT_PAGE_DEFAULT;

/** The chain check's answer in words, and the events not sealed yet (pending, not broken). */
function VerifyResult({ check }: { check: VerifyAuditChain200 }) {
  const { t } = useTranslation();
  const pending = check.pending ? (
    <Message
      severity="info"
      className="page-alert"
      text={t('auditLog.verify.pending', { count: check.pending })}
    />
  ) : null;
  if (check.ok) {
    return (
      <>
        <Message
          severity="success"
          className="page-alert"
          text={t('auditLog.verify.ok', { count: check.count })}
        />
        {pending}
      </>
    );
  }
  const reason = t(`auditLog.verify.reasons.${check.reason ?? 'content'}`);
  const text =
    check.broken_id !== null && check.broken_id !== undefined
      ? t('auditLog.verify.broken', { id: check.broken_id, reason })
      : t('auditLog.verify.brokenNoId', { reason });
  return (
    <>
      <Message severity="error" className="page-alert" text={text} />
      {pending}
    </>
  );
}

/**
 * The audit log (system.logs): every change on the site newest first, filtered in the URL, each
 * event opening to its diff; the chain check and the CSV export of what the filters match.
 */
export function AuditLogScreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [search, setSearch] = useScreenSearch(validateAuditLogSearch);
  const params = useMemo(() => auditParams(search), [search]);
  const pages = useKeysetPages(JSON.stringify(params));
  const list = useListAuditEvents(
    { ...params, limit: ROWS, cursor: pages.cursor },
    { query: { placeholderData: keepPreviousData, staleTime: 0 } },
  );
  const data = asEventList(list.data);
  const verify = useVerifyAuditChain({ query: { enabled: false, gcTime: 0, retry: false } });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [exporting, setExporting] = useState(false);

  const onFilter = useCallback(
    (patch: Parameters<typeof setSearch>[0], options?: { replace?: boolean }) => setSearch(patch, options),
    [setSearch],
  );
  const onToggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const onExport = async () => {
    setExporting(true);
    try {
      const text = await listAuditEvents({ ...params, format: 'csv' }, { responseType: 'text', timeout: 0 });
      downloadCsv(String(text), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      const busy = isApiError(err) && err.status === 429;
      notify.error(t(busy ? 'auditLog.export.busy' : 'auditLog.export.failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="page">
      <PageHeader
        title={t('auditLog.title')}
        subtitle={t('auditLog.subtitle')}
        actions={
          <>
            <Button
              label={t('auditLog.export.button')}
              icon="pi pi-download"
              outlined
              loading={exporting}
              disabled={exporting}
              onClick={onExport}
            />
            <Button
              label={t('auditLog.verify.button')}
              icon="pi pi-shield"
              loading={verify.isFetching}
              disabled={verify.isFetching}
              onClick={() => verify.refetch()}
            />
          </>
        }
      />
      <div role="status" className="audit-log__verify">
        {verify.isFetching ? <span className="sr-only">{t('auditLog.verify.running')}</span> : null}
        {!verify.isFetching && verify.isError ? (
          <Message severity="error" className="page-alert" text={t('auditLog.verify.failed')} />
        ) : null}
        {!verify.isFetching && verify.data ? <VerifyResult check={verify.data} /> : null}
      </div>
      <LoadFailedAlert show={list.isError} />
      <div className="card">
        <AuditLogFilters search={search} onChange={onFilter} />
        <AuditLogTable
          events={data?.audit_events ?? []}
          loading={list.isFetching}
          page={pages.page}
          rows={ROWS}
          hasNext={Boolean(data?.next_cursor) && !list.isPlaceholderData}
          filtered={filterCount(search) > 0}
          onPage={(page) => pages.goTo(page, data?.next_cursor)}
          expanded={expanded}
          onToggle={onToggle}
        />
      </div>
    </section>
  );
}
