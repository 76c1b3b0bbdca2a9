/**
 * Trusted devices: a browser that has signed in to an account holds a device id for it, signed by
 * the server, in an httpOnly cookie (routes/auth/cookie.ts). The sign-in limits let that browser
 * through the per-account ceiling and the per-address limit (with a small limit of its own), so an
 * attacker failing from elsewhere cannot keep the account's owner out. The cookie proves nothing
 * about who is signing in: the password is checked as always.
 *
 * Value: up to MAX_ENTRIES entries `userId.deviceId.epoch.issuedAt.signature`, joined by '~', most
 * recent first, so several people sharing a browser each keep theirs. The signature is an HMAC over
 * the rest with a key derived from the JWT secret. An entry counts only while the user's
 * credentials epoch (users.credentials_epoch: raised by a password change or reset and by
 * deactivation) is the one it names, and for ttlSeconds after it was issued (renewed at every
 * sign-in): the server decides, whatever the browser keeps.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TrustedDevices {
  /** The device id the cookie holds for this user in this epoch, when signed and not expired. */
  deviceFor(cookie: string | undefined, userId: number, epoch: number): string | undefined;
  /** The cookie value after a successful sign-in: this user's entry (kept, or new) first, then the others. */
  remember(cookie: string | undefined, userId: number, epoch: number): string;
  readonly ttlSeconds: number;
}

const MAX_ENTRIES = 5;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const WHOLE = /^(0|[1-9]\d{0,9})$/;

interface Entry {
  userId: string;
  deviceId: string;
  epoch: string;
  issued: string;
}

export function createTrustedDevices(
  secret: string,
  ttlSeconds: number,
  now: () => number = Date.now,
): TrustedDevices {
  const key = createHmac('sha256', secret).update('tagger trusted device v2').digest();
  const sign = (e: Entry) =>
    createHmac('sha256', key)
      .update(`${e.userId}.${e.deviceId}.${e.epoch}.${e.issued}`)
      .digest('base64url')
      .slice(0, 22);
  const nowSeconds = () => Math.floor(now() / 1000);

  /** The signed, unexpired entries of a cookie value. */
  const entries = (cookie: string | undefined): Entry[] => {
    if (!cookie) return [];
    const valid: Entry[] = [];
    for (const text of cookie.split('~').slice(0, MAX_ENTRIES)) {
      const [userId = '', deviceId = '', epoch = '', issued = '', signature = '', ...rest] = text.split('.');
      if (rest.length > 0 || userId === '0' || !DEVICE_ID.test(deviceId)) continue;
      if (!WHOLE.test(userId) || !WHOLE.test(epoch) || !WHOLE.test(issued)) continue;
      const entry = { userId, deviceId, epoch, issued };
      const expected = Buffer.from(sign(entry));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
      if (Number(issued) + ttlSeconds <= nowSeconds()) continue;
      valid.push(entry);
    }
    return valid;
  };

  const current = (cookie: string | undefined, userId: number, epoch: number) =>
    entries(cookie).find((e) => e.userId === String(userId) && e.epoch === String(epoch));

  return {
    ttlSeconds,
    deviceFor(cookie, userId, epoch) {
      return current(cookie, userId, epoch)?.deviceId;
    },
    remember(cookie, userId, epoch) {
      const own: Entry = {
        userId: String(userId),
        deviceId: current(cookie, userId, epoch)?.deviceId ?? randomBytes(16).toString('base64url'),
        epoch: String(epoch),
        issued: String(nowSeconds()),
      };
      const others = entries(cookie).filter((e) => e.userId !== own.userId);
      return [own, ...others]
        .slice(0, MAX_ENTRIES)
        .map((e) => `${e.userId}.${e.deviceId}.${e.epoch}.${e.issued}.${sign(e)}`)
        .join('~');
    },
  };
}
