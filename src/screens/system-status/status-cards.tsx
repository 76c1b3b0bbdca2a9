/** The system status cards: the overall status card, Quick Stats, System Info and Resource Usage. */
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import type { GetSystemMetrics200Metrics, ServiceHealth } from '../../api/gen/model';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import type { DisplayStatus } from '../../machines/system-status/overall-status.ts';
import { ServiceName, StatusChip, useServiceLabel } from './services-table.tsx';
import { splitUptime } from './uptime.ts';

type OverallProps = {
  status: DisplayStatus;
  lastUpdated: number | null;
  /** A fetch has answered (or failed): an unknown overall status is no longer being checked. */
  settled: boolean;
};

export function OverallCard({ status, lastUpdated, settled }: OverallProps) {
  const { t } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  return (
    <section className="card status-card status-overall row-between" aria-labelledby="status-overall">
      <div>
        <h2 id="status-overall" className="status-card__title">
          {t('systemStatus.overall')}
        </h2>
        <p className="status-card__muted" data-testid="last-updated">
          {lastUpdated === null
            ? t('systemStatus.notYetUpdated')
            : t('systemStatus.lastUpdated', { time: formatDateTime(lastUpdated) })}
        </p>
      </div>
      <div className="status-overall__chip" data-testid="overall-status">
        <StatusChip status={status} settled={settled} />
      </div>
    </section>
  );
}

export function QuickStats({ metrics }: { metrics: GetSystemMetrics200Metrics | null }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const stats = [
    ['totalUsers', metrics?.total_users, 'pi pi-users'],
    ['totalPositions', metrics?.total_positions, 'pi pi-map-marker'],
    ['workEntries', metrics?.total_work_entries, 'pi pi-list-check'],
    ['activeSessions', metrics?.active_sessions, 'pi pi-sign-in'],
  ] as const;
  return (
    <section className="card status-card" aria-labelledby="status-quick-stats">
      <h2 id="status-quick-stats" className="status-card__title">
        {t('systemStatus.quickStats.title')}
      </h2>
      <dl className="quick-stats">
        {stats.map(([key, value, icon]) => (
          <div key={key} className="quick-stats__item">
            <dt>
              <i className={icon} aria-hidden="true" /> {t(`systemStatus.quickStats.${key}`)}
            </dt>
            <dd>{value === undefined ? '–' : number.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function SystemInfo({ metrics }: { metrics: GetSystemMetrics200Metrics | null }) {
  const { t } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  const rows: [string, string][] = [
    [
      t('systemStatus.info.uptime'),
      metrics ? t('systemStatus.info.uptimeValue', splitUptime(metrics.uptime)) : '–',
    ],
    [t('systemStatus.info.databaseSize'), metrics?.database_size ?? '–'],
    [t('systemStatus.info.serverTime'), metrics ? formatDateTime(metrics.server_time) : '–'],
  ];
  return (
    <section className="card status-card" aria-labelledby="status-info">
      <h2 id="status-info" className="status-card__title">
        {t('systemStatus.info.title')}
      </h2>
      <dl className="info-list">
        {rows.map(([label, value]) => (
          <div key={label} className="info-list__row divided-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Shown only when some service reports memory or CPU. */
export function ResourceUsage({ services }: { services: ServiceHealth[] }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const serviceLabel = useServiceLabel();
  const reporting = services.filter(
    (s) => s.details.memory_usage !== undefined || s.details.cpu_usage !== undefined,
  );
  if (reporting.length === 0) return null;
  const bar = (service: ServiceHealth, kind: 'memory' | 'cpu', value: number | undefined) => {
    if (value === undefined) return null;
    const label = t(`systemStatus.resources.${kind}`);
    return (
      <div className="usage-bar">
        <span className="usage-bar__label">{label}</span>
        <ProgressBar
          value={Math.round(value)}
          showValue={false}
          className={value > 90 ? 'usage-bar__bar usage-bar__bar--high' : 'usage-bar__bar'}
          aria-label={t('systemStatus.resources.usage', {
            kind: label,
            name: serviceLabel(service.name),
            value: Math.round(value),
          })}
        />
        <span className="usage-bar__value">{percent.format(value / 100)}</span>
      </div>
    );
  };
  return (
    <section className="card status-card" aria-labelledby="status-resources">
      <h2 id="status-resources" className="status-card__title">
        {t('systemStatus.resources.title')}
      </h2>
      <div className="usage-list">
        {reporting.map((service) => (
          <div key={service.name} className="usage-list__service">
            <ServiceName name={service.name} />
            {bar(service, 'memory', service.details.memory_usage)}
            {bar(service, 'cpu', service.details.cpu_usage)}
          </div>
        ))}
      </div>
    </section>
  );
}
