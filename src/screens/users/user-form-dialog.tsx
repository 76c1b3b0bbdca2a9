import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation, User } from '../../api/gen/model';
import { useCreateUser, useUpdateUser } from '../../api/gen/users/users.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { type RecordDialogProps, useRecordForm } from '../../components/common/use-record-form.ts';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { assignableRoles } from '../../domain/permissions.ts';
import { toLanguage } from '../../i18n/languages.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useCustomRoles } from './use-custom-roles.ts';
import { usersListKey } from './use-users-api.ts';
import {
  customRoleChoice,
  toCreateBody,
  toUpdateBody,
  USER_FORM_ERROR_FIELDS,
  type UserFormMode,
  userFormSchema,
  userFormValues,
} from './user-form.schema.ts';
import { type RoleOption, UserFormFields } from './user-form-fields.tsx';

/**
 * The user to edit, or null to add one; `onInvited` hears of the invitation a user added without
 * a password was sent (or, on a server without email, its link).
 */
type Props = RecordDialogProps & {
  user: User | null;
  onInvited?: (user: User, invitation: Invitation) => void;
};

/** The user form: add or edit, in the app's one form dialog. */
export function UserFormDialog({ user, onInvited, ...shown }: Props) {
  const { t, i18n } = useTranslation();
  const mode: UserFormMode = user ? 'edit' : 'create';
  const { grant } = usePermissions();
  const { assignable } = useCustomRoles();
  const { defaultUserRole } = useSiteSettings();
  const builtIn = useMemo(() => assignableRoles(grant), [grant]);
  const roleOptions = useMemo(() => {
    const options: RoleOption[] = builtIn.map((r) => ({ label: t(`roles.${r}`), value: r }));
    for (const custom of assignable) options.push({ label: custom.name, value: customRoleChoice(custom.id) });
    // A role the viewer could not give stays selectable on its holder, so an edit keeps it.
    const held = user?.custom_role_id;
    if (held && !assignable.some((c) => c.id === held))
      options.push({ label: user?.custom_role_name ?? String(held), value: customRoleChoice(held) });
    return options;
  }, [builtIn, assignable, user, t]);
  const allowed = useMemo(() => roleOptions.map((o) => o.value), [roleOptions]);
  const schema = useMemo(() => userFormSchema(mode, allowed), [mode, allowed]);
  const defaultRole = builtIn.includes(defaultUserRole) ? defaultUserRole : undefined;
  const createUser = useInvalidatingMutation(useCreateUser, [usersListKey]);
  const updateUser = useInvalidatingMutation(useUpdateUser, [usersListKey]);
  const { form, dialogProps } = useRecordForm({
    schema,
    name: (values) => `${values.first_name} ${values.last_name}`,
    // A new user's language starts as the console's: the admin's guess at what the invitee reads.
    values: (row) => userFormValues(row, defaultRole, toLanguage(i18n.resolvedLanguage)),
    fields: USER_FORM_ERROR_FIELDS,
    overrides: { unique: formMessage('users.emailTaken') },
    record: user,
    ...shown,
    header: [t('users.add'), t('users.edit')],
    create: async (values) => {
      const answer = await createUser.mutateAsync({ data: toCreateBody(values) });
      if (answer.invitation) onInvited?.(answer.user, answer.invitation);
      return answer;
    },
    update: (row, values) => updateUser.mutateAsync({ id: row.id, data: toUpdateBody(values) }),
    failureMessage: t('users.saveFailed'),
  });

  // The site's default may arrive after the dialog opened: take it while the role is untouched.
  const { getFieldState, setValue } = form;
  const { visible } = shown;
  useEffect(() => {
    if (visible && mode === 'create' && defaultRole && !getFieldState('role').isDirty)
      setValue('role', defaultRole);
  }, [visible, mode, defaultRole, getFieldState, setValue]);

  return (
    <AppDialog
      formId="user-form"
      history={user && { entityType: 'user', entityId: user.id }}
      {...dialogProps}
    >
      <UserFormFields mode={mode} control={form.control} roleOptions={roleOptions} />
    </AppDialog>
  );
}
