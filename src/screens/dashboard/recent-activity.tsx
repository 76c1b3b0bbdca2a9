import { Link } from '@tanstack/react-router';
import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import type { GetDashboardSummary200RecentItem } from '../../api/gen/model';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { StatusChip } from '../work-entries/status-chip.tsx';

type Props = { entries: GetDashboardSummary200RecentItem[] | undefined; loading: boolean; showAll: boolean };

/** The first five entries with task, position and created date ('Unknown' when missing). */
export function RecentActivity({ entries, loading, showAll }: Props) {
  const { t } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  const unknown = t('dashboard.recent.unknown');
  return (
    <section className="card dashboard-panel" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className="dashboard-panel__title">
        {t('dashboard.recent.title')}
      </h2>
      {loading ? (
        <Skeleton height="10rem" />
      ) : !entries || entries.length === 0 ? (
        <EmptyState icon="pi pi-clock" message={t('dashboard.recent.empty')} />
      ) : (
        <ul className="recent-list plain-list">
          {entries.map((e) => (
            <li key={e.id} className="recent-list__item row-between divided-row">
              <span className="recent-list__text">
                {/* Each item opens its entry's detail (work entries, ?entry=). */}
                <Link to="/work-entries" search={{ entry: e.id }} className="recent-list__title">
                  {t('dashboard.recent.at', {
                    task: e.task_name || unknown,
                    position: e.position_name || unknown,
                  })}
                </Link>
                <span className="recent-list__meta">
                  {[e.first_name, e.last_name].filter(Boolean).join(' ') || unknown} ·{' '}
                  {formatDateTime(e.created_at) || unknown}
                </span>
              </span>
              <StatusChip status={e.status} />
            </li>
          ))}
        </ul>
      )}
      {showAll ? (
        <Link to="/work-entries" className="p-button p-button-outlined p-button-sm recent-list__all">
          <span className="p-button-label">{t('dashboard.recent.all')}</span>
        </Link>
      ) : null}
    </section>
  );
}
