import { yupResolver } from '@hookform/resolvers/yup';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import type { PositionTaskAssignment } from '../../api/gen/model';
import {
  useCreatePositionTaskAssignment,
  useUpdatePositionTaskAssignment,
} from '../../api/gen/position-task-assignments/position-task-assignments.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { FormField } from '../../components/common/form-field.tsx';
import { DropdownField, SwitchField } from '../../components/common/form-inputs.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import {
  ASSIGNMENT_FORM_FIELDS,
  type AssignmentFormValues,
  assignmentFormSchema,
  assignmentFormValues,
  toCreateBody,
} from './assignment-form.schema.ts';
import { type Option, useRefreshAssignments } from './use-assignments-api.ts';

type Props = {
  /** The assignment being edited; null to add one. */
  row: PositionTaskAssignment | null;
  visible: boolean;
  positions: Option[];
  tasks: Option[];
  onHide: () => void;
  onSaved: () => void;
};

const resolver = yupResolver(assignmentFormSchema);

/** Spec §5 Assignment dialog: add (position and task required), or edit is_primary with both locked. */
export function AssignmentFormDialog({ row, visible, positions, tasks, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshAssignments();
  const create = useCreatePositionTaskAssignment();
  const update = useUpdatePositionTaskAssignment();
  const { form, dialogProps } = useDialogForm<AssignmentFormValues>({
    resolver,
    values: assignmentFormValues(row),
    visible,
    fields: ASSIGNMENT_FORM_FIELDS,
    overrides: { unique: formMessage('assignments.alreadyAssigned') },
    save: async (values) => {
      if (row)
        await update.mutateAsync({
          positionId: row.position_id,
          taskId: row.task_id,
          data: { is_primary: values.is_primary },
        });
      else await create.mutateAsync({ data: toCreateBody(values) });
      await refresh();
    },
    onSaved,
    failureMessage: t('assignments.saveFailed'),
  });

  const locked = (id: string, label: string, value: string) => (
    <FormField id={id} label={label} hint={t('assignments.form.lockedHint')}>
      <InputText id={id} value={value} readOnly disabled aria-describedby={`${id}-hint`} />
    </FormField>
  );

  return (
    <AppDialog
      header={row ? t('assignments.edit') : t('assignments.add')}
      visible={visible}
      onHide={onHide}
      formId="assignment-form"
      {...dialogProps}
    >
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
              control={form.control}
              name="position_id"
              id="assignment-position"
              label={t('assignments.form.position')}
              options={positions}
            />
            <DropdownField
              control={form.control}
              name="task_id"
              id="assignment-task"
              label={t('assignments.form.task')}
              options={tasks}
            />
          </>
        )}
        <SwitchField
          control={form.control}
          name="is_primary"
          id="assignment-primary"
          label={t('assignments.form.primary')}
          className="form-grid__full"
        />
      </div>
    </AppDialog>
  );
}
