import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { RoleChip } from '../../components/common/role-chip.tsx';
import { StatusTag } from '../../components/common/status-tag.tsx';
import { ROLE_RANK } from '../../domain/permissions.ts';
import { formatDate } from '../../i18n/format-date.ts';
import { type UserActions, userRowActions } from './user-actions.ts';

type Props = {
  users: User[];
  loading: boolean;
  viewer: { id: number; role: string } | null;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
};

export const PAGE_SIZES = [5, 10, 25, 50];

export function UsersTable({ users, loading, viewer, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage;
  const actionsFor = (user: User): UserActions => userRowActions(viewer, user);
  const anyActions = users.some((u) => {
    const a = actionsFor(u);
    return a.canEdit || a.canDelete;
  });

  const nameBody = (user: User) => (
    <div className="user-name">
      <span className="user-name__avatar" aria-hidden="true">
        {user.first_name.charAt(0)}
        {user.last_name.charAt(0)}
      </span>
      <span>
        {user.first_name} {user.last_name}
        {viewer?.id === user.id ? <span className="user-name__you">{t('users.you')}</span> : null}
      </span>
    </div>
  );

  const actionsBody = (user: User) => {
    const { canEdit, canDelete } = actionsFor(user);
    const name = `${user.first_name} ${user.last_name}`;
    return (
      <div className="row-actions">
        {canEdit ? (
          <Button
            icon="pi pi-pencil"
            rounded
            text
            aria-label={`${t('common.edit')} ${name}`}
            tooltip={t('common.edit')}
            tooltipOptions={{ position: 'top' }}
            onClick={() => onEdit(user)}
          />
        ) : null}
        {canDelete ? (
          <Button
            icon="pi pi-trash"
            rounded
            text
            severity="danger"
            aria-label={`${t('common.delete')} ${name}`}
            tooltip={t('common.delete')}
            tooltipOptions={{ position: 'top' }}
            onClick={() => onDelete(user)}
          />
        ) : null}
      </div>
    );
  };

  return (
    <DataTable
      value={users}
      dataKey="id"
      loading={loading}
      sortField="first_name"
      sortOrder={1}
      paginator
      rows={10}
      rowsPerPageOptions={PAGE_SIZES}
      emptyMessage={<EmptyState message={t('common.noData')} />}
      className="users-table"
      stripedRows
    >
      <Column field="first_name" header={t('users.columns.name')} sortable body={nameBody} />
      <Column field="email" header={t('users.columns.email')} sortable />
      <Column
        field="role"
        header={t('users.columns.role')}
        sortable
        sortFunction={(e) =>
          [...e.data].sort((a: User, b: User) => (ROLE_RANK[a.role] - ROLE_RANK[b.role]) * (e.order ?? 1))
        }
        body={(user: User) => <RoleChip role={user.role} size="small" />}
      />
      <Column
        field="created_at"
        header={t('users.columns.created')}
        sortable
        body={(user: User) => formatDate(user.created_at, lng)}
      />
      <Column
        field="is_active"
        header={t('users.columns.status')}
        sortable
        body={(user: User) => <StatusTag active={user.is_active} />}
      />
      {anyActions ? (
        <Column
          header={t('common.actions')}
          body={actionsBody}
          headerClassName="col-actions"
          bodyClassName="col-actions"
        />
      ) : null}
    </DataTable>
  );
}
