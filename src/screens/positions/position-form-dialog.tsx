import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Position } from '../../api/gen/model';
import { useCreatePosition, useUpdatePosition } from '../../api/gen/positions/positions.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import {
  POSITION_FORM_FIELDS,
  POSITION_SERVER_MESSAGES,
  type PositionFormValues,
  positionFormSchema,
  positionFormValues,
  toCreateBody,
  toUpdateBody,
} from './position-form.schema.ts';
import { PositionFormFields } from './position-form-fields.tsx';
import { positionsListKey } from './use-positions-api.ts';

type Props = {
  /** The position to edit, or null to add one. */
  position: Position | null;
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
};

/** Spec §5 position form: add or edit, in the app's one form dialog. */
export function PositionFormDialog({ position, visible, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const resolver = useMemo(() => yupResolver(positionFormSchema()), []);
  const createPosition = useInvalidatingMutation(useCreatePosition, [positionsListKey]);
  const updatePosition = useInvalidatingMutation(useUpdatePosition, [positionsListKey]);
  const { form, dialogProps } = useDialogForm<PositionFormValues>({
    resolver,
    values: positionFormValues(position),
    visible,
    fields: POSITION_FORM_FIELDS,
    overrides: POSITION_SERVER_MESSAGES,
    save: (values) =>
      position
        ? updatePosition.mutateAsync({ id: position.id, data: toUpdateBody(values) })
        : createPosition.mutateAsync({ data: toCreateBody(values) }),
    onSaved,
    // Spec §8: 'Failed to save position. Please try again', inside the dialog.
    failureMessage: t('positions.saveFailed'),
  });

  return (
    <AppDialog
      header={position ? t('positions.edit') : t('positions.add')}
      visible={visible}
      onHide={onHide}
      formId="position-form"
      {...dialogProps}
    >
      <PositionFormFields form={form} editing={position !== null} />
    </AppDialog>
  );
}
