import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { useDeleteUser } from '../../api/gen/users/users.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { ListPage } from '../../components/common/list-page.tsx';
import { useRecordScreen } from '../../components/common/use-record-screen.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { useAuth, usePermissions } from '../../machines/auth/auth-provider.tsx';
import { InvitationLinkDialog } from './invitation-parts.tsx';
import { useCustomRoles } from './use-custom-roles.ts';
import { useInvitations } from './use-invitations.ts';
import { usersListKey, useUsersList } from './use-users-api.ts';
import { fullName } from './user-actions.ts';
import { UserFormDialog } from './user-form-dialog.tsx';
import { validateUsersSearch } from './users-search.ts';
import { UsersTable } from './users-table.tsx';
import { UsersToolbar } from './users-toolbar.tsx';
import './users.css';

/**
 * Users: the site's users, add and edit in a dialog, delete after a confirmation; search,
 * role and status filtered by the server and kept in the URL. A new user is shown.
 */
export function UsersScreen() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { grant } = usePermissions();
  const customRoles = useCustomRoles().all;
  const customLevels = useMemo(() => new Map(customRoles.map((r) => [r.id, r.level])), [customRoles]);
  const [search, setSearch] = useScreenSearch(validateUsersSearch);
  const users = useUsersList({ filters: { search: search.q, role: search.role, status: search.status } });
  const deleteUser = useInvalidatingMutation(useDeleteUser, [usersListKey]);
  const invitations = useInvitations();
  const screen = useRecordScreen<User>({
    area: 'users',
    confirmDelete: (user) => ({
      header: t('users.confirmDelete.header'),
      message: t('users.confirmDelete.message', { name: fullName(user) }),
    }),
    remove: (user) => deleteUser.mutateAsync({ id: user.id }),
    deactivated: (user) => t('users.deactivated', { name: fullName(user) }),
    // A new user is shown even where the filters in use would hide them.
    onCreated: () => setSearch({ q: undefined, role: undefined, status: undefined }, { replace: true }),
  });

  return (
    <ListPage
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      add={screen.addAction(t('users.add'))}
      loadFailed={users.isError}
      after={
        <>
          <UserFormDialog
            user={screen.dialog.row}
            onInvited={invitations.report}
            {...screen.dialog.dialogProps}
          />
          <InvitationLinkDialog shown={invitations.shownLink} onHide={invitations.hideLink} />
        </>
      }
    >
      <UsersToolbar search={search} onChange={(patch) => setSearch(patch, { replace: true })} />
      {/* The table decides each row's buttons by rank and permission (user-actions.ts). */}
      <UsersTable
        users={users.data ?? []}
        loading={users.isPending}
        customLevels={customLevels}
        viewer={me ? { id: me.id, role: grant ?? me.role } : null}
        onEdit={screen.edit}
        onDelete={screen.askDelete}
        onResend={invitations.resend}
        onRevoke={invitations.revoke}
        createdId={screen.dialog.created}
        filtered={Boolean(search.q || search.role || search.status)}
      />
    </ListPage>
  );
}
