import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { PositionGroupDetail } from '../../api/gen/model';
import {
  useCreatePositionGroup,
  useUpdatePositionGroup,
} from '../../api/gen/position-groups/position-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import {
  POSITION_GROUP_FORM_FIELDS,
  positionGroupFormSchema,
  positionGroupFormValues,
  toCreateBody,
  toUpdateBody,
} from './position-group-form.schema.ts';
import { PositionGroupFormFields } from './position-group-form-fields.tsx';
import { positionGroupKey, positionGroupsListKey, usePickerPositions } from './use-position-groups-api.ts';

type Props = {
  /** The group being edited, with its positions; null adds a new one. */
  group: PositionGroupDetail | null;
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
};

/**
 * Spec §8: the server's message, or 'Failed to save position group'. Only a 4xx message says
 * something about the request; a 5xx or a lost connection gets the translated text.
 */
function saveFailure(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/** Spec §5 position group form, in the app's one form dialog. */
export function PositionGroupFormDialog({ group, visible, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const mode = group ? 'edit' : 'create';
  const resolver = useMemo(() => yupResolver(positionGroupFormSchema), []);
  const values = useMemo(() => positionGroupFormValues(group), [group]);
  const refreshes = useMemo(
    () => (group ? [positionGroupsListKey, positionGroupKey(group.id)] : [positionGroupsListKey]),
    [group],
  );
  const createGroup = useInvalidatingMutation(useCreatePositionGroup, refreshes);
  const updateGroup = useInvalidatingMutation(useUpdatePositionGroup, refreshes);
  const positions = usePickerPositions(visible);
  const { form, dialogProps } = useDialogForm({
    resolver,
    values,
    visible,
    fields: POSITION_GROUP_FORM_FIELDS,
    overrides: {
      'group_code.unique': formMessage('positionGroups.codeTaken'),
      'group_code.pattern': formMessage('positionGroups.codePattern'),
      'position_ids.exists': formMessage('positionGroups.unknownPositions'),
    },
    save: (valid) =>
      group
        ? updateGroup.mutateAsync({ id: group.id, data: toUpdateBody(valid) })
        : createGroup.mutateAsync({ data: toCreateBody(valid) }),
    onSaved,
    failureMessage: (error) => saveFailure(error, t('positionGroups.saveFailed')),
  });

  return (
    <AppDialog
      header={mode === 'create' ? t('positionGroups.add') : t('positionGroups.edit')}
      visible={visible}
      onHide={onHide}
      formId="position-group-form"
      size="wide"
      {...dialogProps}
    >
      <PositionGroupFormFields
        form={form}
        mode={mode}
        positions={positions.data}
        positionsLoading={positions.isPending}
      />
    </AppDialog>
  );
}
