import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Toast } from 'primereact/toast';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useAuth, usePermissions } from '../../machines/auth/auth-provider.tsx';
import { useDeleteUser } from './use-delete-user.ts';
import { useUsersList } from './use-users-api.ts';
import type { UserFormMode } from './user-form.schema.ts';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UsersTable } from './users-table.tsx';

type DialogState = { visible: boolean; mode: UserFormMode; user: User | null };

export function UsersScreen() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { can } = usePermissions();
  const toast = useRef<Toast>(null);
  const [dialog, setDialog] = useState<DialogState>({ visible: false, mode: 'create', user: null });
  const users = useUsersList();

  const notify = useCallback(
    (severity: 'success' | 'info' | 'error', detail: string) => {
      const summary = severity === 'error' ? t('common.error') : t('common.success');
      toast.current?.show({ severity, summary, detail, life: 4000 });
    },
    [t],
  );
  const askDelete = useDeleteUser(notify);
  const close = () => setDialog((d) => ({ ...d, visible: false }));

  return (
    <section className="page">
      <Toast ref={toast} position="top-right" />
      <ConfirmDialog />
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
          viewer={me ? { id: me.id, role: me.role } : null}
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
          notify('success', t('users.saved'));
        }}
      />
    </section>
  );
}
