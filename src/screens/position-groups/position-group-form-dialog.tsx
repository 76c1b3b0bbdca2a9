import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { PositionGroupDetail } from '../../api/gen/model';
import {
  useCreatePositionGroup,
  useUpdatePositionGroup,
} from '../../api/gen/position-groups/position-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import { positionGroupForm, toCreateBody, toUpdateBody } from './position-group-form.schema.ts';
import { PositionGroupFormFields } from './position-group-form-fields.tsx';
import { positionGroupsListKey } from './use-position-groups-api.ts';

/** The group being edited, with its positions; null adds a new one. */
type Props = RecordDialogProps & { group: PositionGroupDetail | null };

/**
 * A failed save shows the server's message, or 'Failed to save position group'. Only a 4xx message says
 * something about the request; a 5xx or a lost connection gets the translated text.
 */
function saveFailure(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/** The position group form, in the app's one form dialog. */
export function PositionGroupFormDialog({ group, ...shown }: Props) {
  const { t } = useTranslation();
  // The list and the group read by id (its path is below the list's).
  const createGroup = useInvalidatingMutation(useCreatePositionGroup, [positionGroupsListKey]);
  const updateGroup = useInvalidatingMutation(useUpdatePositionGroup, [positionGroupsListKey]);
  const { form, dialogProps } = useRecordForm({
    ...positionGroupForm,
    record: group,
    ...shown,
    header: [t('positionGroups.add'), t('positionGroups.edit')],
    create: (values) => createGroup.mutateAsync({ data: toCreateBody(values) }),
    update: (row, values) => updateGroup.mutateAsync({ id: row.id, data: toUpdateBody(values) }),
    failureMessage: (error) => saveFailure(error, t('positionGroups.saveFailed')),
  });

  return (
    <AppDialog
      formId="position-group-form"
      size="wide"
      history={group && { entityType: 'position_group', entityId: group.id }}
      {...dialogProps}
    >
      <PositionGroupFormFields form={form} mode={group ? 'edit' : 'create'} />
    </AppDialog>
  );
}
