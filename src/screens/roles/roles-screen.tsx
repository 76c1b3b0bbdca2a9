import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleInfo } from '../../api/gen/model';
import {
  getListRolesQueryKey,
  useCreateRole,
  useDeleteRole,
  useListRoles,
  useUpdateRole,
} from '../../api/gen/roles/roles.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { customRoleLevels } from '../../domain/custom-roles.ts';
import { hasPermission, isPermission, isRole } from '../../domain/permissions.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { CreateRoleDialog } from './create-role-dialog.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';
import { RoleCards } from './role-cards.tsx';
import { RolePanels } from './role-panels.tsx';
import { canEdit, roleKey, useRoleLabel } from './role-view.ts';
import './roles.css';

/** Roles and permissions, with custom roles saved and enforced by the server. */
export function RolesScreen() {
  const { t } = useTranslation();
  const label = useRoleLabel();
  const { grant, can } = usePermissions();
  const notify = useNotify();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const roles = useListRoles({ query: { select: (d) => d.roles } });
  const listKey = [getListRolesQueryKey()];
  const createRole = useInvalidatingMutation(useCreateRole, listKey);
  const updateRole = useInvalidatingMutation(useUpdateRole, listKey);
  const deleteRole = useInvalidatingMutation(useDeleteRole, listKey);
  const isEditable = (role: RoleInfo) => canEdit(grant, role);
  const grantable = (p: string) => isPermission(p) && hasPermission(grant, p);
  const describe = (role: RoleInfo) =>
    isRole(role.name) && role.kind === 'built_in'
      ? t(`rolesScreen.descriptions.${role.name}`)
      : t('rolesScreen.descriptions.custom');
  const askDelete = useConfirmedDelete<RoleInfo>({
    confirm: (role) => ({
      header: t('rolesScreen.confirmDelete.header'),
      message: t('rolesScreen.confirmDelete.message', { name: label(role) }),
    }),
    remove: (role) => deleteRole.mutateAsync({ id: role.id as number }),
  });
  const list = roles.data ?? [];

  return (
    <section className="page roles-screen">
      <PageHeader
        title={t('rolesScreen.title')}
        add={
          can('roles.create')
            ? { label: t('rolesScreen.createCustom'), onClick: () => setCreating(true) }
            : undefined
        }
      />
      <Message severity="info" text={t('rolesScreen.hierarchy')} className="page-alert roles-screen__info" />
      <LoadFailedAlert show={roles.isError} />
      <h2 className="roles-screen__heading">{t('rolesScreen.overview')}</h2>
      <RoleCards
        roles={list}
        selected={selected}
        isSelectable={isEditable}
        onSelect={(role) => setSelected(roleKey(role))}
        describe={describe}
      />
      <h2 className="roles-screen__heading">{t('rolesScreen.matrix')}</h2>
      <div className="card">
        <PermissionMatrix roles={list} />
      </div>
      <h2 className="roles-screen__heading">{t('rolesScreen.panels')}</h2>
      <RolePanels
        roles={list}
        isEditable={isEditable}
        grantable={grantable}
        onSave={async (role, permissions) => {
          try {
            await updateRole.mutateAsync({ id: role.id as number, data: { permissions } });
            notify.success(t('common.saved'));
          } catch {
            notify.error(t('rolesScreen.saveFailed'));
          }
        }}
        onDelete={can('roles.delete') ? askDelete : undefined}
      />
      <CreateRoleDialog
        visible={creating}
        onHide={() => setCreating(false)}
        levels={customRoleLevels(grant)}
        grantable={grantable}
        save={(body) => createRole.mutateAsync({ data: body })}
        onSaved={() => {
          setCreating(false);
          notify.success(t('common.saved'));
        }}
      />
    </section>
  );
}
