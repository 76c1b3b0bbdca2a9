import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookDelivery } from '../../api/gen/model';
import {
  getListWebhookDeliveriesQueryKey,
  useListWebhookDeliveries,
  useRetryWebhookDelivery,
} from '../../api/gen/webhooks/webhooks.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { DateCell } from '../../components/table/cells.tsx';
import { eventKey } from './webhook-form.schema.ts';

const ROWS = 20;
const SEVERITY = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const;

/** An endpoint's deliveries, newest first, paged on the server; a pending or failed one can be retried now. */
export function WebhookDeliveriesDialog({
  webhook,
  onHide,
}: {
  webhook: Webhook | null;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const id = webhook?.id ?? 0;
  const list = useListWebhookDeliveries(id, { page, limit: ROWS }, { query: { enabled: webhook !== null } });
  const retry = useInvalidatingMutation(useRetryWebhookDelivery, [getListWebhookDeliveriesQueryKey(id)]);
  const rows = list.data?.deliveries ?? [];
  const type = (d: WebhookDelivery) => (d.type === 'ping' ? 'ping' : t(eventKey(d.type)));
  const response = (d: WebhookDelivery) =>
    d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error ?? '—');
  return (
    <Dialog
      header={t('webhooks.deliveries.header', { name: webhook?.url ?? '' })}
      visible={webhook !== null}
      onHide={() => {
        setPage(1);
        onHide();
      }}
      className="app-dialog"
      style={{ width: 'min(64rem, 96vw)' }}
    >
      <DataTable
        value={rows}
        lazy
        paginator
        rows={ROWS}
        first={(page - 1) * ROWS}
        totalRecords={list.data?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={list.isPending && webhook !== null}
        emptyMessage={t('webhooks.deliveries.empty')}
        dataKey="id"
        size="small"
        // On a phone the table scrolls sideways: its scrolling region takes focus, so keys scroll it.
        pt={{
          wrapper: {
            tabIndex: 0,
            role: 'region',
            'aria-label': t('webhooks.deliveries.header', { name: webhook?.url ?? '' }),
          },
        }}
      >
        <Column
          header={t('webhooks.deliveries.at')}
          body={(d: WebhookDelivery) => <DateCell value={d.created_at} />}
        />
        <Column header={t('webhooks.deliveries.type')} body={type} />
        <Column
          header={t('webhooks.deliveries.status')}
          body={(d: WebhookDelivery) => (
            <Tag severity={SEVERITY[d.status]} value={t(`webhooks.deliveries.statuses.${d.status}`)} />
          )}
        />
        <Column field="attempts" header={t('webhooks.deliveries.attempts')} />
        <Column
          header={t('webhooks.deliveries.nextRetry')}
          body={(d: WebhookDelivery) => (d.next_attempt_at ? <DateCell value={d.next_attempt_at} /> : '—')}
        />
        <Column header={t('webhooks.deliveries.response')} body={response} />
        <Column
          header={t('common.actions')}
          body={(d: WebhookDelivery) =>
            d.status !== 'succeeded' && d.type !== 'ping' ? (
              <Button
                type="button"
                size="small"
                outlined
                label={t('webhooks.deliveries.retry')}
                aria-label={t('webhooks.deliveries.retryOf', { id: d.id })}
                onClick={async () => {
                  await retry.mutateAsync({ id, deliveryId: d.id });
                  notify.success(t('webhooks.deliveries.retried'));
                }}
              />
            ) : null
          }
        />
      </DataTable>
    </Dialog>
  );
}
