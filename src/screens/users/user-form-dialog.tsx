import { yupResolver } from '@hookform/resolvers/yup';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { formMessage } from '../../components/common/form-message.ts';
import { applyServerErrors } from '../../components/common/server-errors.ts';
import { assignableRoles } from '../../domain/permissions.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useCreateUserMutation, useUpdateUserMutation } from './use-users-api.ts';
import {
  emptyUserForm,
  toCreateBody,
  toUpdateBody,
  type UserFormMode,
  type UserFormValues,
  userFormSchema,
} from './user-form.schema.ts';
import { UserFormFields } from './user-form-fields.tsx';

type Props = {
  mode: UserFormMode;
  user: User | null;
  visible: boolean;
  onHide: () => void;
  onSaved: () => void;
};

const FIELDS = Object.keys(emptyUserForm) as (keyof UserFormValues)[];

function valuesOf(user: User | null): UserFormValues {
  if (!user) return emptyUserForm;
  const { first_name, last_name, email, role, is_active } = user;
  return { first_name, last_name, email, role, is_active, password: '' };
}

export function UserFormDialog({ mode, user, visible, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const { role } = usePermissions();
  const roles = useMemo(() => assignableRoles(role), [role]);
  const schema = useMemo(() => userFormSchema(mode, roles), [mode, roles]);
  const [saveFailed, setSaveFailed] = useState(false);
  const createUser = useCreateUserMutation();
  const updateUser = useUpdateUserMutation();
  const { control, handleSubmit, reset, setError, formState } = useForm<UserFormValues>({
    // The form holds role '' until one is picked; the schema's output type never does.
    resolver: yupResolver(schema) as unknown as Resolver<UserFormValues>,
    defaultValues: valuesOf(user),
  });

  useEffect(() => {
    if (visible) {
      reset(valuesOf(user));
      setSaveFailed(false);
    }
  }, [visible, user, reset]);

  const submit = handleSubmit(async (raw) => {
    setSaveFailed(false);
    const values = schema.cast(raw);
    try {
      if (mode === 'create') await createUser.mutateAsync({ data: toCreateBody(values) });
      else if (user) await updateUser.mutateAsync({ id: user.id, data: toUpdateBody(values) });
      onSaved();
    } catch (error) {
      const overrides = { unique: formMessage('users.emailTaken') };
      if (!applyServerErrors(error, setError, FIELDS, overrides)) setSaveFailed(true);
    }
  });

  const footer = (
    <div className="dialog-footer">
      <Button label={t('common.cancel')} text onClick={onHide} disabled={formState.isSubmitting} />
      <Button
        label={t('common.save')}
        icon="pi pi-check"
        type="submit"
        form="user-form"
        loading={formState.isSubmitting}
      />
    </div>
  );

  return (
    <Dialog
      header={mode === 'create' ? t('users.add') : t('users.edit')}
      visible={visible}
      onHide={onHide}
      footer={footer}
      modal
      draggable={false}
      className="form-dialog"
      breakpoints={{ '640px': '95vw' }}
    >
      <form id="user-form" onSubmit={submit} noValidate>
        {saveFailed ? <Message severity="error" text={t('users.saveFailed')} className="form-alert" /> : null}
        <UserFormFields mode={mode} control={control} roles={roles} />
      </form>
    </Dialog>
  );
}
