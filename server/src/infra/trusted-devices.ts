/**
 * Trusted devices: a browser that has signed in to an account holds a device id for it, signed by
 * the server, in an httpOnly cookie (routes/auth/cookie.ts). The sign-in limits let that browser
 * through the per-account ceiling and the per-address limit (with a small limit of its own), so an
 * attacker failing from elsewhere cannot keep the account's owner out. The cookie proves nothing
 * about who is signing in: the password is checked as always.
 *
 * Value: up to MAX_ENTRIES entries `userId.deviceId.signature`, joined by '~', most recent first,
 * so several people sharing a browser each keep theirs. The signature is an HMAC over the user and
 * device ids with a key derived from the JWT secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TrustedDevices {
  /** The device id the cookie holds for this user, when its signature is valid. */
  deviceFor(cookie: string | undefined, userId: number): string | undefined;
  /** The cookie value after a successful sign-in: this user's entry (kept, or new) first, then the others. */
  remember(cookie: string | undefined, userId: number): string;
  readonly ttlSeconds: number;
}

const MAX_ENTRIES = 5;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const USER_ID = /^[1-9]\d{0,9}$/;

export function createTrustedDevices(secret: string, ttlSeconds: number): TrustedDevices {
  const key = createHmac('sha256', secret).update('tagger trusted device v1').digest();
  const sign = (userId: string, deviceId: string) =>
    createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url').slice(0, 22);

  /** The valid entries of a cookie value, as [userId, deviceId]. */
  const entries = (cookie: string | undefined): [string, string][] => {
    if (!cookie) return [];
    const valid: [string, string][] = [];
    for (const entry of cookie.split('~').slice(0, MAX_ENTRIES)) {
      const [userId, deviceId, signature, ...rest] = entry.split('.');
      if (rest.length > 0 || !USER_ID.test(userId ?? '') || !DEVICE_ID.test(deviceId ?? '')) continue;
      const expected = Buffer.from(sign(userId, deviceId));
      const given = Buffer.from(signature ?? '');
      if (given.length === expected.length && timingSafeEqual(given, expected))
        valid.push([userId, deviceId]);
    }
    return valid;
  };

  return {
    ttlSeconds,
    deviceFor(cookie, userId) {
      return entries(cookie).find(([u]) => u === String(userId))?.[1];
    },
    remember(cookie, userId) {
      const all = entries(cookie);
      const own = all.find(([u]) => u === String(userId))?.[1] ?? randomBytes(16).toString('base64url');
      const others = all.filter(([u]) => u !== String(userId));
      return [[String(userId), own], ...others]
        .slice(0, MAX_ENTRIES)
        .map(([u, d]) => `${u}.${d}.${sign(u, d)}`)
        .join('~');
    },
  };
}
