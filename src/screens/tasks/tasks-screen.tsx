import { Link } from '@tanstack/react-router';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import type { TaskInstance, TaskTemplate } from '../../api/gen/model';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useEditDialog } from '../../components/common/use-edit-dialog.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { InstanceFormDialog } from './instance-form-dialog.tsx';
import { InstancesView } from './instances-view.tsx';
import { validateTasksSearch } from './tasks-search.ts';
import { TemplateFormDialog } from './template-form-dialog.tsx';
import { TemplateLibrary } from './template-library.tsx';
import { useActivePositions } from './use-tasks-api.ts';
import './tasks.css';

/**
 * Task management (/position-tasks, also /tasks): a toggle between the task instances of
 * the positions and the template library. View, tab, position and filters live in the URL. The
 * subtitle says which view of the work each is, and a note where it differs from the assignments:
 * instances are ticked off here; check-ins and work entries follow the assignments.
 */
export function TasksScreen() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useScreenSearch(validateTasksSearch);
  const positions = useActivePositions();
  const instanceForm = useEditDialog<TaskInstance>();
  const templateForm = useEditDialog<TaskTemplate>({
    // A new template is shown even where the filters in use would hide it.
    onCreated: () => setSearch({ q: undefined, category: undefined, priority: undefined }, { replace: true }),
  });
  const view = search.view ?? 'instances';

  const views = [
    { value: 'instances', label: t('tasks.view.instances') },
    { value: 'templates', label: t('tasks.view.templates') },
  ];
  const add =
    view === 'instances'
      ? { label: t('tasks.add'), onClick: () => instanceForm.open(null) }
      : { label: t('tasks.templates.add'), onClick: () => templateForm.open(null) };

  return (
    <section className="page">
      <PageHeader
        title={t('tasks.title')}
        subtitle={view === 'instances' ? t('tasks.subtitles.instances') : t('tasks.subtitles.templates')}
        add={can('tasks.create') ? add : undefined}
      />
      <div className="task-view-toggle">
        <span id="tasks-view-label" className="task-view-toggle__label">
          {t('tasks.view.label')}
        </span>
        <SelectButton
          value={view}
          options={views}
          allowEmpty={false}
          aria-labelledby="tasks-view-label"
          // Switching views starts with that view's own filters.
          onChange={(e) =>
            setSearch({
              view: e.value === 'templates' ? 'templates' : undefined,
              q: undefined,
              category: undefined,
              priority: undefined,
            })
          }
        />
      </div>
      <p className="task-model-note">
        <i className="pi pi-info-circle" aria-hidden="true" />{' '}
        {view === 'instances' ? t('tasks.models.instances') : t('tasks.models.templates')}{' '}
        <Link to="/position-task-assignments">{t('tasks.models.link')}</Link>
      </p>
      {view === 'instances' ? (
        <InstancesView
          createdId={instanceForm.created}
          search={search}
          setSearch={setSearch}
          onEdit={can('tasks.update') ? instanceForm.open : undefined}
        />
      ) : (
        <TemplateLibrary
          createdId={templateForm.created}
          search={search}
          setSearch={setSearch}
          onEdit={can('tasks.update') ? templateForm.open : undefined}
        />
      )}
      <InstanceFormDialog
        instance={instanceForm.row}
        positionId={search.position}
        positions={positions.options}
        // The new task is shown at its position, among the open ones.
        onCreatedAt={(position) => setSearch({ position, tab: undefined, q: undefined, category: undefined })}
        {...instanceForm.dialogProps}
      />
      <TemplateFormDialog template={templateForm.row} {...templateForm.dialogProps} />
    </section>
  );
}
