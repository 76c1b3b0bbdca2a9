import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { CreateTaskDependencyBodyDependencyType, PositionTaskAssignment } from '../../api/gen/model';
import {
  useCreateTaskDependency,
  useValidateTaskDependency,
} from '../../api/gen/task-dependencies/task-dependencies.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { useDialogSave } from '../../components/common/use-dialog-save.ts';
import { DEFAULT_DEPENDENCY_TYPE, DEPENDENCY_TYPES } from '../../domain/tasks.ts';
import { useRefreshAssignments } from './use-assignments-api.ts';

type Props = {
  positionId: number;
  /** The tasks assigned at the position: both ends of a dependency must be among them. */
  assigned: PositionTaskAssignment[];
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
};

/**
 * A new dependency: a from task and a depends-on task (which excludes the from task) at the
 * position. The server validates first; its error or 'Dependency validation failed' shows here,
 * and a create that still fails says 'Failed to create dependency' with the server's words.
 */
export function DependencyDialog({ positionId, assigned, visible, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const [taskId, setTaskId] = useState<number | null>(null);
  const [dependsOn, setDependsOn] = useState<number | null>(null);
  const [type, setType] = useState<CreateTaskDependencyBodyDependencyType>(DEFAULT_DEPENDENCY_TYPE);
  const validate = useValidateTaskDependency();
  const create = useCreateTaskDependency();
  const refresh = useRefreshAssignments();

  const incomplete = taskId === null || dependsOn === null;
  const { tried, dialogProps } = useDialogSave({
    header: t('assignments.dependencies.dialogHeader'),
    visible,
    onHide,
    onOpen: () => {
      setTaskId(null);
      setDependsOn(null);
      setType(DEFAULT_DEPENDENCY_TYPE);
    },
    missing: incomplete,
    save: async () => {
      if (incomplete) return;
      const edge = { position_id: positionId, task_id: taskId, depends_on_task_id: dependsOn };
      const check = await validate.mutateAsync({ data: edge }).catch(() => null);
      if (!check?.valid) return check?.error || t('assignments.dependencies.validationFailed');
      await create.mutateAsync({ data: { ...edge, dependency_type: type } });
      await refresh();
      onSaved();
    },
    failureMessage: (err) => {
      const why = isApiError(err) && err.status > 0 && err.status < 500 ? ` ${err.message}` : '';
      return `${t('assignments.dependencies.createFailed')}${why}`;
    },
  });

  const options = assigned.map((a) => ({ value: a.task_id, label: `${a.task_code} – ${a.task_name}` }));
  const dependsOnOptions = options.filter((o) => o.value !== taskId);
  const types = DEPENDENCY_TYPES.map((v) => ({ value: v, label: t(`assignments.dependencies.types.${v}`) }));
  const required = t('validation.required');

  const field = (
    id: string,
    label: string,
    value: unknown,
    opts: { value: unknown; label: string }[],
    onChange: (v: never) => void,
    missing: boolean,
  ) => (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value}
        options={opts}
        onChange={(e) => onChange(e.value as never)}
        filter
        invalid={missing}
        aria-describedby={missing ? `${id}-error` : undefined}
        pt={dropdownPt(label)}
      />
      {missing ? (
        <small id={`${id}-error`} className="p-error" role="alert">
          {required}
        </small>
      ) : null}
    </div>
  );

  return (
    <AppDialog formId="dependency-form" saveLabel={t('assignments.dependencies.create')} {...dialogProps}>
      <div className="form-grid">
        {field(
          'dependency-task',
          t('assignments.dependencies.task'),
          taskId,
          options,
          (v: number) => {
            setTaskId(v);
            if (v === dependsOn) setDependsOn(null);
          },
          tried && taskId === null,
        )}
        {field(
          'dependency-depends-on',
          t('assignments.dependencies.dependsOn'),
          dependsOn,
          dependsOnOptions,
          (v: number) => setDependsOn(v),
          tried && dependsOn === null,
        )}
        {field(
          'dependency-type',
          t('assignments.dependencies.type'),
          type,
          types,
          (v: CreateTaskDependencyBodyDependencyType) => setType(v),
          false,
        )}
      </div>
    </AppDialog>
  );
}
