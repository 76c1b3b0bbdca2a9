import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetArchivedWorkEntry, useGetWorkEntry } from '../../api/gen/work-entries/work-entries.ts';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { formatDuration, workerName } from './format.ts';
import { StatusChip } from './status-chip.tsx';

type Props = {
  /** The entry to show; null hides the dialog. */
  entryId: number | null;
  onHide: () => void;
  /** The entry is in the archive (read from GET /work-entries/archive/{id}). */
  archived?: boolean;
};

/**
 * A work entry's detail: worker, position, task, duration in hours and minutes, start
 * and completion times, notes, photos (each opens in a new tab) and status. The entry is read
 * again on opening, so its photo links are freshly signed (they expire after a few minutes).
 */
export function WorkEntryDialog({ entryId, onHide, archived = false }: Props) {
  const { t } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  const live = useGetWorkEntry(entryId ?? 0, {
    query: { enabled: entryId !== null && !archived, staleTime: 0 },
  });
  const stored = useGetArchivedWorkEntry(entryId ?? 0, {
    query: { enabled: entryId !== null && archived, staleTime: 0 },
  });
  const query = archived ? stored : live;
  const archivedAt = archived ? stored.data?.archived_at : undefined;
  const entry = query.data?.work_entry;
  const photos = query.data?.photos ?? [];

  const row = (label: string, value: ReactNode) => (
    <div className="entry-detail__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <Dialog
      header={archived ? t('workEntries.archive.detailHeader') : t('workEntries.detail.header')}
      visible={entryId !== null}
      onHide={onHide}
      className="form-dialog form-dialog--wide"
      modal
      draggable={false}
      closeOnEscape
      breakpoints={{ '640px': '95vw' }}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={t('common.close')} onClick={onHide} />
        </div>
      }
    >
      {query.isError ? <Message severity="error" text={t('workEntries.detail.loadFailed')} /> : null}
      {query.isPending && !query.isError ? <Skeleton height="12rem" /> : null}
      {entry ? (
        <>
          <dl className="entry-detail">
            {row(t('workEntries.detail.worker'), workerName(t, entry))}
            {row(t('workEntries.detail.position'), entry.position_name || t('workEntries.unknown'))}
            {row(t('workEntries.detail.task'), entry.task_name ?? t('workEntries.unknown'))}
            {row(t('workEntries.detail.status'), <StatusChip status={entry.status} />)}
            {row(t('workEntries.detail.duration'), formatDuration(t, entry.duration_minutes) || '–')}
            {row(t('workEntries.detail.started'), formatDateTime(entry.started_at))}
            {row(
              t('workEntries.detail.completed'),
              entry.completed_at ? formatDateTime(entry.completed_at) : t('workEntries.detail.notCompleted'),
            )}
            {entry.distance_meters !== null
              ? row(
                  t('workEntries.detail.distance'),
                  t('workEntries.detail.metres', { metres: entry.distance_meters }),
                )
              : null}
            {archivedAt ? row(t('workEntries.archive.archivedAt'), formatDateTime(archivedAt)) : null}
            {row(
              t('workEntries.detail.notes'),
              entry.notes ? (
                <span className="entry-detail__notes">{entry.notes}</span>
              ) : (
                <span className="entry-detail__none">{t('workEntries.detail.noNotes')}</span>
              ),
            )}
          </dl>
          <h3 className="entry-detail__photos-title">{t('workEntries.detail.photos')}</h3>
          {photos.length === 0 ? (
            <p className="entry-detail__none">{t('workEntries.detail.noPhotos')}</p>
          ) : (
            <ul className="entry-photos">
              {photos.map((photo, i) => (
                <li key={photo.id}>
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('workEntries.detail.openPhoto', { n: i + 1 })}
                  >
                    <img src={photo.url} alt="" loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Dialog>
  );
}
