import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { ListTaskInstancesSort, type TaskInstance } from '../../api/gen/model';
import { RowActions } from '../../components/table/cells.tsx';
import { actionsColumn } from '../../components/table/columns.tsx';
import { type LazyPage, lazyTableProps } from '../../components/table/use-lazy-table.ts';
import { useShownRow } from '../../components/table/use-shown-row.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { CategoryCell, DurationCell, InstanceStatusCell, TaskNameCell } from './task-cells.tsx';

export type InstanceSort = ListTaskInstancesSort;

export type InstancePage = LazyPage<InstanceSort>;

type Props = {
  instances: TaskInstance[];
  total: number;
  loading: boolean;
  page: InstancePage;
  onPage: (page: InstancePage) => void;
  /** The position column, for the site-wide list. */
  showPosition: boolean;
  onComplete?: (instance: TaskInstance) => void;
  onEdit?: (instance: TaskInstance) => void;
  onDelete?: (instance: TaskInstance) => void;
  /** The task just added: marked when the page shown holds it. */
  createdId?: number | null;
};

/** Task instances, one page at a time from the server (lazy): sorting and paging happen there. */
export function InstancesTable(props: Props) {
  const { instances, total, loading, page, onPage, showPosition, onComplete, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const shown = useShownRow(instances, props.createdId, { paged: false });
  const anyActions = Boolean(onComplete || onEdit || onDelete);

  const actions = (row: TaskInstance) => (
    <div className="task-actions">
      {onComplete && !row.is_completed ? (
        <Button
          type="button"
          icon="pi pi-check-circle"
          rounded
          text
          severity="success"
          aria-label={`${t('tasks.complete.button')} ${row.task_name}`}
          tooltip={t('tasks.complete.button')}
          tooltipOptions={{ position: 'top' }}
          onClick={() => onComplete(row)}
        />
      ) : null}
      <RowActions
        name={row.task_name}
        onEdit={onEdit ? () => onEdit(row) : undefined}
        onDelete={onDelete ? () => onDelete(row) : undefined}
      />
    </div>
  );

  return (
    <DataTable
      value={instances}
      {...useTableDefaults({ loading })}
      {...lazyTableProps(page, onPage, total, ListTaskInstancesSort, 'task_name')}
      ref={shown.ref}
      rowClassName={(row: TaskInstance) =>
        [row.is_completed ? 'task-row--done' : '', shown.rowClassName(row) ?? ''].join(' ').trim()
      }
    >
      <Column
        field="task_name"
        header={t('tasks.columns.task')}
        sortable
        body={(row: TaskInstance) => <TaskNameCell name={row.task_name} code={row.task_code} />}
      />
      {showPosition ? (
        <Column
          field="position_code"
          header={t('tasks.columns.position')}
          sortable
          body={(row: TaskInstance) => (
            <span>
              <span className="position-code">{row.position_code}</span> {row.position_name}
            </span>
          )}
        />
      ) : null}
      <Column
        field="category"
        header={t('tasks.columns.category')}
        sortable
        body={(row: TaskInstance) => <CategoryCell value={row.category} />}
      />
      <Column field="priority" header={t('tasks.columns.priority')} sortable />
      <Column
        header={t('tasks.columns.duration')}
        body={(row: TaskInstance) => <DurationCell minutes={row.duration_minutes} />}
      />
      <Column
        field="completed_at"
        header={t('tasks.columns.status')}
        sortable
        body={(row: TaskInstance) => <InstanceStatusCell instance={row} />}
      />
      {anyActions ? actionsColumn<TaskInstance>(t('common.actions'), actions) : null}
    </DataTable>
  );
}
