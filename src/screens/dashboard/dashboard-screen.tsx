import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetDashboardSummary } from '../../api/gen/dashboard/dashboard.ts';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useAuth, usePermissions } from '../../machines/auth/auth-provider.tsx';
import { QuickAction } from './quick-action.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { StatCard } from './stat-card.tsx';
import './dashboard.css';

const ActivityChart = lazy(() => import('./activity-chart.tsx'));

const AREA = { users: 'users', positions: 'positions', tasks: 'tasks', workEntries: 'work_entries' } as const;
const WRITE = {
  users: ['create', 'update', 'delete'],
  positions: ['create', 'update', 'delete'],
  tasks: ['create', 'update', 'delete'],
  workEntries: [],
} as const;
const VIEW_LABEL = {
  users: 'usersView',
  positions: 'positionsView',
  tasks: 'tasksView',
  workEntries: 'workEntries',
} as const;

/**
 * The dashboard, from one summary call: count cards (users only with users.read, tasks only
 * with tasks.read), quick actions by read permission, the five newest entries, and the 14-day
 * chart of entries by status.
 */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { can } = usePermissions();
  const summary = useGetDashboardSummary({ query: { staleTime: 30_000 } });
  const counts = summary.data?.counts;
  const loading = summary.isPending;
  const number = (n: number | null | undefined) =>
    n === null || n === undefined ? undefined : n.toLocaleString(i18n.resolvedLanguage);
  const entriesValue = counts?.work_entries_capped
    ? t('dashboard.cards.more', { value: number(counts.work_entries) ?? '' })
    : number(counts?.work_entries);
  const canEntries = can('work_entries.read');
  // "Manage" only for a viewer who may change something there; a read-only viewer is offered "View".
  const canWrite = (key: keyof typeof VIEW_LABEL) =>
    key !== 'workEntries' && WRITE[key].some((action) => can(`${AREA[key]}.${action}`));

  const actions = [
    can('users.read') && { to: '/users', icon: 'pi pi-user-plus', key: 'users' as const },
    can('positions.read') && { to: '/positions', icon: 'pi pi-map-marker', key: 'positions' as const },
    can('tasks.read') && { to: '/tasks', icon: 'pi pi-check-square', key: 'tasks' as const },
    canEntries && { to: '/work-entries', icon: 'pi pi-clipboard', key: 'workEntries' as const },
  ].filter(Boolean) as { to: string; icon: string; key: 'users' | 'positions' | 'tasks' | 'workEntries' }[];

  return (
    <section className="page">
      <PageHeader
        title={user ? t('dashboard.welcome', { name: user.first_name }) : t('dashboard.title')}
        subtitle={user?.site_name ? t('dashboard.subtitle', { site: user.site_name }) : t('app.description')}
      />
      {summary.isError ? (
        <Message severity="error" text={t('dashboard.loadFailed')} className="page-alert" />
      ) : null}
      <div className="stat-grid">
        {can('users.read') ? (
          <StatCard
            to="/users"
            icon="pi pi-users"
            label={t('dashboard.cards.users')}
            value={number(counts?.users)}
            loading={loading}
          />
        ) : null}
        {can('positions.read') ? (
          <StatCard
            to="/positions"
            icon="pi pi-map-marker"
            tone="teal"
            label={t('dashboard.cards.positions')}
            value={number(counts?.positions)}
            loading={loading}
          />
        ) : null}
        {can('tasks.read') ? (
          <StatCard
            // The count is the template library's: the card opens it.
            to="/position-tasks"
            search={{ view: 'templates' }}
            icon="pi pi-check-square"
            tone="amber"
            label={t('dashboard.cards.tasks')}
            hint={t('dashboard.cards.tasksHint')}
            value={number(counts?.tasks)}
            loading={loading}
          />
        ) : null}
        {canEntries ? (
          <StatCard
            to="/work-entries"
            icon="pi pi-clipboard"
            tone="rose"
            label={
              can('work_entries.view_all')
                ? t('dashboard.cards.workEntries')
                : t('dashboard.cards.workEntriesOwn')
            }
            value={entriesValue}
            loading={loading}
          />
        ) : null}
      </div>
      {actions.length > 0 ? (
        <>
          <h2 className="section-title">{t('dashboard.quickActions')}</h2>
          <div className="action-grid">
            {actions.map((a) => (
              <QuickAction
                key={a.key}
                to={a.to}
                icon={a.icon}
                title={t(`dashboard.actions.${canWrite(a.key) ? a.key : VIEW_LABEL[a.key]}`)}
                description={t(
                  `dashboard.actions.${a.key === 'users' && !canWrite('users') ? 'usersView' : a.key}Hint`,
                )}
              />
            ))}
          </div>
        </>
      ) : null}
      {canEntries ? (
        <div className="dashboard-panels">
          <RecentActivity entries={summary.data?.recent} loading={loading} showAll />
          <section className="card dashboard-panel" aria-labelledby="activity-chart-title">
            <h2 id="activity-chart-title" className="dashboard-panel__title">
              {t('dashboard.chart.title')}
            </h2>
            {summary.data ? (
              <Suspense fallback={<Skeleton height="16rem" aria-label={t('dashboard.chart.loading')} />}>
                <ActivityChart days={summary.data.per_day} />
              </Suspense>
            ) : (
              <Skeleton height="16rem" />
            )}
          </section>
        </div>
      ) : null}
    </section>
  );
}
