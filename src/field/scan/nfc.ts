/**
 * Web NFC (Chrome on Android, over https, after a tap): reading a tag's URL record or serial
 * number, and writing a position's URL to a blank tag. Elsewhere `hasWebNfc()` is false and the
 * callers offer the camera or typing instead.
 */
import { type NdefRecordLike, tagFromNdef } from './parse-tag.ts';

interface NdefReading {
  serialNumber?: string;
  message: { records: readonly NdefRecordLike[] };
}

interface NdefReaderLike extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(
    message: { records: { recordType: string; data: string }[] },
    options?: { signal?: AbortSignal },
  ): Promise<void>;
}

type NdefReaderClass = new () => NdefReaderLike;

function readerClass(): NdefReaderClass | null {
  return (globalThis as { NDEFReader?: NdefReaderClass }).NDEFReader ?? null;
}

export function hasWebNfc(): boolean {
  return readerClass() !== null;
}

/** Resolves with the tag of the first reading that names one; readings naming none are skipped. */
export async function scanNfcTag(signal: AbortSignal): Promise<string> {
  const Reader = readerClass();
  if (!Reader) throw new Error('Web NFC is not available');
  const reader = new Reader();
  return new Promise<string>((resolve, reject) => {
    const onReading = (event: Event) => {
      const reading = event as unknown as NdefReading;
      const tag = tagFromNdef(reading.message?.records ?? [], reading.serialNumber);
      if (tag) {
        reader.removeEventListener('reading', onReading);
        resolve(tag);
      }
    };
    reader.addEventListener('reading', onReading);
    signal.addEventListener('abort', () =>
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError')),
    );
    reader.scan({ signal }).catch(reject);
  });
}

export async function writeNfcUrl(url: string, signal?: AbortSignal): Promise<void> {
  const Reader = readerClass();
  if (!Reader) throw new Error('Web NFC is not available');
  await new Reader().write({ records: [{ recordType: 'url', data: url }] }, signal ? { signal } : undefined);
}
