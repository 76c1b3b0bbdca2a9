import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { useDeleteUser } from '../../api/gen/users/users.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { useAuth, usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useCustomRoles } from './use-custom-roles.ts';
import { usersListKey, useUsersList } from './use-users-api.ts';
import { fullName } from './user-actions.ts';
import type { UserFormMode } from './user-form.schema.ts';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UsersTable } from './users-table.tsx';
import './users.css';

type DialogState = { visible: boolean; mode: UserFormMode; user: User | null };

/** Spec §2 Users: the site's users, add and edit in a dialog, delete after a confirmation. */
export function UsersScreen() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { can, grant } = usePermissions();
  const customRoles = useCustomRoles().all;
  const customLevels = useMemo(() => new Map(customRoles.map((r) => [r.id, r.level])), [customRoles]);
  const notify = useNotify();
  const [dialog, setDialog] = useState<DialogState>({ visible: false, mode: 'create', user: null });
  const users = useUsersList();
  const deleteUser = useInvalidatingMutation(useDeleteUser, [usersListKey]);
  const askDelete = useConfirmedDelete<User>({
    confirm: (user) => ({
      header: t('users.confirmDelete.header'),
      message: t('users.confirmDelete.message', { name: fullName(user) }),
    }),
    remove: (user) => deleteUser.mutateAsync({ id: user.id }),
    deactivated: (user) => t('users.deactivated', { name: fullName(user) }),
  });
  const close = () => setDialog((d) => ({ ...d, visible: false }));

  return (
    <section className="page">
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          can('users.create') ? (
            <Button
              label={t('users.add')}
              icon="pi pi-plus"
              onClick={() => setDialog({ visible: true, mode: 'create', user: null })}
            />
          ) : null
        }
      />
      {users.isError ? (
        <Message severity="error" text={t('errors.loadFailed')} className="page-alert" />
      ) : null}
      <div className="card">
        <UsersTable
          users={users.data ?? []}
          loading={users.isPending}
          customLevels={customLevels}
          viewer={me ? { id: me.id, role: grant ?? me.role } : null}
          onEdit={(user) => setDialog({ visible: true, mode: 'edit', user })}
          onDelete={askDelete}
        />
      </div>
      <UserFormDialog
        mode={dialog.mode}
        user={dialog.user}
        visible={dialog.visible}
        onHide={close}
        onSaved={() => {
          close();
          notify.success(t('common.saved'));
        }}
      />
    </section>
  );
}
