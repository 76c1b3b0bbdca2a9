import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { useDeleteUser } from '../../api/gen/users/users.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useEditDialog } from '../../components/common/use-edit-dialog.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { useAuth, usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useCustomRoles } from './use-custom-roles.ts';
import { usersListKey, useUsersList } from './use-users-api.ts';
import { fullName } from './user-actions.ts';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UsersTable } from './users-table.tsx';
import './users.css';

/** Spec §2 Users: the site's users, add and edit in a dialog, delete after a confirmation. */
export function UsersScreen() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { can, grant } = usePermissions();
  const customRoles = useCustomRoles().all;
  const customLevels = useMemo(() => new Map(customRoles.map((r) => [r.id, r.level])), [customRoles]);
  const dialog = useEditDialog<User>();
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

  return (
    <section className="page">
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        add={can('users.create') ? { label: t('users.add'), onClick: () => dialog.open(null) } : undefined}
      />
      <LoadFailedAlert show={users.isError} />
      <div className="card">
        <UsersTable
          users={users.data ?? []}
          loading={users.isPending}
          customLevels={customLevels}
          viewer={me ? { id: me.id, role: grant ?? me.role } : null}
          onEdit={dialog.open}
          onDelete={askDelete}
        />
      </div>
      <UserFormDialog user={dialog.row} {...dialog.dialogProps} />
    </section>
  );
}
