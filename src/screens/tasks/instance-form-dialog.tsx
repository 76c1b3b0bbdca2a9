import { useTranslation } from 'react-i18next';
import type { TaskInstance } from '../../api/gen/model';
import { useCreateTaskInstance, useUpdateTaskInstance } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import {
  instanceFormSchema,
  instanceFormValues,
  toCreateInstanceBody,
  toUpdateInstanceBody,
} from './instance-form.schema.ts';
import { InstanceFormFields } from './instance-form-fields.tsx';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = RecordDialogProps & {
  instance: TaskInstance | null;
  /** The position a new task starts at (the one chosen on the screen). */
  positionId: number | undefined;
  positions: readonly { value: number; label: string }[];
  /** After an add, with the position the new task is at (the screen turns to it). */
  onCreatedAt?: (positionId: number) => void;
};

const schema = instanceFormSchema();

/** The task form: add a task at a position, or edit one (its position locked). */
export function InstanceFormDialog({ instance, positionId, positions, onCreatedAt, ...shown }: Props) {
  const { t } = useTranslation();
  const create = useTasksMutation(useCreateTaskInstance);
  const update = useTasksMutation(useUpdateTaskInstance);
  const { form, dialogProps } = useRecordForm({
    schema,
    values: (row: TaskInstance | null) => instanceFormValues(row, positionId),
    record: instance,
    ...shown,
    header: [t('tasks.add'), t('tasks.edit')],
    create: async (values) => {
      const answer = await create.mutateAsync({ data: toCreateInstanceBody(values) });
      onCreatedAt?.(values.position_id);
      return answer;
    },
    update: (row, values) => update.mutateAsync({ id: row.id, data: toUpdateInstanceBody(values) }),
    failureMessage: t('tasks.saveFailed'),
  });

  return (
    <AppDialog
      formId="instance-form"
      size="wide"
      history={instance && { entityType: 'task_instance', entityId: instance.id }}
      {...dialogProps}
    >
      <InstanceFormFields
        control={form.control}
        editing={Boolean(instance)}
        positions={positions}
        positionLabel={instance ? `${instance.position_code} – ${instance.position_name}` : undefined}
      />
    </AppDialog>
  );
}
