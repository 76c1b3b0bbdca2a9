import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { useCreateUser, useUpdateUser } from '../../api/gen/users/users.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import { assignableRoles } from '../../domain/permissions.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { usersListKey } from './use-users-api.ts';
import {
  toCreateBody,
  toUpdateBody,
  USER_FORM_FIELDS,
  type UserFormMode,
  userFormSchema,
  userFormValues,
} from './user-form.schema.ts';
import { UserFormFields } from './user-form-fields.tsx';

type Props = {
  mode: UserFormMode;
  user: User | null;
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
};

/** Spec §5 user form: add or edit, in the app's one form dialog. */
export function UserFormDialog({ mode, user, visible, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const { role } = usePermissions();
  const roles = useMemo(() => assignableRoles(role), [role]);
  const resolver = useMemo(() => yupResolver(userFormSchema(mode, roles)), [mode, roles]);
  const createUser = useInvalidatingMutation(useCreateUser, [usersListKey]);
  const updateUser = useInvalidatingMutation(useUpdateUser, [usersListKey]);
  const { form, dialogProps } = useDialogForm({
    resolver,
    values: userFormValues(user),
    visible,
    fields: USER_FORM_FIELDS,
    overrides: { unique: formMessage('users.emailTaken') },
    save: (values) =>
      mode === 'create' || !user
        ? createUser.mutateAsync({ data: toCreateBody(values) })
        : updateUser.mutateAsync({ id: user.id, data: toUpdateBody(values) }),
    onSaved,
    failureMessage: t('users.saveFailed'),
  });

  return (
    <AppDialog
      header={mode === 'create' ? t('users.add') : t('users.edit')}
      visible={visible}
      onHide={onHide}
      formId="user-form"
      {...dialogProps}
    >
      <UserFormFields mode={mode} control={form.control} roles={roles} />
    </AppDialog>
  );
}
