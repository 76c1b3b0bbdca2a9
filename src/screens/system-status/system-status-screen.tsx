import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/page-header.tsx';
import { overallStatus } from '../../machines/system-status/overall-status.ts';
import { JobsTable } from './jobs-table.tsx';
import { ServicesTable } from './services-table.tsx';
import { OverallCard, QuickStats, ResourceUsage, SystemInfo } from './status-cards.tsx';
import { useSystemStatus } from './use-system-status.ts';
import './system-status.css';

/**
 * System status: health and metrics, refreshed on open, on Refresh and every 30 seconds
 * by the machine (machines/system-status), which pauses while the tab is hidden.
 */
export function SystemStatusScreen() {
  const { t, i18n } = useTranslation();
  const status = useSystemStatus();

  return (
    <section className="page">
      <PageHeader
        title={t('systemStatus.title')}
        subtitle={t('systemStatus.subtitle')}
        actions={
          <Button
            label={t('systemStatus.refresh')}
            icon="pi pi-refresh"
            onClick={status.refresh}
            disabled={status.loading}
            loading={status.loading}
          />
        }
      />
      {status.error ? (
        <Message
          severity="error"
          className="page-alert"
          text={status.error.message ?? t('systemStatus.fetchFailed')}
        />
      ) : null}
      <OverallCard
        status={overallStatus(status.services)}
        lastUpdated={status.lastUpdated}
        settled={status.lastUpdated !== null || status.error !== null}
      />
      <section className="card status-table" aria-labelledby="status-services">
        <h2 id="status-services" className="status-card__title">
          {t('systemStatus.services.title')}
        </h2>
        <ServicesTable services={status.services} lng={i18n.resolvedLanguage ?? 'en'} />
      </section>
      <section className="card status-table" aria-labelledby="status-jobs">
        <h2 id="status-jobs" className="status-card__title">
          {t('systemStatus.jobs.title')}
        </h2>
        <JobsTable jobs={status.jobs} />
      </section>
      <div className="status-grid">
        <QuickStats metrics={status.metrics} />
        <SystemInfo metrics={status.metrics} />
      </div>
      <ResourceUsage services={status.services} />
    </section>
  );
}
