/**
 * What a scan read, as a tag id: a tag's URL `{PUBLIC_URL}/t/{tag}` (NFC URL record or QR code),
 * a bare code (typed or a text record), or the NFC serial number ("04:a2:..." as "04A2...").
 */
export const TAG_MAX_LENGTH = 100;
const TAG_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

export function tagFromText(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) {
    try {
      const match = /\/t\/([^/?#]+)\/?$/.exec(new URL(value).pathname);
      return match ? tagFromText(decodeURIComponent(match[1])) : null;
    } catch {
      return null;
    }
  }
  return TAG_PATTERN.test(value) ? value : null;
}

export function tagFromSerial(serial: string | undefined | null): string | null {
  if (!serial) return null;
  const hex = serial.replace(/[^0-9a-f]/gi, '').toUpperCase();
  return hex ? hex : null;
}

/** The parts of an NDEF record (Web NFC's NDEFRecord) we read. */
export interface NdefRecordLike {
  recordType: string;
  data?: DataView | null;
  encoding?: string | null;
}

/** The tag of an NDEF reading: its first URL (or text) record naming one, else its serial number. */
export function tagFromNdef(records: readonly NdefRecordLike[], serialNumber?: string | null): string | null {
  for (const record of records) {
    if (!record.data || !['url', 'absolute-url', 'text'].includes(record.recordType)) continue;
    const text = new TextDecoder(record.encoding ?? 'utf-8').decode(record.data);
    const tag = tagFromText(text);
    if (tag) return tag;
  }
  return tagFromSerial(serialNumber);
}
