import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDependency } from '../../api/gen/model';
import { useListPositionAssignedTasks } from '../../api/gen/position-task-assignments/position-task-assignments.ts';
import {
  useDeleteTaskDependency,
  useListBlockedTasks,
  useListTaskDependencies,
} from '../../api/gen/task-dependencies/task-dependencies.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { IconButton } from '../../components/common/icon-button.tsx';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import type { AssignmentsSearch } from './assignments-search.ts';
import { DependencyDialog } from './dependency-dialog.tsx';
import { type Option, useRefreshAssignments } from './use-assignments-api.ts';

type Props = {
  search: AssignmentsSearch;
  setSearch: (patch: Partial<AssignmentsSearch>) => void;
  positions: Option[];
};

type NodeData =
  | { kind: 'task'; blocked: boolean; code: string; name: string }
  | { kind: 'dependency'; dependency: TaskDependency };

/**
 * Task dependencies as a tree per position: each task assigned there, and under it the
 * tasks it waits for. Tasks blocked now (a requires or blocks dependency on a task not completed
 * at the position) are marked. Add validates first; delete asks.
 */
export function DependenciesTab({ search, setSearch, positions }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const refresh = useRefreshAssignments();
  const positionId = search.tree;
  const enabled = positionId !== undefined;
  const id = positionId ?? 0;
  const assigned = useListPositionAssignedTasks(id, { query: { enabled, select: (b) => b.assignments } });
  const dependencies = useListTaskDependencies(
    { position_id: positionId },
    { query: { enabled, select: (b) => b.dependencies } },
  );
  const blocked = useListBlockedTasks({ position_id: id }, { query: { enabled, select: (b) => b.blocked } });
  const [adding, setAdding] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const remove = useDeleteTaskDependency();
  const askDelete = useConfirmedDelete<TaskDependency>({
    confirm: (d) => ({
      header: t('assignments.dependencies.confirmDelete.header'),
      message: t('assignments.dependencies.confirmDelete.message', {
        task: d.task_code,
        dependsOn: d.depends_on_task_code,
      }),
    }),
    remove: async (d) => {
      await remove.mutateAsync({ id: d.id });
      await refresh();
    },
  });

  const nodes = useMemo<TreeNode[]>(() => {
    const blockedIds = new Set((blocked.data ?? []).map((b) => b.task_id));
    // No labels: PrimeReact would put them in aria-label, and a tree item is better named by what it shows.
    return (assigned.data ?? []).map((a) => {
      const isBlocked = blockedIds.has(a.task_id);
      const children = (dependencies.data ?? [])
        .filter((d) => d.task_id === a.task_id)
        .map((d) => ({
          key: `d${d.id}`,
          data: { kind: 'dependency', dependency: d } as NodeData,
          leaf: true,
        }));
      return {
        key: `t${a.task_id}`,
        data: { kind: 'task', blocked: isBlocked, code: a.task_code, name: a.task_name } as NodeData,
        children,
        leaf: children.length === 0,
      };
    });
  }, [assigned.data, dependencies.data, blocked.data]);

  // Every task is open unless closed, so the whole graph of the position shows at once.
  const expandedKeys = useMemo<TreeExpandedKeysType>(
    () =>
      Object.fromEntries(
        nodes.filter((n) => !collapsed.has(n.key as string)).map((n) => [n.key as string, true]),
      ),
    [nodes, collapsed],
  );

  const template = (node: TreeNode) => {
    const data = node.data as NodeData;
    if (data.kind === 'task')
      return (
        <span className="dependency-node">
          <strong>{data.code}</strong>
          <span>{data.name}</span>
          {data.blocked ? (
            <Tag
              value={t('assignments.dependencies.blocked')}
              severity="warning"
              title={t('assignments.dependencies.blockedHint')}
            />
          ) : null}
        </span>
      );
    const d = data.dependency;
    return (
      <span className="dependency-node">
        <span className="dependency-node__muted">{t('assignments.dependencies.waitsFor')}</span>
        <strong>{d.depends_on_task_code}</strong>
        <span>{d.depends_on_task_name}</span>
        <Tag value={t(`assignments.dependencies.types.${d.dependency_type}`)} severity="secondary" />
        {can('tasks.delete') ? (
          <IconButton
            icon="pi pi-trash"
            label={t('assignments.dependencies.deleteLabel', {
              task: d.task_code,
              dependsOn: d.depends_on_task_code,
            })}
            danger
            onClick={() => askDelete(d)}
          />
        ) : null}
      </span>
    );
  };

  const positionLabel = t('assignments.dependencies.position');
  const loadFailed = assigned.isError || dependencies.isError || blocked.isError;
  return (
    <div className="dependencies-tab">
      <div className="assignments-toolbar">
        <span className="assignments-filter">
          <label htmlFor="dependencies-position">{positionLabel}</label>
          <Dropdown
            inputId="dependencies-position"
            value={positionId ?? null}
            options={positions}
            onChange={(e) => setSearch({ tree: e.value ?? undefined })}
            placeholder={t('assignments.dependencies.positionPlaceholder')}
            filter
            pt={dropdownPt(positionLabel)}
          />
        </span>
        {enabled && can('tasks.create') ? (
          <Button
            label={t('assignments.dependencies.add')}
            icon="pi pi-plus"
            onClick={() => setAdding(true)}
          />
        ) : null}
      </div>
      <LoadFailedAlert show={loadFailed} />
      {!enabled ? (
        <EmptyState icon="pi pi-map-marker" message={t('assignments.dependencies.choosePosition')} />
      ) : (
        <>
          {(dependencies.data ?? []).length === 0 && !dependencies.isPending ? (
            <EmptyState icon="pi pi-sitemap" message={t('assignments.dependencies.none')} />
          ) : null}
          <Tree
            value={nodes}
            nodeTemplate={template}
            togglerTemplate={(node, o) => (
              <button
                type="button"
                tabIndex={-1}
                className={o.containerClassName}
                onClick={o.onClick}
                aria-expanded={o.expanded}
                aria-label={t('assignments.dependencies.toggle', {
                  task: String((node.data as { code?: string }).code ?? ''),
                })}
              >
                <span
                  className={`${o.iconClassName} pi ${o.expanded ? 'pi-chevron-down' : 'pi-chevron-right'}`}
                  aria-hidden
                />
              </button>
            )}
            expandedKeys={expandedKeys}
            onToggle={(e) =>
              setCollapsed(new Set(nodes.map((n) => n.key as string).filter((k) => !e.value[k])))
            }
            loading={assigned.isPending || dependencies.isPending}
            className="dependency-tree"
            aria-label={positionLabel}
          />
          <DependencyDialog
            positionId={id}
            assigned={assigned.data ?? []}
            visible={adding}
            onHide={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              notify.success(t('common.saved'));
            }}
          />
        </>
      )}
    </div>
  );
}
