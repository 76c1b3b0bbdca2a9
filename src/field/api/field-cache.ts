/**
 * The field app's reads with their offline copies: a position opened online (by tag or id) and the
 * offline pack are kept in IndexedDB per user, so a known tag opens with no network; My work's last
 * answer likewise. A network failure falls back to the copy; an answer from the server (even a 404
 * or 409) is the truth, and an inactive or unknown position leaves the cache.
 */
import { ApiError, isApiError } from '../../api/api-error.ts';
import { type CachedPosition, fieldDb } from '../outbox/field-db.ts';
import { getFieldPosition, getFieldTag, getMyWork, getOfflinePack } from './field-api.ts';
import type { FieldMyWork, FieldPosition } from './field-types.ts';

export interface Cached<T> {
  body: T;
  /** When the copy was saved (ms), when it came from the phone instead of the server. */
  offlineSince: number | null;
}

async function savePositions(userId: number, bodies: FieldPosition[]): Promise<void> {
  const db = await fieldDb();
  const tx = db.transaction('positions', 'readwrite');
  const cachedAt = Date.now();
  for (const body of bodies)
    await tx.store.put({
      userId,
      positionId: body.position.id,
      tag: body.position.nfc_tag_id ?? '',
      body,
      cachedAt,
    });
  await tx.done;
}

async function forget(userId: number, match: { tag?: string; id?: number }): Promise<void> {
  const db = await fieldDb();
  if (match.id !== undefined) await db.delete('positions', [userId, match.id]);
  if (match.tag !== undefined) {
    const cached = await db.getFromIndex('positions', 'byTag', [userId, match.tag]);
    if (cached) await db.delete('positions', [userId, cached.positionId]);
  }
}

async function withFallback<T>(
  fetcher: () => Promise<T>,
  save: (body: T) => Promise<void>,
  cached: () => Promise<{ body: T; cachedAt: number } | undefined>,
  onRefused: (error: ApiError) => Promise<void>,
): Promise<Cached<T>> {
  try {
    const body = await fetcher();
    await save(body).catch(() => {});
    return { body, offlineSince: null };
  } catch (error) {
    if (isApiError(error) && !error.isNetworkError) {
      if (error.status === 404 || error.status === 409) await onRefused(error).catch(() => {});
      throw error;
    }
    const copy = await cached().catch(() => undefined);
    if (copy) return { body: copy.body, offlineSince: copy.cachedAt };
    throw error instanceof ApiError
      ? error
      : new ApiError(0, {
          statusCode: 0,
          error: 'Network error',
          message: String(error),
          code: 'ERR_NETWORK',
        });
  }
}

/** The phone's copy of a position, if any: shown at once while the server is asked. */
export async function positionCopy(
  userId: number,
  source: { tag: string } | { id: number },
): Promise<CachedPosition | null> {
  const db = await fieldDb();
  const copy =
    'tag' in source
      ? await db.getFromIndex('positions', 'byTag', [userId, source.tag])
      : await db.get('positions', [userId, source.id]);
  return copy ?? null;
}

export function positionByTag(
  userId: number,
  tag: string,
  signal?: AbortSignal,
): Promise<Cached<FieldPosition>> {
  return withFallback(
    () => getFieldTag(tag, signal),
    (body) => savePositions(userId, [body]),
    async () => (await fieldDb()).getFromIndex('positions', 'byTag', [userId, tag]),
    () => forget(userId, { tag }),
  );
}

export function positionById(
  userId: number,
  id: number,
  signal?: AbortSignal,
): Promise<Cached<FieldPosition>> {
  return withFallback(
    () => getFieldPosition(id, signal),
    (body) => savePositions(userId, [body]),
    async () => (await fieldDb()).get('positions', [userId, id]),
    () => forget(userId, { id }),
  );
}

export function myWork(userId: number, signal?: AbortSignal): Promise<Cached<FieldMyWork>> {
  return withFallback(
    () => getMyWork(signal),
    async (body) => {
      await (await fieldDb()).put('myWork', { userId, body, cachedAt: Date.now() });
    },
    async () => (await fieldDb()).get('myWork', userId),
    async () => {},
  );
}

/** Fetches the positions this worker may work in and keeps them for offline use; how many. */
export async function refreshOfflinePack(userId: number): Promise<number> {
  const pack = await getOfflinePack();
  await savePositions(userId, pack.positions);
  return pack.positions.length;
}
