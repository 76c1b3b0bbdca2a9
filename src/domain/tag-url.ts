/**
 * A tag's address: what an NFC tag's URL record and the tag sheet's QR code hold, and what opens
 * the field app at its position (`{publicUrl}/t/{nfc_tag_id}`). The server reads publicUrl from
 * PUBLIC_URL (GET /site-settings/display gives it to the console).
 */
export const tagUrl = (publicUrl: string, nfcTagId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/t/${encodeURIComponent(nfcTagId)}`;

/**
 * The field app's own paths (`/t/{tag}`, `/field`, `/field/…`): another page than the console's
 * (field.html), so going there from the console is a full page load.
 */
export const isFieldPath = (pathname: string): boolean => /^\/(t\/|field(\/|$))/.test(pathname);
