import { useTranslation } from 'react-i18next';
import type { Position } from '../../api/gen/model';
import { useCreatePosition, useUpdatePosition } from '../../api/gen/positions/positions.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import { positionForm, toCreateBody, toUpdateBody } from './position-form.schema.ts';
import { PositionFormFields } from './position-form-fields.tsx';
import { positionsListKey } from './use-positions-api.ts';

/** The position to edit, or null to add one. */
type Props = RecordDialogProps & { position: Position | null };

/** The position form: add or edit, in the app's one form dialog. */
export function PositionFormDialog({ position, ...shown }: Props) {
  const { t } = useTranslation();
  const createPosition = useInvalidatingMutation(useCreatePosition, [positionsListKey]);
  const updatePosition = useInvalidatingMutation(useUpdatePosition, [positionsListKey]);
  const { form, dialogProps } = useRecordForm({
    ...positionForm,
    record: position,
    ...shown,
    header: [t('positions.add'), t('positions.edit')],
    create: (values) => createPosition.mutateAsync({ data: toCreateBody(values) }),
    update: (row, values) => updatePosition.mutateAsync({ id: row.id, data: toUpdateBody(values) }),
    // 'Failed to save position. Please try again', inside the dialog.
    failureMessage: t('positions.saveFailed'),
  });

  return (
    <AppDialog
      formId="position-form"
      history={position && { entityType: 'position', entityId: position.id }}
      {...dialogProps}
    >
      <PositionFormFields form={form} editing={position !== null} />
    </AppDialog>
  );
}
