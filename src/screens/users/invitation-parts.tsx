import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/gen/model';
import { StatusTag } from '../../components/common/status-tag.tsx';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { useNotify } from '../../components/notify/notify-context.ts';

/**
 * A user's status in the list: Active or Inactive, or Invited (not signed up yet) with how long
 * their link works, or that none is left (revoked or run out).
 */
export function UserStatus({ user }: { user: User }) {
  const { t } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  if (!user.invited || !user.is_active) return <StatusTag active={user.is_active} />;
  const expires = user.invitation_expires_at;
  const live = expires ? Date.parse(expires) > Date.now() : false;
  return (
    <span className="user-status">
      <Tag value={t('users.invitation.invited')} severity="info" rounded />
      <span className="user-status__note">
        {live
          ? t('users.invitation.validUntil', { date: formatDateTime(expires) })
          : t('users.invitation.noLink')}
      </span>
    </span>
  );
}

export interface ShownLink {
  name: string;
  link: string;
  expiresAt: string;
}

/**
 * On a server that sends no email (no SMTP_URL), the invitation's link, for the admin to pass on:
 * selectable text and a copy button.
 */
export function InvitationLinkDialog({ shown, onHide }: { shown: ShownLink | null; onHide: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { formatDateTime } = useSiteSettings();
  const inputId = useId();
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.link);
      notify.success(t('users.invitation.copied'));
    } catch {
      // No clipboard (an insecure origin): the text stays selectable.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog
      header={t('users.invitation.linkHeader')}
      visible={shown !== null}
      onHide={onHide}
      className="form-dialog invitation-link-dialog"
      modal
      draggable={false}
      breakpoints={{ '640px': '95vw' }}
      style={{ width: '36rem' }}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={t('common.close')} text onClick={onHide} />
          <Button type="button" label={t('users.invitation.copy')} icon="pi pi-copy" onClick={copy} />
        </div>
      }
    >
      {shown ? (
        <div className="invitation-link">
          <p>
            {t('users.invitation.linkMessage', { name: shown.name, date: formatDateTime(shown.expiresAt) })}
          </p>
          <label htmlFor={inputId} className="sr-only">
            {t('users.invitation.linkLabel', { name: shown.name })}
          </label>
          <input
            id={inputId}
            className="p-inputtext p-component invitation-link__input"
            readOnly
            value={shown.link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
