/**
 * The field app's server calls, through the one HTTP client (token, refresh, ApiError). Reads go
 * to GET /field/...; writes are sent by the outbox only, each with its Idempotency-Key.
 */
import type { AxiosProgressEvent } from 'axios';
import {
  getFieldMyWork,
  getFieldOfflinePack,
  getFieldPositionByTag,
  getFieldPosition as getPosition,
} from '../../api/gen/field/field.ts';
import {
  createWorkEntry,
  updateWorkEntry,
  uploadWorkEntryPhoto,
} from '../../api/gen/work-entries/work-entries.ts';
import type { EntryStatus } from './field-types.ts';

// A tag id may hold characters a path must escape (the generated call puts it in as it is).
export const getFieldTag = (tag: string, signal?: AbortSignal) =>
  getFieldPositionByTag(encodeURIComponent(tag), undefined, signal);

export const getFieldPosition = (id: number, signal?: AbortSignal) => getPosition(id, undefined, signal);

export const getMyWork = (signal?: AbortSignal) => getFieldMyWork(undefined, signal);

export const getOfflinePack = (signal?: AbortSignal) => getFieldOfflinePack(undefined, signal);

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export function sendStart(key: string, body: Parameters<typeof createWorkEntry>[0]) {
  return createWorkEntry(body, keyed(key));
}

export function sendUpdate(key: string, id: number, body: { status?: EntryStatus; notes?: string }) {
  return updateWorkEntry(id, body as Parameters<typeof updateWorkEntry>[1], keyed(key));
}

export function sendPhoto(key: string, id: number, photo: Blob, onProgress?: (fraction: number) => void) {
  return uploadWorkEntryPhoto(
    id,
    { photo: new File([photo], 'photo.jpg', { type: photo.type || 'image/jpeg' }) },
    {
      ...keyed(key),
      // A photo over a slow mobile link takes longer than the client's 10-second default.
      timeout: 120_000,
      onUploadProgress: (event: AxiosProgressEvent) => {
        if (event.total) onProgress?.(event.loaded / event.total);
      },
    },
  );
}
