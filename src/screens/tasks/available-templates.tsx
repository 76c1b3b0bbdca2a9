import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import type { TaskTemplate } from '../../api/gen/model';
import {
  useCreateTaskInstance,
  useListPositionAvailableTemplates,
} from '../../api/gen/unified-tasks/unified-tasks.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { actionsColumn } from '../../components/table/columns.tsx';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import type { TaskCategory } from '../../domain/tasks.ts';
import { templateColumns } from './task-cells.tsx';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = {
  positionId: number;
  positionLabel: string;
  search: string | undefined;
  category: TaskCategory | undefined;
  canCreate: boolean;
};

/** Active templates the position has no open task from; one click adds one there. */
export function AvailableTemplates({ positionId, positionLabel, search, category, canCreate }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useListPositionAvailableTemplates(
    positionId,
    { search, category },
    { query: { select: (body) => body.templates } },
  );
  const create = useTasksMutation(useCreateTaskInstance);

  const add = async (template: TaskTemplate) => {
    try {
      await create.mutateAsync({ data: { position_id: positionId, template_id: template.id } });
      notify.success(t('tasks.addedToPosition', { name: template.task_name, position: positionLabel }));
    } catch {
      notify.error(t('tasks.saveFailed'));
    }
  };

  return (
    <DataTable
      value={list.data ?? []}
      {...useTableDefaults({ loading: list.isFetching })}
      sortField="task_name"
      sortOrder={1}
    >
      {templateColumns(t)}
      {canCreate
        ? actionsColumn<TaskTemplate>(t('common.actions'), (row) => (
            <div className="task-actions">
              <Button
                type="button"
                icon="pi pi-plus"
                label={t('tasks.addToPosition')}
                size="small"
                outlined
                aria-label={`${t('tasks.addToPosition')} ${row.task_name}`}
                loading={create.isPending && create.variables?.data.template_id === row.id}
                onClick={() => void add(row)}
              />
            </div>
          ))
        : null}
    </DataTable>
  );
}
