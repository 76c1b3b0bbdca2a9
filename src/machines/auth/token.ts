/**
 * Access-token timing rules (spec §4, §9). The payload is decoded here without a library: the
 * console only reads `exp`; the server is the one that verifies signatures.
 */

/** A token with less than this many seconds left counts as expired. */
export const EXPIRED_MARGIN_SECONDS = 300;
/** A token with less than this many seconds left should be refreshed. */
export const REFRESH_MARGIN_SECONDS = 600;

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload, or null when the token is not a decodable JWT. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` claim in seconds, or null when missing or undecodable. */
export function tokenExpiry(token: string): number | null {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** Seconds left before expiry; -Infinity when the token cannot be decoded. */
export function secondsLeft(token: string, now = nowInSeconds()): number {
  const exp = tokenExpiry(token);
  return exp === null ? Number.NEGATIVE_INFINITY : exp - now;
}

/** Expired: less than 300 s left, no `exp`, or undecodable. A missing token is expired too. */
export function isTokenExpired(token: string | null | undefined, now = nowInSeconds()): boolean {
  return !token || secondsLeft(token, now) < EXPIRED_MARGIN_SECONDS;
}

/** Refresh advised: less than 600 s left (this includes expired and undecodable tokens). */
export function isRefreshAdvised(token: string | null | undefined, now = nowInSeconds()): boolean {
  return !token || secondsLeft(token, now) < REFRESH_MARGIN_SECONDS;
}
