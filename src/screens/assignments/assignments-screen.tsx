import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { ASSIGNMENT_TABS, validateAssignmentsSearch } from './assignments-search.ts';
import { AssignmentsTab } from './assignments-tab.tsx';
import { BulkWizard } from './bulk-wizard.tsx';
import { DependenciesTab } from './dependencies-tab.tsx';
import { useActivePositionOptions, useActiveTaskOptions, useTemplateOptions } from './use-assignments-api.ts';
import './assignments.css';

/**
 * Position-task assignments (legacy, three tabs): the current assignments, the bulk assignment
 * wizard and the task dependencies. The tab lives in the URL (?tab=), so a reload keeps it. The
 * wizard only creates, so a viewer without tasks.create sees no tab for it.
 */
export function AssignmentsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useScreenSearch(validateAssignmentsSearch);
  const positions = useActivePositionOptions();
  const tasks = useActiveTaskOptions();
  const templates = useTemplateOptions();
  const { can } = usePermissions();
  const canBulk = can('tasks.create');
  const tab = search.tab === 'bulk' && !canBulk ? 'assignments' : (search.tab ?? 'assignments');
  const index = Math.max(0, ASSIGNMENT_TABS.indexOf(tab));

  return (
    <section className="page">
      <PageHeader title={t('assignments.title')} subtitle={t('assignments.subtitle')} />
      <div className="card assignments-card">
        <TabView
          activeIndex={index}
          onTabChange={(e) => setSearch({ tab: e.index === 0 ? undefined : ASSIGNMENT_TABS[e.index] })}
        >
          <TabPanel header={t('assignments.tabs.assignments')}>
            {index === 0 ? (
              <AssignmentsTab
                search={search}
                setSearch={setSearch}
                positions={positions.options}
                tasks={tasks.options}
              />
            ) : null}
          </TabPanel>
          <TabPanel header={t('assignments.tabs.bulk')} visible={canBulk}>
            {index === 1 ? (
              <BulkWizard
                positions={positions.options}
                tasks={tasks.options}
                tasksLoaded={!tasks.loading}
                templates={templates.options}
              />
            ) : null}
          </TabPanel>
          <TabPanel header={t('assignments.tabs.dependencies')}>
            {index === 2 ? (
              <DependenciesTab search={search} setSearch={setSearch} positions={positions.options} />
            ) : null}
          </TabPanel>
        </TabView>
      </div>
    </section>
  );
}
