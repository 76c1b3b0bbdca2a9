/** Cells the task tables share: category, duration as hours and minutes, and status. */
import type { TFunction } from 'i18next';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { TaskInstance, TaskTemplate } from '../../api/gen/model';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { TASK_CATEGORIES, type TaskCategory } from '../../domain/tasks.ts';

const isCategory = (value: string | null): value is TaskCategory =>
  value !== null && (TASK_CATEGORIES as readonly string[]).includes(value);

export function CategoryCell({ value }: { value: string | null }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <span className={`task-category task-category--${value}`}>
      {isCategory(value) ? t(`tasks.categories.${value}`) : value}
    </span>
  );
}

export function DurationCell({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  if (minutes === null) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return (
    <>
      {hours > 0
        ? t('tasks.duration.hours', { hours, minutes: rest })
        : t('tasks.duration.minutes', { minutes })}
    </>
  );
}

export function InstanceStatusCell({ instance }: { instance: TaskInstance }) {
  const { t } = useTranslation();
  const { formatDate } = useSiteSettings();
  if (instance.is_completed) {
    return (
      <div className="task-status">
        <Tag value={t('tasks.status.done')} severity="success" rounded />
        {instance.completed_at ? (
          <small className="task-status__by">
            {t('tasks.completedBy', {
              date: formatDate(instance.completed_at),
              name: instance.completed_by_name ?? '—',
            })}
          </small>
        ) : null}
        {instance.completion_notes ? (
          <small className="task-status__notes">{instance.completion_notes}</small>
        ) : null}
      </div>
    );
  }
  return (
    <Tag
      value={instance.is_active ? t('tasks.status.open') : t('tasks.status.inactive')}
      severity={instance.is_active ? 'info' : 'secondary'}
      className={instance.is_active ? 'task-status-tag--open' : undefined}
      rounded
    />
  );
}

export function TaskNameCell({ name, code }: { name: string; code: string | null }) {
  return (
    <div className="task-name">
      <span>{name}</span>
      {code ? <code className="task-name__code">{code}</code> : null}
    </div>
  );
}

/**
 * A template's name, category, priority and duration: the template library's and a position's
 * available templates.
 */
export function templateColumns(t: TFunction) {
  return [
    <Column
      key="name"
      field="task_name"
      header={t('tasks.columns.name')}
      sortable
      body={(row: TaskTemplate) => <TaskNameCell name={row.task_name} code={row.task_code} />}
    />,
    <Column
      key="category"
      field="category"
      header={t('tasks.columns.category')}
      sortable
      body={(row: TaskTemplate) => <CategoryCell value={row.category} />}
    />,
    <Column key="priority" field="priority" header={t('tasks.columns.priority')} sortable />,
    <Column
      key="duration"
      field="duration_minutes"
      header={t('tasks.columns.duration')}
      sortable
      body={(row: TaskTemplate) => <DurationCell minutes={row.duration_minutes} />}
    />,
  ];
}
