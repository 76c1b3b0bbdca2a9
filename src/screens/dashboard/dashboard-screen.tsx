import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useAuth, usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useUsersList } from '../users/use-users-api.ts';
import { QuickAction } from './quick-action.tsx';
import { StatCard } from './stat-card.tsx';

/**
 * Spec §2 Dashboard, for the resources that exist so far (users). Positions, tasks, work entries
 * and the recent activity list join as their screens are built.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { can } = usePermissions();
  const canReadUsers = can('users.read');
  const users = useUsersList({ enabled: canReadUsers });
  const activeUsers = users.data?.filter((u) => u.is_active).length;

  return (
    <section className="page">
      <PageHeader
        title={user ? t('dashboard.welcome', { name: user.first_name }) : t('dashboard.title')}
        subtitle={user?.site_name ? t('dashboard.subtitle', { site: user.site_name }) : t('app.description')}
      />
      {canReadUsers ? (
        <>
          <div className="stat-grid">
            <StatCard
              to="/users"
              icon="pi pi-users"
              label={t('dashboard.usersCard')}
              value={users.data?.length}
              loading={users.isPending}
              hint={
                activeUsers !== undefined ? t('dashboard.usersActive', { active: activeUsers }) : undefined
              }
            />
          </div>
          <h2 className="section-title">{t('dashboard.quickActions')}</h2>
          <div className="action-grid">
            <QuickAction
              to="/users"
              icon="pi pi-user-plus"
              title={t('dashboard.manageUsers')}
              description={t('dashboard.manageUsersHint')}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
