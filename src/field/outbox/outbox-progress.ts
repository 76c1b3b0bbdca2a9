/** Upload progress of the photo being sent (by outbox key), for the outbox list to show. */
type Listener = () => void;
const progress = new Map<string, number>();
const listeners = new Set<Listener>();

export function setUploadProgress(key: string, fraction: number | null): void {
  if (fraction === null) progress.delete(key);
  else progress.set(key, fraction);
  for (const listener of listeners) listener();
}

export function uploadProgress(key: string): number | null {
  return progress.get(key) ?? null;
}

export function onUploadProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
