import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskInstance, TaskTemplate } from '../../api/gen/model';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { InstanceFormDialog } from './instance-form-dialog.tsx';
import { InstancesView } from './instances-view.tsx';
import { validateTasksSearch } from './tasks-search.ts';
import { TemplateFormDialog } from './template-form-dialog.tsx';
import { TemplateLibrary } from './template-library.tsx';
import { useActivePositions } from './use-tasks-api.ts';
import './tasks.css';

type Editing<T> = { visible: boolean; row: T | null };
const closed = { visible: false, row: null };

/**
 * Spec §2 Task management (/position-tasks, also /tasks): a toggle between the task instances of
 * the positions and the template library. View, tab, position and filters live in the URL.
 */
export function TasksScreen() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const [search, setSearch] = useScreenSearch(validateTasksSearch);
  const positions = useActivePositions();
  const [instanceForm, setInstanceForm] = useState<Editing<TaskInstance>>(closed);
  const [templateForm, setTemplateForm] = useState<Editing<TaskTemplate>>(closed);
  const view = search.view ?? 'instances';
  const saved = () => notify.success(t('common.saved'));

  const views = [
    { value: 'instances', label: t('tasks.view.instances') },
    { value: 'templates', label: t('tasks.view.templates') },
  ];
  const addButton =
    view === 'instances' ? (
      <Button
        label={t('tasks.add')}
        icon="pi pi-plus"
        onClick={() => setInstanceForm({ visible: true, row: null })}
      />
    ) : (
      <Button
        label={t('tasks.templates.add')}
        icon="pi pi-plus"
        onClick={() => setTemplateForm({ visible: true, row: null })}
      />
    );

  return (
    <section className="page">
      <PageHeader
        title={t('tasks.title')}
        subtitle={t('tasks.subtitle')}
        actions={can('tasks.create') ? addButton : null}
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
      {view === 'instances' ? (
        <InstancesView
          search={search}
          setSearch={setSearch}
          onEdit={can('tasks.update') ? (row) => setInstanceForm({ visible: true, row }) : undefined}
        />
      ) : (
        <TemplateLibrary
          search={search}
          setSearch={setSearch}
          onEdit={can('tasks.update') ? (row) => setTemplateForm({ visible: true, row }) : undefined}
        />
      )}
      <InstanceFormDialog
        instance={instanceForm.row}
        positionId={search.position}
        positions={positions.options}
        visible={instanceForm.visible}
        onHide={() => setInstanceForm((f) => ({ ...f, visible: false }))}
        onSaved={() => {
          setInstanceForm((f) => ({ ...f, visible: false }));
          saved();
        }}
      />
      <TemplateFormDialog
        template={templateForm.row}
        visible={templateForm.visible}
        onHide={() => setTemplateForm((f) => ({ ...f, visible: false }))}
        onSaved={() => {
          setTemplateForm((f) => ({ ...f, visible: false }));
          saved();
        }}
      />
    </section>
  );
}
