import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { ListPositionTaskAssignmentsSort, type PositionTaskAssignment } from '../../api/gen/model';
import { useDeletePositionTaskAssignment } from '../../api/gen/position-task-assignments/position-task-assignments.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { StatusTag } from '../../components/common/status-tag.tsx';
import { useEditDialog } from '../../components/common/use-edit-dialog.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { DateCell } from '../../components/table/cells.tsx';
import { editDeleteColumn } from '../../components/table/columns.tsx';
import { useLazyTable } from '../../components/table/use-lazy-table.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { AssignmentFormDialog } from './assignment-form-dialog.tsx';
import type { AssignmentsSearch } from './assignments-search.ts';
import { type Option, useAssignmentsPage, useRefreshAssignments } from './use-assignments-api.ts';

type Props = {
  search: AssignmentsSearch;
  setSearch: (patch: Partial<AssignmentsSearch>) => void;
  positions: Option[];
  tasks: Option[];
};

/** The current assignments: a server-paged table (there can be thousands), filters, add, edit, delete. */
export function AssignmentsTab({ search, setSearch, positions, tasks }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const refresh = useRefreshAssignments();
  const table = useLazyTable(ListPositionTaskAssignmentsSort, 'position_code');
  const dialog = useEditDialog<PositionTaskAssignment>();
  const list = useAssignmentsPage({
    position_id: search.position,
    task_id: search.task,
    ...table.query,
  });
  const remove = useDeletePositionTaskAssignment();
  const askDelete = useConfirmedDelete<PositionTaskAssignment>({
    confirm: (row) => ({
      header: t('assignments.confirmDelete.header'),
      message: t('assignments.confirmDelete.message', { task: row.task_code, position: row.position_code }),
    }),
    remove: async (row) => {
      await remove.mutateAsync({ positionId: row.position_id, taskId: row.task_id });
      await refresh();
    },
  });
  const defaults = useTableDefaults({
    loading: list.isPending,
    empty: <EmptyState message={t('assignments.empty')} />,
  });
  const canEdit = can('tasks.update');
  const canDelete = can('tasks.delete');
  const filter = (
    id: string,
    label: string,
    value: number | undefined,
    options: Option[],
    key: 'position' | 'task',
  ) => (
    <span className="assignments-filter">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value ?? null}
        options={options}
        onChange={(e) => {
          table.restart();
          setSearch({ [key]: e.value ?? undefined });
        }}
        placeholder={t('assignments.filters.all')}
        showClear
        filter
        pt={dropdownPt(label)}
      />
    </span>
  );

  return (
    <div className="assignments-tab">
      <div className="assignments-toolbar">
        {filter(
          'assignments-filter-position',
          t('assignments.filters.position'),
          search.position,
          positions,
          'position',
        )}
        {filter('assignments-filter-task', t('assignments.filters.task'), search.task, tasks, 'task')}
        {can('tasks.create') ? (
          <Button label={t('assignments.add')} icon="pi pi-plus" onClick={() => dialog.open(null)} />
        ) : null}
      </div>
      <LoadFailedAlert show={list.isError} />
      <DataTable
        value={list.data?.assignments ?? []}
        {...defaults}
        dataKey={undefined}
        {...table.props(list.data?.total ?? 0)}
      >
        <Column
          field="position_code"
          header={t('assignments.columns.position')}
          sortable
          body={(r: PositionTaskAssignment) => (
            <span className="code-name">
              <strong>{r.position_code}</strong> {r.position_name}
            </span>
          )}
        />
        <Column
          field="task_code"
          header={t('assignments.columns.task')}
          sortable
          body={(r: PositionTaskAssignment) => (
            <span className="code-name">
              <strong>{r.task_code}</strong> {r.task_name}
            </span>
          )}
        />
        <Column
          header={t('assignments.columns.primary')}
          body={(r: PositionTaskAssignment) =>
            r.is_primary ? <Tag value={t('assignments.primaryYes')} severity="info" /> : null
          }
        />
        <Column
          field="assigned_at"
          header={t('assignments.columns.assigned')}
          sortable
          body={(r: PositionTaskAssignment) => <DateCell value={r.assigned_at} />}
        />
        <Column
          header={t('assignments.columns.status')}
          body={(r: PositionTaskAssignment) => <StatusTag active={r.is_active} />}
        />
        {editDeleteColumn<PositionTaskAssignment>(
          t('common.actions'),
          (r) => `${r.position_code} ${r.task_code}`,
          {
            onEdit: canEdit ? dialog.open : undefined,
            onDelete: canDelete ? askDelete : undefined,
          },
        )}
      </DataTable>
      <AssignmentFormDialog row={dialog.row} positions={positions} tasks={tasks} {...dialog.dialogProps} />
    </div>
  );
}
