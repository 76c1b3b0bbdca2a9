import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import type { PositionTaskAssignment } from '../../api/gen/model';
import {
  useCreatePositionTaskAssignment,
  useUpdatePositionTaskAssignment,
} from '../../api/gen/position-task-assignments/position-task-assignments.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { FormField } from '../../components/common/form-field.tsx';
import { DropdownField, fieldsOf, SwitchField } from '../../components/common/form-inputs.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import { assignmentFormSchema } from './assignment-form.schema.ts';
import { type Option, useRefreshAssignments } from './use-assignments-api.ts';

type Props = RecordDialogProps & {
  /** The assignment being edited; null to add one. */
  row: PositionTaskAssignment | null;
  positions: Option[];
  tasks: Option[];
};

/** The assignment dialog: add (position and task required), or edit is_primary with both locked. */
export function AssignmentFormDialog({ row, positions, tasks, ...shown }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshAssignments();
  const create = useCreatePositionTaskAssignment();
  const update = useUpdatePositionTaskAssignment();
  const { form, dialogProps } = useRecordForm({
    schema: assignmentFormSchema,
    overrides: { unique: formMessage('assignments.alreadyAssigned') },
    record: row,
    ...shown,
    header: [t('assignments.add'), t('assignments.edit')],
    create: (values) => create.mutateAsync({ data: values }).then(refresh),
    update: ({ position_id, task_id }, { is_primary }) =>
      update.mutateAsync({ positionId: position_id, taskId: task_id, data: { is_primary } }).then(refresh),
    failureMessage: t('assignments.saveFailed'),
  });

  const field = fieldsOf(form.control, 'assignment');
  const locked = (id: string, label: string, value: string) => (
    <FormField id={id} label={label} hint={t('assignments.form.lockedHint')}>
      <InputText id={id} value={value} readOnly disabled aria-describedby={`${id}-hint`} />
    </FormField>
  );

  return (
    <AppDialog formId="assignment-form" {...dialogProps}>
      <div className="form-grid">
        {row ? (
          <>
            {locked(
              'assignment-position',
              t('assignments.form.position'),
              `${row.position_code} – ${row.position_name}`,
            )}
            {locked('assignment-task', t('assignments.form.task'), `${row.task_code} – ${row.task_name}`)}
          </>
        ) : (
          <>
            <DropdownField
              {...field('position_id', t('assignments.form.position'), 'assignment-position')}
              options={positions}
            />
            <DropdownField
              {...field('task_id', t('assignments.form.task'), 'assignment-task')}
              options={tasks}
            />
          </>
        )}
        <SwitchField
          {...field('is_primary', t('assignments.form.primary'), 'assignment-primary')}
          className="form-grid__full"
        />
      </div>
    </AppDialog>
  );
}
