/**
 * The background jobs on the System status page — each job's last run (when, ok or failed, which
 * attempt, what it did on this site), its next run, and its failures of the last 24 hours with the
 * latest error. Stacked rows on a phone, like the Services table.
 */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { JobStatus } from '../../api/gen/model';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { useStackedRows } from '../../components/table/use-table-defaults.tsx';

const RUN_SEVERITY = { ok: 'success', failed: 'danger', running: 'info' } as const;
const KNOWN_JOBS = [
  'work-entry-archive',
  'trash-purge',
  'coverage-close',
  'audit-seal',
  'notification-digest',
] as const;
const KNOWN_RESULTS = ['moved', 'purged', 'judged', 'sealed', 'queued'] as const;

function JobName({ job }: { job: JobStatus }) {
  const { t } = useTranslation();
  const known = (KNOWN_JOBS as readonly string[]).includes(job.name);
  return (
    <div className="job-cell">
      <span className="service-name">
        <i className="pi pi-clock" aria-hidden="true" />
        {known ? t(`systemStatus.jobs.names.${job.name as (typeof KNOWN_JOBS)[number]}`) : job.name}
      </span>
      <span className="status-card__muted">{t(`systemStatus.jobs.runner.${job.runner}`)}</span>
    </div>
  );
}

function LastRun({ job }: { job: JobStatus }) {
  const { t, i18n } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  const run = job.last_run;
  if (!run) return <span className="status-card__muted">{t('systemStatus.jobs.never')}</span>;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const did = Object.entries(run.result).map(([key, value]) =>
    (KNOWN_RESULTS as readonly string[]).includes(key)
      ? t(`systemStatus.jobs.result.${key as (typeof KNOWN_RESULTS)[number]}`, { count: value })
      : `${key}: ${number.format(value)}`,
  );
  return (
    <div className="job-cell">
      <span className="job-cell__line">
        <Tag
          value={t(`systemStatus.jobs.status.${run.status}`)}
          severity={RUN_SEVERITY[run.status]}
          rounded
        />
        <span>{formatDateTime(run.finished_at ?? run.started_at)}</span>
      </span>
      {run.attempt > 1 ? (
        <span className="status-card__muted">{t('systemStatus.jobs.attempt', { n: run.attempt })}</span>
      ) : null}
      {did.length > 0 ? <span>{did.join(' · ')}</span> : null}
      {run.status === 'failed' && run.error ? (
        <span className="service-details__error">{run.error}</span>
      ) : null}
    </div>
  );
}

function Failures({ job }: { job: JobStatus }) {
  const { t } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  return (
    <div className="job-cell">
      <span>{t('systemStatus.jobs.failureCount', { count: job.failures_24h })}</span>
      {job.last_failure ? (
        <span className="service-details__error">
          {t('systemStatus.jobs.lastError', {
            time: formatDateTime(job.last_failure.at),
            message: job.last_failure.error,
          })}
        </span>
      ) : null}
    </div>
  );
}

export function JobsTable({ jobs }: { jobs: JobStatus[] }) {
  const { t } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  const stacked = useStackedRows();
  return (
    <DataTable
      value={jobs}
      dataKey="name"
      {...stacked}
      className="data-table"
      stripedRows
      emptyMessage={<EmptyState icon="pi pi-clock" message={t('systemStatus.jobs.none')} />}
      aria-label={t('systemStatus.jobs.title')}
    >
      <Column header={t('systemStatus.jobs.job')} body={(j: JobStatus) => <JobName job={j} />} />
      <Column header={t('systemStatus.jobs.lastRun')} body={(j: JobStatus) => <LastRun job={j} />} />
      <Column
        header={t('systemStatus.jobs.nextRun')}
        body={(j: JobStatus) =>
          j.next_run_at ? (
            formatDateTime(j.next_run_at)
          ) : (
            <span className="status-card__muted">{t('systemStatus.jobs.notScheduled')}</span>
          )
        }
      />
      <Column header={t('systemStatus.jobs.failures')} body={(j: JobStatus) => <Failures job={j} />} />
    </DataTable>
  );
}
