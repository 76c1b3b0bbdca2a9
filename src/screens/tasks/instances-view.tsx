import { Dropdown } from 'primereact/dropdown';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTaskInstancesSort, type TaskInstance } from '../../api/gen/model';
import { useDeleteTaskInstance } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { Switch } from '../../components/common/switch.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { useLazyTable } from '../../components/table/use-lazy-table.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { AvailableTemplates } from './available-templates.tsx';
import { CompleteDialog } from './complete-dialog.tsx';
import { CompletionBar } from './completion-bar.tsx';
import { InstancesTable } from './instances-table.tsx';
import { TaskFilters } from './task-filters.tsx';
import type { TasksSearch } from './tasks-search.ts';
import { useActivePositions, useInstancesPage, useTasksMutation } from './use-tasks-api.ts';

const TABS = ['assigned', 'available', 'all'] as const;

type Props = {
  search: TasksSearch;
  setSearch: (patch: Partial<TasksSearch>, options?: { replace?: boolean }) => void;
  onEdit?: (instance: TaskInstance) => void;
  /** The task just added, to mark in the list. */
  createdId?: number | null;
};

/**
 * Position Tasks: a position selector (active positions), include-completed, search and
 * category; tabs for the position's tasks, the templates it may still take, and every instance.
 */
export function InstancesView({ search, setSearch, onEdit, createdId }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const positions = useActivePositions();
  const paging = useLazyTable(ListTaskInstancesSort, 'task_name');
  const { restart } = paging;
  const [completing, setCompleting] = useState<TaskInstance | null>(null);
  const tab = search.tab ?? 'assigned';
  const positionId = search.position;
  const positionLabel = positions.options.find((p) => p.value === positionId)?.label ?? '';
  const site = tab === 'all';

  // Any filter or tab change starts again from the first page.
  const filterKey = `${tab}|${positionId}|${search.completed}|${search.q}|${search.category}`;
  useEffect(() => {
    if (filterKey) restart();
  }, [filterKey, restart]);

  const list = useInstancesPage(
    {
      positionId: site ? undefined : positionId,
      includeCompleted: search.completed,
      search: search.q,
      category: search.category,
      ...paging.query,
    },
    tab !== 'available' && (site || positionId !== undefined),
  );
  const remove = useTasksMutation(useDeleteTaskInstance);
  const askDelete = useConfirmedDelete<TaskInstance>({
    confirm: (x) => ({
      header: t('tasks.confirmDelete.header'),
      message: t('tasks.confirmDelete.message', { name: x.task_name }),
    }),
    remove: (x) => remove.mutateAsync({ id: x.id }),
  });

  const table = (showPosition: boolean) => (
    <InstancesTable
      instances={list.data?.instances ?? []}
      total={list.data?.total ?? 0}
      loading={list.isFetching}
      page={paging.page}
      onPage={paging.setPage}
      showPosition={showPosition}
      onComplete={can('tasks.update') ? setCompleting : undefined}
      onEdit={onEdit}
      onDelete={can('tasks.delete') ? askDelete : undefined}
      createdId={createdId}
    />
  );
  const needPosition = <EmptyState message={t('tasks.choosePosition')} />;

  return (
    <>
      <LoadFailedAlert show={list.isError || positions.error} />
      <div className="card">
        <TaskFilters
          idPrefix="instances"
          search={search.q ?? ''}
          onSearch={(q) => setSearch({ q: q || undefined }, { replace: true })}
          category={search.category}
          onCategory={(category) => setSearch({ category })}
          leading={
            <>
              <div className="task-filters__field task-filters__field--wide">
                <label htmlFor="tasks-position">{t('tasks.filters.position')}</label>
                <Dropdown
                  inputId="tasks-position"
                  value={positionId ?? null}
                  options={positions.options}
                  onChange={(e) => setSearch({ position: (e.value as number | null) ?? undefined })}
                  placeholder={t('tasks.filters.positionPlaceholder')}
                  filter
                  showClear
                  loading={positions.loading}
                  pt={dropdownPt(t('tasks.filters.position'))}
                  virtualScrollerOptions={positions.options.length > 200 ? { itemSize: 38 } : undefined}
                />
              </div>
              <div className="task-filters__switch">
                <Switch
                  inputId="tasks-completed"
                  checked={search.completed ?? false}
                  onChange={(e) => setSearch({ completed: e.value ? true : undefined })}
                />
                <label htmlFor="tasks-completed">{t('tasks.filters.includeCompleted')}</label>
              </div>
            </>
          }
        />
        {positionId !== undefined && positionLabel ? (
          <CompletionBar positionId={positionId} positionLabel={positionLabel} />
        ) : null}
        <TabView
          activeIndex={TABS.indexOf(tab)}
          onTabChange={(e) => {
            const next = TABS[e.index];
            setSearch({ tab: next === 'assigned' ? undefined : next });
          }}
          className="task-tabs"
        >
          <TabPanel header={t('tasks.tabs.assigned')}>
            {tab === 'assigned' ? (positionId === undefined ? needPosition : table(false)) : null}
          </TabPanel>
          <TabPanel header={t('tasks.tabs.available')}>
            {tab === 'available' ? (
              positionId === undefined ? (
                needPosition
              ) : (
                <AvailableTemplates
                  positionId={positionId}
                  positionLabel={positionLabel}
                  search={search.q}
                  category={search.category}
                  canCreate={can('tasks.create')}
                />
              )
            ) : null}
          </TabPanel>
          <TabPanel header={t('tasks.tabs.all')}>{tab === 'all' ? table(true) : null}</TabPanel>
        </TabView>
      </div>
      <CompleteDialog
        instance={completing}
        onHide={() => setCompleting(null)}
        onDone={() => {
          setCompleting(null);
          notify.success(t('tasks.complete.done'));
        }}
      />
    </>
  );
}
