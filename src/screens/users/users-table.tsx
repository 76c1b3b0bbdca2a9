import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { IconButton } from '../../components/common/icon-button.tsx';
import { InitialsAvatar } from '../../components/common/initials-avatar.tsx';
import { RoleChip } from '../../components/common/role-chip.tsx';
import { RowActions } from '../../components/table/cells.tsx';
import { actionsColumn, createdColumn } from '../../components/table/columns.tsx';
import { useShownRow } from '../../components/table/use-shown-row.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { ROLE_RANK } from '../../domain/permissions.ts';
import { UserStatus } from './invitation-parts.tsx';
import { fullName, userRowActions, type Viewer } from './user-actions.ts';

type Props = {
  users: User[];
  /** The site's custom roles' levels by id, so a holder ranks by their role's level. */
  customLevels?: ReadonlyMap<number, number>;
  loading: boolean;
  viewer: Viewer | null;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** An invited user's new link, and withdrawing it (each only where the viewer may). */
  onResend?: (user: User) => void;
  onRevoke?: (user: User) => void;
  /** The user just added: the table turns to their page and marks them. */
  createdId?: number | null;
  /** Filters are in use: an empty list says no user matches, not that there are none. */
  filtered?: boolean;
};

/** The users table: sorted by first name; role sorts by rank; row actions by rank and permission. */
export function UsersTable(props: Props) {
  const { users, customLevels, loading, viewer, onEdit, onDelete, onResend, onRevoke, createdId, filtered } =
    props;
  const { t } = useTranslation();
  const shown = useShownRow(users, createdId);
  const defaults = useTableDefaults({ loading, empty: filtered ? t('users.filters.noMatch') : undefined });
  const actionsFor = (user: User) => userRowActions(viewer, user, customLevels);
  const anyActions = users.some((user) => {
    const { canEdit, canDelete, canInvite } = actionsFor(user);
    return canEdit || canDelete || (user.invited && canInvite);
  });

  const nameBody = (user: User) => (
    <div className="user-name">
      <InitialsAvatar person={user} />
      <span>
        {fullName(user)}
        {viewer?.id === user.id ? <span className="user-name__you">{t('users.you')}</span> : null}
      </span>
    </div>
  );

  const actionsBody = (user: User) => {
    const { canEdit, canDelete, canInvite } = actionsFor(user);
    const name = fullName(user);
    const invitation = user.invited && user.is_active && canInvite;
    return (
      <div className="user-actions">
        {invitation && onResend ? (
          <IconButton
            icon="pi pi-send"
            label={`${t('users.invitation.resend')} ${name}`}
            tooltip={t('users.invitation.resend')}
            tooltipPosition="top"
            onClick={() => onResend(user)}
          />
        ) : null}
        {invitation && canEdit && onRevoke && user.invitation_expires_at ? (
          <IconButton
            icon="pi pi-ban"
            label={`${t('users.invitation.revoke')} ${name}`}
            tooltip={t('users.invitation.revoke')}
            tooltipPosition="top"
            onClick={() => onRevoke(user)}
          />
        ) : null}
        <RowActions
          name={name}
          onEdit={canEdit ? () => onEdit(user) : undefined}
          onDelete={canDelete ? () => onDelete(user) : undefined}
        />
      </div>
    );
  };

  return (
    <DataTable value={users} sortField="first_name" sortOrder={1} {...defaults} {...shown}>
      <Column field="first_name" header={t('users.columns.name')} sortable body={nameBody} />
      <Column field="email" header={t('users.columns.email')} sortable />
      <Column
        field="role"
        header={t('users.columns.role')}
        sortable
        sortFunction={(e) =>
          [...e.data].sort((a: User, b: User) => (ROLE_RANK[a.role] - ROLE_RANK[b.role]) * (e.order ?? 1))
        }
        body={(user: User) => <RoleChip role={user.custom_role_name ?? user.role} size="small" />}
      />
      {createdColumn<User>(t('users.columns.created'))}
      <Column
        key="is_active"
        field="is_active"
        header={t('users.columns.status')}
        sortable
        body={(user: User) => <UserStatus user={user} />}
      />
      {anyActions ? actionsColumn<User>(t('common.actions'), actionsBody) : null}
    </DataTable>
  );
}
