import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify/notify-context.ts';

/** A webhook's signing secret, shown once after create or rotate, copyable, with the warning that it will not be shown again. */
export function WebhookSecretDialog({ secret, onHide }: { secret: string | null; onHide: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => {});
    notify.success(t('webhooks.secret.copied'));
  };
  return (
    <Dialog
      header={t('webhooks.secret.header')}
      visible={secret !== null}
      onHide={onHide}
      className="app-dialog"
      style={{ width: 'min(36rem, 96vw)' }}
      footer={<Button type="button" label={t('webhooks.secret.done')} icon="pi pi-check" onClick={onHide} />}
    >
      <Message severity="warn" className="webhook-secret__warning" text={t('webhooks.secret.warning')} />
      <label htmlFor="webhook-secret" className="webhook-secret__label">
        {t('webhooks.secret.label')}
      </label>
      <div className="p-inputgroup">
        <InputText
          id="webhook-secret"
          value={secret ?? ''}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" icon="pi pi-copy" aria-label={t('webhooks.secret.copy')} onClick={copy} />
      </div>
    </Dialog>
  );
}
