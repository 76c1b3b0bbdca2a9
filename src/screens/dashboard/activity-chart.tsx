/**
 * The 14-day chart of entries by status: a stacked bar per day.
 * Loaded with React.lazy from the dashboard only, so chart.js (about 70 KB gzip) never weighs on
 * another screen or the first load.
 */
import { Chart } from 'primereact/chart';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GetDashboardSummary200PerDayItem } from '../../api/gen/model';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { WORK_ENTRY_STATUSES } from '../../domain/work-entries.ts';
import { formatSiteDay } from '../../i18n/format-date.ts';

/** The status chips' colours: completed green, in progress orange, failed red, paused grey, cancelled red. */
const COLOURS = {
  completed: '#16a34a',
  in_progress: '#f59e0b',
  failed: '#dc2626',
  paused: '#94a3b8',
  cancelled: '#9f1239',
} as const;

export default function ActivityChart({ days }: { days: GetDashboardSummary200PerDayItem[] }) {
  const { t } = useTranslation();
  // Days in the site's date format, as the recent activity list beside it shows them.
  const { dateFormat } = useSiteSettings();
  const data = useMemo(() => {
    return {
      labels: days.map((d) => formatSiteDay(d.date, dateFormat, false)),
      datasets: WORK_ENTRY_STATUSES.map((status) => ({
        label: t(`workEntries.statuses.${status}`),
        data: days.map((d) => d[status]),
        backgroundColor: COLOURS[status],
        borderRadius: 3,
        maxBarThickness: 28,
      })),
    };
  }, [days, t, dateFormat]);
  const options = useMemo(
    () => ({
      maintainAspectRatio: false,
      animation: false as const,
      plugins: { legend: { position: 'bottom' as const, labels: { boxWidth: 12 } } },
      scales: {
        x: { stacked: true, grid: { display: false } },
        y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
      },
    }),
    [],
  );
  return (
    <div className="activity-chart">
      <Chart type="bar" data={data} options={options} ariaLabel={t('dashboard.chart.label')} />
    </div>
  );
}
