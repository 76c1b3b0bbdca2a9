import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { ASSIGNMENT_TABS, validateAssignmentsSearch } from './assignments-search.ts';
import { AssignmentsTab } from './assignments-tab.tsx';
import { BulkWizard } from './bulk-wizard.tsx';
import { DependenciesTab } from './dependencies-tab.tsx';
import { useActivePositionOptions, useActiveTaskOptions, useTemplateOptions } from './use-assignments-api.ts';
import './assignments.css';

/**
 * Spec §2 Position-task assignments (legacy, three tabs): the current assignments, the bulk
 * assignment wizard and the task dependencies. The tab lives in the URL (?tab=), so a reload keeps it.
 */
export function AssignmentsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useScreenSearch(validateAssignmentsSearch);
  const positions = useActivePositionOptions();
  const tasks = useActiveTaskOptions();
  const templates = useTemplateOptions();
  const index = Math.max(0, ASSIGNMENT_TABS.indexOf(search.tab ?? 'assignments'));

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
          <TabPanel header={t('assignments.tabs.bulk')}>
            {index === 1 ? (
              <BulkWizard positions={positions.options} tasks={tasks.options} templates={templates.options} />
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
