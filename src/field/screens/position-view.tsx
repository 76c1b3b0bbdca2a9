/**
 * The position screen (opened by tag or by id): name, code, location, how far the phone is from
 * it, and its tasks in dependency order as the worker's waiting actions leave them. A copy from
 * the phone says so; an unknown or inactive tag says that in words.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { distanceMetres } from '../../domain/work-entries.ts';
import { formatSiteDate } from '../../i18n/format-date.ts';
import { siteDisplayOf } from '../api/field-types.ts';
import { FieldLink } from '../field-router.tsx';
import { currentPosition, type PhonePosition } from '../lib/geo.ts';
import { withPending } from '../outbox/outbox-items.ts';
import { useOutboxItems } from '../outbox/use-outbox.ts';
import { TaskCard } from './task-card.tsx';
import { useFieldUser } from './use-field-user.ts';
import { type PositionSource, usePosition, usePositionCopy } from './use-position.ts';
import { useTaskActions } from './use-task-actions.ts';

function useFix(): PhonePosition | null {
  const [fix, setFix] = useState<PhonePosition | null>(null);
  useEffect(() => {
    let live = true;
    void currentPosition().then((p) => live && setFix(p));
    return () => {
      live = false;
    };
  }, []);
  return fix;
}

export function OpenFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : undefined;
  let text: string = t('field.open.failed');
  if (isApiError(error) && error.isNetworkError) text = t('field.open.offlineUnknown');
  else if (code === 'TAG_UNKNOWN') text = t('field.open.tagUnknown');
  else if (code === 'POSITION_INACTIVE') text = t('field.open.inactive');
  else if (code === 'POSITION_NOT_FOUND' || (isApiError(error) && error.status === 404))
    text = t('field.open.notFound');
  else if (isApiError(error) && error.status === 403) text = t('field.open.forbidden');
  return (
    <div className="field-panel field-problem" role="alert">
      <p>
        <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {text}
      </p>
      <FieldLink to="/field" className="field-button is-primary">
        {t('field.open.home')}
      </FieldLink>
    </div>
  );
}

export function PositionView({ source }: { source: PositionSource }) {
  const { t } = useTranslation();
  const userId = useFieldUser();
  const query = usePosition(userId, source);
  // A position seen before shows at once from the phone while the server is asked.
  const copy = usePositionCopy(userId, source);
  const early = query.isPending && copy.data ? copy.data : null;
  const items = useOutboxItems(userId);
  const fix = useFix();
  const body = query.data?.body ?? early?.body;
  const tag = 'tag' in source ? source.tag : null;
  const actions = useTaskActions(userId, body, tag, fix);
  const tasks = useMemo(
    () => (body ? withPending(body, items, new Date().toISOString()) : []),
    [body, items],
  );

  if (query.isPending && !body)
    return (
      <p role="status" className="field-panel">
        {t('field.open.loading')}
      </p>
    );
  if (query.isError || !body) return <OpenFailed error={query.error} />;
  const { position } = body;
  const distance = fix && position.coordinates ? distanceMetres(fix, position.coordinates) : null;
  const offlineSince = query.data?.offlineSince ?? null;

  return (
    <div className="field-position">
      <header className="field-panel field-position-head">
        <h1>{position.position_name}</h1>
        <p className="field-muted">
          {position.position_code}
          {position.location_details ? ` · ${position.location_details}` : ''}
        </p>
        {distance !== null ? (
          <p className="field-distance">
            <span className="pi pi-map-marker" aria-hidden="true" />{' '}
            {t('field.position.distance', { metres: distance })}
          </p>
        ) : (
          <p className="field-muted">{t('field.position.noFix')}</p>
        )}
        {early ? (
          <p className="field-muted" role="status">
            {t('field.position.updating')}
          </p>
        ) : null}
        {offlineSince !== null ? (
          <p className="field-offline-copy" role="status">
            <span className="pi pi-wifi" aria-hidden="true" />{' '}
            {t('field.position.offlineCopy', {
              time: formatSiteDate(offlineSince, siteDisplayOf(body), true),
            })}
          </p>
        ) : null}
      </header>
      <h2 className="field-section-title">{t('field.position.tasks')}</h2>
      {tasks.length === 0 ? (
        <p className="field-panel">{t('field.position.noTasks')}</p>
      ) : (
        <ol className="field-tasks">
          {tasks.map((task) => (
            <TaskCard key={task.task_id} task={task} actions={actions} />
          ))}
        </ol>
      )}
    </div>
  );
}
