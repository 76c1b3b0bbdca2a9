import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../api/gen/model';
import {
  getListWebhooksQueryKey,
  useDeleteWebhook,
  useListWebhooks,
  useRotateWebhookSecret,
  useTestWebhook,
} from '../../api/gen/webhooks/webhooks.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { IconButton } from '../../components/common/icon-button.tsx';
import { ListPage } from '../../components/common/list-page.tsx';
import { useEditDialog } from '../../components/common/use-edit-dialog.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { actionsColumn } from '../../components/table/columns.tsx';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { eventKey } from './webhook-form.schema.ts';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';
import './webhooks.css';

const STATUS_SEVERITY = { active: 'success', paused: 'secondary', disabled: 'danger' } as const;

/** The site's webhooks with their status; add, edit, test, rotate the secret, read the deliveries. */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useListWebhooks({ query: { select: (b) => b.webhooks } });
  const dialog = useEditDialog<Webhook>();
  const [secret, setSecret] = useState<string | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const listKey = getListWebhooksQueryKey();
  const remove = useInvalidatingMutation(useDeleteWebhook, [listKey]);
  const test = useInvalidatingMutation(useTestWebhook, [listKey]);
  const rotate = useInvalidatingMutation(useRotateWebhookSecret, [listKey]);
  const askDelete = useConfirmedDelete<Webhook>({
    confirm: (w) => ({
      header: t('webhooks.confirmDelete.header'),
      message: t('webhooks.confirmDelete.message', { name: w.url }),
    }),
    remove: (w) => remove.mutateAsync({ id: w.id }),
  });
  const runTest = async (w: Webhook) => {
    setTestResult(null);
    const r = await test.mutateAsync({ id: w.id });
    setTestResult({
      ok: r.ok,
      text: r.ok
        ? t('webhooks.test.ok', { code: r.status_code ?? '', ms: r.duration_ms })
        : t('webhooks.test.failed', { reason: r.status_code ? `HTTP ${r.status_code}` : (r.error ?? '') }),
    });
  };
  const askRotate = (w: Webhook) =>
    notify.confirm({
      header: t('webhooks.rotate.header'),
      message: t('webhooks.rotate.message'),
      acceptLabel: t('webhooks.rotate.accept'),
      danger: true,
      onAccept: async () => setSecret((await rotate.mutateAsync({ id: w.id })).secret),
    });
  const defaults = useTableDefaults({ loading: list.isPending, empty: t('webhooks.empty') });
  const last = (w: Webhook) =>
    w.last_delivery_at === null
      ? t('webhooks.lastNone')
      : t(w.last_delivery_ok ? 'webhooks.lastOk' : 'webhooks.lastFailed', {
          code: w.last_status_code ?? '—',
        });

  return (
    <ListPage
      title={t('webhooks.title')}
      subtitle={t('webhooks.subtitle')}
      add={{ label: t('webhooks.add'), onClick: () => dialog.open(null) }}
      loadFailed={list.isError}
      after={
        <>
          <WebhookFormDialog webhook={dialog.row} onSecret={setSecret} {...dialog.dialogProps} />
          <WebhookSecretDialog secret={secret} onHide={() => setSecret(null)} />
          <WebhookDeliveriesDialog webhook={deliveriesOf} onHide={() => setDeliveriesOf(null)} />
        </>
      }
    >
      <div role="status" className="webhooks__test-status">
        {testResult ? (
          <Message
            severity={testResult.ok ? 'success' : 'error'}
            className="webhooks__test-result"
            text={testResult.text}
          />
        ) : null}
      </div>
      <DataTable value={list.data ?? []} sortField="url" sortOrder={1} {...defaults}>
        <Column field="url" header={t('webhooks.columns.url')} sortable className="webhooks__url" />
        <Column field="description" header={t('webhooks.columns.description')} />
        <Column
          header={t('webhooks.columns.events')}
          body={(w: Webhook) => (
            <span title={w.events.map((k) => t(eventKey(k))).join(', ')}>
              {w.events.length === 1
                ? t(eventKey(w.events[0]))
                : t('webhooks.eventsCount', { n: w.events.length })}
            </span>
          )}
        />
        <Column
          field="status"
          header={t('webhooks.columns.status')}
          sortable
          body={(w: Webhook) => (
            <Tag severity={STATUS_SEVERITY[w.status]} value={t(`webhooks.status.${w.status}`)} />
          )}
        />
        <Column header={t('webhooks.columns.lastDelivery')} body={last} />
        {actionsColumn<Webhook>(t('common.actions'), (w) => (
          <div className="row-actions">
            <IconButton
              icon="pi pi-send"
              label={t('webhooks.actions.test', { name: w.url })}
              onClick={() => runTest(w)}
            />
            <IconButton
              icon="pi pi-list"
              label={t('webhooks.actions.deliveries', { name: w.url })}
              onClick={() => setDeliveriesOf(w)}
            />
            <IconButton
              icon="pi pi-key"
              label={t('webhooks.actions.rotate', { name: w.url })}
              onClick={() => askRotate(w)}
            />
            <IconButton
              icon="pi pi-pencil"
              label={t('webhooks.actions.edit', { name: w.url })}
              onClick={() => dialog.open(w)}
            />
            <IconButton
              icon="pi pi-trash"
              danger
              label={t('webhooks.actions.delete', { name: w.url })}
              onClick={() => askDelete(w)}
            />
          </div>
        ))}
      </DataTable>
    </ListPage>
  );
}
