/**
 * The field app's server calls, through its own small HTTP client (field-http.ts: token, refresh,
 * ApiError), with the generated models' types. Reads go to GET /field/...; writes are sent by the
 * outbox only, each with its Idempotency-Key.
 */
import type {
  CreateWorkEntry201,
  CreateWorkEntryBody,
  FieldPosition,
  GetFieldCoverageWindows200,
  GetFieldMyWork200,
  GetFieldOfflinePack200,
  GiveFieldCoverageReason200,
  UpdateWorkEntry200,
  UploadWorkEntryPhoto201,
} from '../../api/gen/model';
import { fieldRequest } from './field-http.ts';
import type { EntryStatus } from './field-types.ts';

const get = <T>(path: string, signal?: AbortSignal) => fieldRequest<T>({ method: 'GET', path, signal });

// A tag id may hold characters a path must escape.
export const getFieldTag = (tag: string, signal?: AbortSignal) =>
  get<FieldPosition>(`/field/tags/${encodeURIComponent(tag)}`, signal);

export const getFieldPosition = (id: number, signal?: AbortSignal) =>
  get<FieldPosition>(`/field/positions/${id}`, signal);

export const getMyWork = (signal?: AbortSignal) => get<GetFieldMyWork200>('/field/my-work', signal);

export const getOfflinePack = (signal?: AbortSignal) =>
  get<GetFieldOfflinePack200>('/field/offline-pack', signal);

export const getMyCoverageWindows = (signal?: AbortSignal) =>
  get<GetFieldCoverageWindows200>('/field/coverage-windows', signal);

/** A reason is sent at once (online only), not through the outbox: giving it twice changes nothing. */
export const sendCoverageReason = (id: number, reason: string) =>
  fieldRequest<GiveFieldCoverageReason200>({
    method: 'POST',
    path: `/field/coverage-windows/${id}/reason`,
    body: { reason },
  });

const keyed = (key: string) => ({ 'Idempotency-Key': key });

export function sendStart(key: string, body: CreateWorkEntryBody) {
  return fieldRequest<CreateWorkEntry201>({
    method: 'POST',
    path: '/work-entries',
    body,
    headers: keyed(key),
  });
}

export function sendUpdate(key: string, id: number, body: { status?: EntryStatus; notes?: string }) {
  return fieldRequest<UpdateWorkEntry200>({
    method: 'PUT',
    path: `/work-entries/${id}`,
    body,
    headers: keyed(key),
  });
}

export function sendPhoto(key: string, id: number, photo: Blob, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('photo', new File([photo], 'photo.jpg', { type: photo.type || 'image/jpeg' }));
  return fieldRequest<UploadWorkEntryPhoto201>({
    method: 'POST',
    path: `/work-entries/${id}/photos`,
    body: form,
    headers: keyed(key),
    // A photo over a slow mobile link takes longer than the client's 10-second default.
    timeout: 120_000,
    onUploadProgress: (fraction) => onProgress?.(fraction),
  });
}
