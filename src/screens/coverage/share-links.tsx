import { yupResolver } from '@hookform/resolvers/yup';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useId, useMemo, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  useCreateShareLink,
  useListShareLinks,
  useRevokeShareLink,
} from '../../api/gen/coverage/coverage.ts';
import type { ShareLink } from '../../api/gen/model';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { fieldsOf, NumberField, SwitchField, TextField } from '../../components/common/form-inputs.tsx';
import { formMessage } from '../../components/common/form-message.ts';
import { requiredMessage, requiredText } from '../../components/common/form-rules.ts';
import { useDialogForm } from '../../components/common/use-dialog-form.ts';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { SHARE_LIMITS } from '../../domain/coverage-share.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { NONE } from './verdict-chip.tsx';

const daysMessage = formMessage('coverage.share.expiresRange', {
  min: SHARE_LIMITS.expiresDaysMin,
  max: SHARE_LIMITS.expiresDaysMax,
});

const shareSchema = yup.object({
  label: requiredText(SHARE_LIMITS.labelMin, SHARE_LIMITS.labelMax),
  expires_in_days: yup
    .number()
    .typeError(requiredMessage)
    .required(requiredMessage)
    .integer(daysMessage)
    .min(SHARE_LIMITS.expiresDaysMin, daysMessage)
    .max(SHARE_LIMITS.expiresDaysMax, daysMessage),
  include_worker_names: yup.boolean().required(),
});
type ShareValues = yup.InferType<typeof shareSchema>;

type Props = {
  from: string;
  to: string;
  groupId: number | undefined;
  groupName: string | undefined;
};

/**
 * Guest access: read-only links to this report (its period and position group) for a client or an
 * inspector. Shown to a holder of coverage.share while the site allows guest access: the links with
 * who made them, expiry and views, revoking, and a new link shown once to copy.
 */
export function ShareLinks({ from, to, groupId, groupName }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const allowed = can('coverage.share');
  const list = useListShareLinks({ query: { enabled: allowed } });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const revoke = useInvalidatingMutation(useRevokeShareLink, [['/coverage/share-links']]);
  const notify = useNotify();
  const { formatDateTime, formatDate } = useSiteSettings();
  const defaults = useTableDefaults({ loading: list.isPending, empty: t('coverage.share.none') });
  if (!allowed || !list.data?.guest_access) return null;
  const day = (d: string) => formatDate(`${d}T12:00:00Z`);
  const revokeLink = async (link: ShareLink) => {
    try {
      await revoke.mutateAsync({ id: link.id });
      notify.success(t('coverage.share.revoked'));
    } catch {
      notify.error(t('coverage.share.revokeFailed'));
    }
  };
  return (
    <section className="card coverage__no-print coverage-share" aria-labelledby="coverage-share-heading">
      <div className="coverage__drill">
        <h2 id="coverage-share-heading" className="coverage__heading">
          {t('coverage.share.title')}
        </h2>
        <Button
          type="button"
          icon="pi pi-share-alt"
          label={t('coverage.share.create')}
          onClick={() => setCreating(true)}
        />
      </div>
      <p className="coverage-share__intro">{t('coverage.share.intro')}</p>
      <DataTable value={list.data.links} {...defaults} className="coverage-share__table">
        <Column field="label" header={t('coverage.share.columns.label')} />
        <Column
          header={t('coverage.share.columns.report')}
          body={(l: ShareLink) =>
            `${l.position_group_name ?? t('coverage.filters.allGroups')} · ${day(l.from)}–${day(l.to)}${
              l.include_worker_names ? ` · ${t('coverage.share.withNames')}` : ''
            }`
          }
        />
        <Column
          header={t('coverage.share.columns.created')}
          body={(l: ShareLink) => `${l.created_by_name ?? NONE} · ${formatDateTime(l.created_at)}`}
        />
        <Column
          header={t('coverage.share.columns.expires')}
          body={(l: ShareLink) => (
            <span className="coverage-share__state">
              <Tag
                value={t(`coverage.share.states.${l.state}`)}
                severity={l.state === 'active' ? 'success' : 'secondary'}
                rounded
              />
              {formatDateTime(l.expires_at)}
            </span>
          )}
        />
        <Column
          header={t('coverage.share.columns.views')}
          body={(l: ShareLink) =>
            l.last_viewed_at
              ? t('coverage.share.viewsLast', { count: l.view_count, date: formatDateTime(l.last_viewed_at) })
              : t('coverage.share.views', { count: l.view_count })
          }
        />
        <Column
          header={t('common.actions')}
          body={(l: ShareLink) =>
            l.state === 'active' ? (
              <Button
                type="button"
                size="small"
                outlined
                severity="danger"
                label={t('coverage.share.revoke')}
                aria-label={t('coverage.share.revokeOf', { label: l.label })}
                onClick={() => revokeLink(l)}
              />
            ) : null
          }
        />
      </DataTable>
      <ShareDialog
        visible={creating}
        onHide={() => setCreating(false)}
        period={{ from, to, groupId, groupName }}
        onCreated={(url) => {
          setCreating(false);
          setShown(url);
        }}
      />
      <ShownLinkDialog url={shown} onHide={() => setShown(null)} />
    </section>
  );
}

function ShareDialog({
  visible,
  onHide,
  period,
  onCreated,
}: {
  visible: boolean;
  onHide: () => void;
  period: Props;
  onCreated: (url: string) => void;
}) {
  const { t } = useTranslation();
  const { formatDate } = useSiteSettings();
  const create = useInvalidatingMutation(useCreateShareLink, [['/coverage/share-links']]);
  const resolver = useMemo(() => yupResolver(shareSchema) as Resolver<ShareValues>, []);
  const { form, dialogProps } = useDialogForm<ShareValues>({
    resolver,
    values: { label: '', expires_in_days: SHARE_LIMITS.expiresDaysDefault, include_worker_names: false },
    visible,
    fields: ['label', 'expires_in_days', 'include_worker_names'],
    save: (v) =>
      create.mutateAsync({
        data: {
          label: v.label,
          expires_in_days: v.expires_in_days,
          include_worker_names: v.include_worker_names,
          from: period.from,
          to: period.to,
          position_group_id: period.groupId ?? null,
        },
      }),
    onSaved: (_v, answer) => onCreated((answer as { url: string }).url),
    failureMessage: t('coverage.share.createFailed'),
  });
  const field = fieldsOf(form.control, 'share');
  const day = (d: string) => formatDate(`${d}T12:00:00Z`);
  return (
    <AppDialog
      header={t('coverage.share.create')}
      visible={visible}
      onHide={onHide}
      formId="share-form"
      saveLabel={t('coverage.share.createSave')}
      {...dialogProps}
    >
      <p className="coverage-share__what">
        {t('coverage.share.what', {
          group: period.groupName ?? t('coverage.filters.allGroups'),
          from: day(period.from),
          to: day(period.to),
        })}
      </p>
      <TextField {...field('label', t('coverage.share.columns.label'))} />
      <NumberField
        {...field('expires_in_days', t('coverage.share.expiresInDays', { max: SHARE_LIMITS.expiresDaysMax }))}
        min={SHARE_LIMITS.expiresDaysMin}
        max={SHARE_LIMITS.expiresDaysMax}
      />
      <SwitchField
        {...field('include_worker_names', t('coverage.share.includeNames'))}
        hint={t('coverage.share.includeNamesHint')}
      />
    </AppDialog>
  );
}

/** The new link, shown this once (only its hash is kept): selectable text and a copy button. */
function ShownLinkDialog({ url, onHide }: { url: string | null; onHide: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const inputId = useId();
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('coverage.share.copied'));
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog
      header={t('coverage.share.createdHeader')}
      visible={url !== null}
      onHide={onHide}
      className="form-dialog"
      modal
      draggable={false}
      breakpoints={{ '640px': '95vw' }}
      style={{ width: '36rem' }}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={t('common.close')} text onClick={onHide} />
          <Button type="button" label={t('coverage.share.copy')} icon="pi pi-copy" onClick={copy} />
        </div>
      }
    >
      <p>{t('coverage.share.shownOnce')}</p>
      <label htmlFor={inputId} className="sr-only">
        {t('coverage.share.linkLabel')}
      </label>
      <input
        id={inputId}
        className="p-inputtext p-component coverage-share__link"
        readOnly
        value={url ?? ''}
        onFocus={(e) => e.currentTarget.select()}
      />
    </Dialog>
  );
}
