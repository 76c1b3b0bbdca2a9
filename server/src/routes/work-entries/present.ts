/** Rows as the API answers them: snake_case, ISO times, photo links signed for this answer. */
import type { WorkEntryStatus } from '#domain/work-entries.ts';
import type { EntryListRow } from '../../repositories/work-entries.ts';
import type { PhotoRow } from '../../repositories/work-entries-photos.ts';
import type { ApiWorkEntry, ApiWorkEntryPhoto } from '../../schemas/work-entry.ts';
import type { PhotoLinks } from './photo-links.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiPhoto(row: PhotoRow, links: PhotoLinks): ApiWorkEntryPhoto {
  return {
    id: row.id,
    url: links.url(row.id),
    content_type: row.contentType ?? 'application/octet-stream',
    size_bytes: row.sizeBytes ?? 0,
    created_at: row.createdAt.toISOString(),
  };
}

/** Page-only columns (the site's version and total, the cursor's keys) are not the entry's. */
export function toApiEntry(
  row: Omit<EntryListRow, 'siteVersion' | 'siteTotal' | 'k0' | 'k1' | 'photoIds'>,
  photoIds: number[],
  links: PhotoLinks,
): ApiWorkEntry {
  return {
    id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    position_id: row.positionId,
    position_name: row.positionName,
    task_id: row.taskId,
    task_name: row.taskName,
    status: row.status as WorkEntryStatus,
    duration_minutes: row.durationMinutes,
    started_at: row.startedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    completed_at: iso(row.completedAt),
    paused_at: iso(row.pausedAt),
    notes: row.notes,
    nfc_tag_id: row.nfcTagId,
    latitude: row.latitude,
    longitude: row.longitude,
    distance_meters: row.distanceMeters,
    photo_urls: photoIds.map((id) => links.url(id)),
  };
}
