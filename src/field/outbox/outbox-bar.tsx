/**
 * Always at the bottom of the field screens: how many actions wait to be sent (and why they wait:
 * offline, retrying, signed out), how many the server refused, and on demand the list with each
 * one's reason, upload progress, Try again and Discard. Nothing leaves the queue without the
 * worker seeing it.
 */
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryStatus } from '../api/field-types.ts';
import { refusalText } from '../lib/refusal-text.ts';
import type { OutboxItem } from './outbox-items.ts';
import { onUploadProgress, uploadProgress } from './outbox-progress.ts';
import { removeItem, retryItem } from './outbox-store.ts';
import { useOutboxActor, useOutboxItems, useOutboxStatus } from './use-outbox.ts';

function useProgress(key: string): number | null {
  const [value, setValue] = useState(() => uploadProgress(key));
  useEffect(() => onUploadProgress(() => setValue(uploadProgress(key))), [key]);
  return value;
}

function actionLabel(item: OutboxItem, t: TFunction): string {
  const { action } = item;
  if (action.kind === 'start') return t('field.queue.start');
  if (action.kind === 'photo') return t('field.queue.photo');
  if (action.kind === 'notes') return t('field.queue.notes');
  const status: EntryStatus = action.status;
  return t(`field.queue.status.${status}`);
}

function QueueRow({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const progress = useProgress(item.key);
  const failed = item.state === 'failed';
  return (
    <li className={`field-queue-row${failed ? ' is-failed' : ''}`}>
      <div className="field-queue-what">
        <strong>{actionLabel(item, t)}</strong>
        <span>
          {item.taskName} · {item.positionName}
        </span>
      </div>
      {failed && item.error ? (
        <p className="field-queue-reason">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('field.queue.failedBecause')}{' '}
          {refusalText(item.error, t)}
        </p>
      ) : (
        <p className="field-queue-state">
          {progress !== null ? (
            <>
              {t('field.queue.uploading', { percent: Math.round(progress * 100) })}
              <progress max={1} value={progress} aria-label={t('field.queue.uploadProgress')} />
            </>
          ) : (
            t('field.queue.waiting')
          )}
        </p>
      )}
      {failed ? (
        <div className="field-row-actions">
          <button type="button" className="field-button is-secondary" onClick={() => void retryItem(item)}>
            {t('field.queue.retry')}
          </button>
          <button
            type="button"
            className="field-button is-secondary"
            onClick={() => item.seq !== undefined && void removeItem(item.seq)}
          >
            {t('field.queue.discard')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

export function OutboxBar({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const actor = useOutboxActor();
  const status = useOutboxStatus();
  const items = useOutboxItems(userId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const waiting = items.filter((i) => i.state === 'waiting').length;
  const failed = items.length - waiting;

  let why: string | null = null;
  if (waiting > 0 && !status.online) why = t('field.outbox.offline');
  else if (waiting > 0 && status.phase === 'backoff')
    why = t('field.outbox.retrying', { reason: status.lastError?.message ?? '' });
  else if (waiting > 0 && status.phase === 'signedOut') why = t('field.outbox.signedOut');
  else if (waiting > 0 && status.phase === 'sending') why = t('field.outbox.sending');

  return (
    <section
      className={`field-outbox${failed > 0 ? ' has-failed' : ''}`}
      aria-label={t('field.outbox.label')}
    >
      <div className="field-outbox-line">
        <p role="status" aria-live="polite" className="field-outbox-status">
          {waiting === 0 && failed === 0 ? (
            <>
              <span className="pi pi-check-circle" aria-hidden="true" /> {t('field.outbox.allSent')}
            </>
          ) : (
            <>
              {waiting > 0 ? (
                <span>
                  <span className="pi pi-cloud-upload" aria-hidden="true" />{' '}
                  {t('field.outbox.waiting', { count: waiting })}
                </span>
              ) : null}
              {failed > 0 ? (
                <span className="field-outbox-failed">
                  <span className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
                  {t('field.outbox.failed', { count: failed })}
                </span>
              ) : null}
            </>
          )}
        </p>
        {items.length > 0 ? (
          <button
            type="button"
            className="field-button is-secondary is-small"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {open ? t('field.outbox.hide') : t('field.outbox.show')}
          </button>
        ) : null}
      </div>
      {why ? <p className="field-outbox-why">{why}</p> : null}
      {status.phase === 'backoff' && status.online ? (
        <button
          type="button"
          className="field-button is-secondary is-small"
          onClick={() => actor.send({ type: 'outbox.retryNow' })}
        >
          {t('field.outbox.sendNow')}
        </button>
      ) : null}
      {open && items.length > 0 ? (
        <ul id={listId} className="field-queue">
          {items.map((item) => (
            <QueueRow key={item.key} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
