/** The Services table (service, status, response time, details). */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { ServiceHealth } from '../../api/gen/model';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { useStackedRows } from '../../components/table/use-table-defaults.tsx';
import { STATUS_SEVERITY, serviceStatus } from '../../machines/system-status/overall-status.ts';

const ICONS: Record<string, string> = {
  database: 'pi pi-database',
  redis: 'pi pi-bolt',
  api: 'pi pi-server',
};
const KNOWN_NAMES = ['database', 'redis', 'api'] as const;

/** The service's name in the viewer's language (database, redis and api are known). */
export function useServiceLabel() {
  const { t } = useTranslation();
  return (name: string) =>
    (KNOWN_NAMES as readonly string[]).includes(name)
      ? t(`systemStatus.services.names.${name as (typeof KNOWN_NAMES)[number]}`)
      : name;
}

export function ServiceName({ name }: { name: string }) {
  const label = useServiceLabel();
  return (
    <span className="service-name">
      <i className={ICONS[name] ?? 'pi pi-cog'} aria-hidden="true" />
      {label(name)}
    </span>
  );
}

/**
 * A service's status chip; an unknown status is still being checked (a spinner), unless
 * `settled` says the answer is in and there is nothing more to wait for (the overall status of
 * no services: the chip says 'Unknown').
 */
export function StatusChip({ status, settled = false }: { status: unknown; settled?: boolean }) {
  const { t } = useTranslation();
  const shown = serviceStatus(status);
  if (shown === 'unknown' && settled)
    return <Tag value={t('systemStatus.status.unknown')} severity={STATUS_SEVERITY.unknown} rounded />;
  if (shown === 'unknown') {
    return (
      <span className="status-checking">
        <ProgressSpinner className="status-checking__spinner" strokeWidth="6" aria-hidden="true" />
        {t('systemStatus.services.checking')}
      </span>
    );
  }
  return <Tag value={t(`systemStatus.status.${shown}`)} severity={STATUS_SEVERITY[shown]} rounded />;
}

function Details({ service }: { service: ServiceHealth }) {
  const { t } = useTranslation();
  const { error_message, version, connections } = service.details;
  const parts = [
    version ? t('systemStatus.services.version', { version }) : null,
    connections !== undefined ? t('systemStatus.services.connections', { count: connections }) : null,
  ].filter(Boolean);
  return (
    <div className="service-details">
      {error_message ? <span className="service-details__error">{error_message}</span> : null}
      {parts.length > 0 ? <span>{parts.join(' · ')}</span> : null}
    </div>
  );
}

export function ServicesTable({ services, lng }: { services: ServiceHealth[]; lng: string }) {
  const { t } = useTranslation();
  const stacked = useStackedRows();
  const ms = new Intl.NumberFormat(lng, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 1 });
  return (
    <DataTable
      value={services}
      dataKey="name"
      {...stacked}
      className="data-table"
      stripedRows
      emptyMessage={<EmptyState icon="pi pi-server" message={t('systemStatus.services.none')} />}
      aria-label={t('systemStatus.services.title')}
    >
      <Column
        header={t('systemStatus.services.service')}
        body={(s: ServiceHealth) => <ServiceName name={s.name} />}
      />
      <Column
        header={t('systemStatus.services.status')}
        body={(s: ServiceHealth) => <StatusChip status={s.status} />}
      />
      <Column
        header={t('systemStatus.services.responseTime')}
        body={(s: ServiceHealth) => ms.format(s.response_time)}
      />
      <Column
        header={t('systemStatus.services.details')}
        body={(s: ServiceHealth) => <Details service={s} />}
      />
    </DataTable>
  );
}
