/**
 * Signed photo links: a photo opens in a new browser tab, where no bearer token is sent, so its
 * URL itself carries the proof (HMAC-SHA256 of the photo id and an expiry). The key is derived
 * from the token-signing secret, so it is as secret as that and survives restarts with it. Expiry
 * is rounded up to a 5-minute step, so the same photo keeps the same URL for a while (the browser
 * can cache it, and a refetched list does not re-render every image).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '../../plugins/authorization.ts';

const STEP_SECONDS = 300;

export interface PhotoLinks {
  url(photoId: number): string;
  verify(photoId: number, exp: number, sig: string): boolean;
}

export function photoLinks(secret: string, ttlSeconds = 600, now: () => number = Date.now): PhotoLinks {
  const key = createHmac('sha256', secret).update('tagger work-entry photo links').digest();
  const sign = (photoId: number, exp: number) =>
    createHmac('sha256', key).update(`${photoId}.${exp}`).digest('base64url');
  return {
    url(photoId) {
      const exp = Math.ceil((now() / 1000 + ttlSeconds) / STEP_SECONDS) * STEP_SECONDS;
      return `${API_PREFIX}/work-entries/photos/${photoId}?exp=${exp}&sig=${sign(photoId, exp)}`;
    },
    verify(photoId, exp, sig) {
      if (exp < now() / 1000) return false;
      const expected = Buffer.from(sign(photoId, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
