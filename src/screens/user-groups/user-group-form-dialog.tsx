import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserGroupDetail } from '../../api/gen/model';
import { useCreateUserGroup, useUpdateUserGroup } from '../../api/gen/user-groups/user-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { schemaFields } from '../../components/common/form-rules.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import { versionOf } from '../../components/common/use-record-form.ts';
import { useUsersList } from '../users/use-users-api.ts';
import { userGroupKey, userGroupsListKey } from './use-user-groups-api.ts';
import {
  canCreate,
  codeForName,
  toCreateBody,
  toUpdateBody,
  userGroupFormSchema,
  userGroupFormValues,
} from './user-group-form.schema.ts';
import { UserGroupFormFields } from './user-group-form-fields.tsx';

type Props = {
  visible: boolean;
  onHide: () => void;
  /** The group to edit, or null to create one. */
  group: UserGroupDetail | null;
  /** Gets the new group's id, so the screen can select it. */
  onCreated: (id: number) => void;
  /** After an edit, with the group's name. */
  onUpdated: (name: string) => void;
};

/**
 * Creating a user group: name, type, description, optional manager; the code follows the name.
 * Editing changes the same fields; the code made on create stays.
 */
export function UserGroupFormDialog({ visible, onHide, group, onCreated, onUpdated }: Props) {
  const { t } = useTranslation();
  const editing = group !== null;
  const resolver = useMemo(() => yupResolver(userGroupFormSchema), []);
  const values = useMemo(() => userGroupFormValues(group), [group]);
  const createGroup = useInvalidatingMutation(useCreateUserGroup, [userGroupsListKey]);
  const refresh = group ? [userGroupsListKey, userGroupKey(group.id)] : [userGroupsListKey];
  const updateGroup = useInvalidatingMutation(useUpdateUserGroup, refresh);
  const users = useUsersList({ enabled: visible });
  const managers = useMemo(
    // The current manager stays offered even if deactivated since, so an edit keeps them.
    () => (users.data ?? []).filter((user) => user.is_active || user.id === group?.manager_user_id),
    [users.data, group],
  );

  const { form, dialogProps } = useDialogForm({
    resolver,
    values,
    visible,
    fields: schemaFields(userGroupFormSchema),
    overrides: {
      unique: formMessage('userGroups.codeTaken'),
      activeUser: formMessage('userGroups.activeUserOnly'),
    },
    save: async (valid) => {
      if (group) {
        await updateGroup.mutateAsync({ id: group.id, data: toUpdateBody(valid, group) });
        onUpdated(valid.group_name);
        return;
      }
      const created = await createGroup.mutateAsync({ data: toCreateBody(valid) });
      onCreated(created.data.id);
    },
    onSaved: () => {},
    failureMessage: t('userGroups.saveFailed'),
    version: versionOf(group),
    reloadValues: (changed) => userGroupFormValues(group && { ...group, ...changed }),
  });

  const name = useWatch({ control: form.control, name: 'group_name' });
  const { setValue, getFieldState } = form;
  useEffect(() => {
    // The code is the name's, as the server would make it; a server clash stays shown until the name changes.
    if (editing) return;
    setValue('group_code', codeForName(name), {
      shouldValidate: getFieldState('group_code').isTouched,
    });
  }, [editing, name, setValue, getFieldState]);

  return (
    <AppDialog
      header={editing ? t('userGroups.form.editTitle') : t('userGroups.form.title')}
      visible={visible}
      onHide={onHide}
      formId="user-group-form"
      saveLabel={editing ? undefined : t('userGroups.form.create')}
      saveDisabled={!canCreate(name)}
      history={group && { entityType: 'user_group', entityId: group.id }}
      {...dialogProps}
    >
      <UserGroupFormFields control={form.control} managers={managers} editing={editing} />
    </AppDialog>
  );
}
