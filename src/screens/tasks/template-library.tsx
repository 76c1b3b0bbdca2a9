import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskTemplate } from '../../api/gen/model';
import { useDeleteTaskTemplate, useListTaskTemplates } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { RowActions } from '../../components/table/cells.tsx';
import { actionsColumn, statusColumn } from '../../components/table/columns.tsx';
import { useShownRow } from '../../components/table/use-shown-row.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { FromTemplateDialog } from './from-template-dialog.tsx';
import { templateColumns } from './task-cells.tsx';
import { TaskFilters } from './task-filters.tsx';
import type { TasksSearch } from './tasks-search.ts';
import { useActivePositions, useTasksMutation } from './use-tasks-api.ts';

type Props = {
  search: TasksSearch;
  setSearch: (patch: Partial<TasksSearch>, options?: { replace?: boolean }) => void;
  onEdit?: (template: TaskTemplate) => void;
  /** The template just added: its page is shown and the row marked. */
  createdId?: number | null;
};

/** Priorities offered by the filter: those the site's templates use. */
function priorityOptions(templates: TaskTemplate[] | undefined, current: number | undefined) {
  const used = new Set((templates ?? []).map((x) => x.priority));
  if (current !== undefined) used.add(current);
  return [...used].sort((a, b) => a - b).map((p) => ({ value: p, label: String(p) }));
}

/** The Task Template Library: search, category and priority filters; create tasks from a template. */
export function TemplateLibrary({ search, setSearch, onEdit, createdId }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const positions = useActivePositions();
  const [fromTemplate, setFromTemplate] = useState<TaskTemplate | null>(null);
  const list = useListTaskTemplates(
    { search: search.q, category: search.category, priority: search.priority },
    { query: { select: (body) => body.templates } },
  );
  // The unfiltered list names the priorities in use (cached, shared with the other views).
  const all = useListTaskTemplates(undefined, { query: { select: (body) => body.templates } });
  const priorities = useMemo(() => priorityOptions(all.data, search.priority), [all.data, search.priority]);
  const remove = useTasksMutation(useDeleteTaskTemplate);
  const askDelete = useConfirmedDelete<TaskTemplate>({
    confirm: (x) => ({
      header: t('tasks.templates.confirmDelete.header'),
      message: t('tasks.templates.confirmDelete.message', { name: x.task_name }),
    }),
    remove: (x) => remove.mutateAsync({ id: x.id }),
  });
  const canCreate = can('tasks.create');
  const canDelete = can('tasks.delete');
  const defaults = useTableDefaults({ loading: list.isFetching, empty: t('tasks.templates.empty') });
  const shown = useShownRow(list.data ?? [], createdId);

  const actions = (row: TaskTemplate) => (
    <div className="task-actions">
      {canCreate && row.is_active ? (
        <Button
          type="button"
          icon="pi pi-clone"
          rounded
          text
          aria-label={`${t('tasks.templates.createTasks')} ${row.task_name}`}
          tooltip={t('tasks.templates.createTasks')}
          tooltipOptions={{ position: 'top' }}
          onClick={() => setFromTemplate(row)}
        />
      ) : null}
      <RowActions
        name={row.task_name}
        onEdit={onEdit ? () => onEdit(row) : undefined}
        onDelete={canDelete ? () => askDelete(row) : undefined}
      />
    </div>
  );

  return (
    <>
      <LoadFailedAlert show={list.isError} />
      <div className="card">
        <TaskFilters
          idPrefix="templates"
          search={search.q ?? ''}
          onSearch={(q) => setSearch({ q: q || undefined }, { replace: true })}
          category={search.category}
          onCategory={(category) => setSearch({ category })}
          trailing={
            <div className="task-filters__field">
              <label htmlFor="templates-priority">{t('tasks.filters.priority')}</label>
              <Dropdown
                inputId="templates-priority"
                value={search.priority ?? null}
                options={priorities}
                onChange={(e) => setSearch({ priority: (e.value as number | null) ?? undefined })}
                placeholder={t('tasks.filters.allPriorities')}
                showClear
                pt={dropdownPt(t('tasks.filters.priority'))}
              />
            </div>
          }
        />
        <DataTable value={list.data ?? []} {...defaults} {...shown} sortField="task_name" sortOrder={1}>
          {templateColumns(t)}
          {statusColumn<TaskTemplate>(t('tasks.columns.status'))}
          {canCreate || onEdit || canDelete
            ? actionsColumn<TaskTemplate>(t('common.actions'), actions)
            : null}
        </DataTable>
      </div>
      <FromTemplateDialog
        template={fromTemplate}
        positions={positions.options}
        onHide={() => setFromTemplate(null)}
        onCreated={(result) =>
          notify.success(
            t('tasks.fromTemplate.result', { created: result.created_count, skipped: result.skipped_count }),
          )
        }
      />
    </>
  );
}
