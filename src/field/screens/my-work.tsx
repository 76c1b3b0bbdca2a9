/**
 * My work: the worker's entries in progress or paused and the ones finished today, newest first,
 * each one tap from its position.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { myWork } from '../api/field-cache.ts';
import type { EntryStatus } from '../api/field-types.ts';
import { FieldLink, positionPath } from '../field-router.tsx';
import { useFieldUser } from './use-field-user.ts';

const ICON: Record<EntryStatus, string> = {
  in_progress: 'pi pi-play',
  paused: 'pi pi-pause',
  completed: 'pi pi-check',
  failed: 'pi pi-times',
  cancelled: 'pi pi-ban',
};

export function MyWork() {
  const { t } = useTranslation();
  const userId = useFieldUser();
  const query = useQuery({
    queryKey: ['field', 'my-work', userId],
    queryFn: ({ signal }) => myWork(userId, signal),
    retry: false,
    staleTime: 0,
  });
  const entries = query.data?.body.entries ?? [];
  return (
    <section className="field-section" aria-labelledby="my-work-title">
      <h2 id="my-work-title" className="field-section-title">
        {t('field.myWork.title')}
      </h2>
      {query.isPending ? <p role="status">{t('field.open.loading')}</p> : null}
      {query.isError ? <p className="field-panel">{t('field.myWork.failed')}</p> : null}
      {query.data?.offlineSince ? <p className="field-muted">{t('field.myWork.offlineCopy')}</p> : null}
      {query.isSuccess && entries.length === 0 ? (
        <p className="field-panel">{t('field.myWork.empty')}</p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="field-work-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <FieldLink to={positionPath(entry.position_id)} className="field-work-item">
                <span className="field-work-task">{entry.task_name ?? t('field.myWork.noTask')}</span>
                <span className="field-work-position">{entry.position_name}</span>
                <span className={`field-work-status is-${entry.status}`}>
                  <span className={ICON[entry.status]} aria-hidden="true" />{' '}
                  {t(`field.entryStatus.${entry.status}`)}
                </span>
              </FieldLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
