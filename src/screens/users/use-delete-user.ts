import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { useDeleteUserMutation } from './use-users-api.ts';

type Notify = (severity: 'success' | 'info' | 'error', detail: string) => void;

/** Asks for confirmation, deletes, and says whether the server deleted or only deactivated. */
export function useDeleteUser(notify: Notify) {
  const { t } = useTranslation();
  const mutation = useDeleteUserMutation();

  return (user: User) => {
    const name = `${user.first_name} ${user.last_name}`;
    confirmDialog({
      header: t('users.confirmDelete.header'),
      message: t('users.confirmDelete.message', { name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common.delete'),
      rejectLabel: t('common.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        try {
          const result = await mutation.mutateAsync({ id: user.id });
          if (result.outcome === 'deactivated') notify('info', t('users.deactivated', { name }));
          else notify('success', t('users.deleted'));
        } catch {
          notify('error', t('errors.deleteFailed'));
        }
      },
    });
  };
}
