import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskInstance } from '../../api/gen/model';
import { useCreateTaskInstance, useUpdateTaskInstance } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import {
  INSTANCE_FORM_FIELDS,
  instanceFormSchema,
  instanceFormValues,
  toCreateInstanceBody,
  toUpdateInstanceBody,
} from './instance-form.schema.ts';
import { InstanceFormFields } from './instance-form-fields.tsx';
import { useTasksMutation } from './use-tasks-api.ts';

type Props = {
  instance: TaskInstance | null;
  /** The position a new task starts at (the one chosen on the screen). */
  positionId: number | undefined;
  positions: readonly { value: number; label: string }[];
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
};

/** Spec §5 task form: add a task at a position, or edit one (its position locked). */
export function InstanceFormDialog({ instance, positionId, positions, visible, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const resolver = useMemo(() => yupResolver(instanceFormSchema()), []);
  const create = useTasksMutation(useCreateTaskInstance);
  const update = useTasksMutation(useUpdateTaskInstance);
  const { form, dialogProps } = useDialogForm({
    resolver,
    values: instanceFormValues(instance, positionId),
    visible,
    fields: INSTANCE_FORM_FIELDS,
    save: (values) =>
      instance
        ? update.mutateAsync({ id: instance.id, data: toUpdateInstanceBody(values) })
        : create.mutateAsync({ data: toCreateInstanceBody(values) }),
    onSaved,
    failureMessage: t('tasks.saveFailed'),
  });

  return (
    <AppDialog
      header={instance ? t('tasks.edit') : t('tasks.add')}
      visible={visible}
      onHide={onHide}
      formId="instance-form"
      size="wide"
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
