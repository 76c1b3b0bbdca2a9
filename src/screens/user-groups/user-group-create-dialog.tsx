import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateUserGroup } from '../../api/gen/user-groups/user-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { schemaFields } from '../../components/common/form-rules.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import { useUsersList } from '../users/use-users-api.ts';
import { userGroupsListKey } from './use-user-groups-api.ts';
import {
  canCreate,
  codeForName,
  toCreateBody,
  userGroupFormSchema,
  userGroupFormValues,
} from './user-group-form.schema.ts';
import { UserGroupFormFields } from './user-group-form-fields.tsx';

type Props = {
  visible: boolean;
  onHide: () => void;
  /** Gets the new group's id, so the screen can select it. */
  onCreated: (id: number) => void;
};

/** Spec §5 user group create: name, type, description, optional manager; the code follows the name. */
export function UserGroupCreateDialog({ visible, onHide, onCreated }: Props) {
  const { t } = useTranslation();
  const resolver = useMemo(() => yupResolver(userGroupFormSchema), []);
  const values = useMemo(userGroupFormValues, []);
  const createGroup = useInvalidatingMutation(useCreateUserGroup, [userGroupsListKey]);
  const users = useUsersList({ enabled: visible });
  const managers = useMemo(() => (users.data ?? []).filter((user) => user.is_active), [users.data]);

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
      const created = await createGroup.mutateAsync({ data: toCreateBody(valid) });
      onCreated(created.data.id);
    },
    onSaved: () => {},
    failureMessage: t('userGroups.saveFailed'),
  });

  const name = useWatch({ control: form.control, name: 'group_name' });
  const { setValue, getFieldState } = form;
  useEffect(() => {
    // The code is the name's, as the server would make it; a server clash stays shown until the name changes.
    setValue('group_code', codeForName(name), {
      shouldValidate: getFieldState('group_code').isTouched,
    });
  }, [name, setValue, getFieldState]);

  return (
    <AppDialog
      header={t('userGroups.form.title')}
      visible={visible}
      onHide={onHide}
      formId="user-group-form"
      saveLabel={t('userGroups.form.create')}
      saveDisabled={!canCreate(name)}
      {...dialogProps}
    >
      <UserGroupFormFields control={form.control} managers={managers} />
    </AppDialog>
  );
}
