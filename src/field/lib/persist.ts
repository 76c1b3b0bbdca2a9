/**
 * Asks the browser to keep the field app's storage (the outbox and the offline positions) under
 * storage pressure; without it an evicted IndexedDB would lose queued work.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
