/**
 * Access tokens: HS256 JWTs (jose) carrying sub, site, role, sid, iat and exp. iat keeps
 * milliseconds (a NumericDate may be fractional) so a user revoked at 12:00:00.400 does not also
 * refuse a token issued to them at 12:00:00.900 after re-activation.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { isRole } from '#domain/permissions.ts';
import type { AuthContext } from '../types.ts';

export interface TokenService {
  sign(ctx: AuthContext): Promise<string>;
  /** The claims of a valid token, or null for an invalid, expired or foreign one. */
  verify(token: string): Promise<(AuthContext & { issuedAt: number }) | null>;
  readonly ttlSeconds: number;
}

const ISSUER = 'tagger-admin';

/** Verified tokens kept to skip the HMAC on a repeat request (the console sends one token many times). */
const VERIFIED_CACHE_SIZE = 10_000;

type Claims = AuthContext & { issuedAt: number };

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // The key is the whole token string, so a hit is a token this key verified byte for byte; its
  // expiry is still checked on every use. The session's liveness is checked by the caller on every request.
  const verified = new Map<string, { claims: Claims; expiresAtMs: number }>();
  const remember = (token: string, claims: Claims, exp: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAtMs: exp * 1000 });
  };
  return {
    ttlSeconds,
    async sign(ctx) {
      return new SignJWT({ site: ctx.siteId, role: ctx.role, sid: ctx.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(ctx.userId))
        .setIssuer(ISSUER)
        .setIssuedAt(Date.now() / 1000)
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAtMs > Date.now()) return hit.claims;
        verified.delete(token);
        return null;
      }
      try {
        // A token without an expiry would be good forever, one without iat cannot be dated.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.site !== 'string' || typeof payload.sid !== 'string')
          return null;
        if (!isRole(payload.role)) return null;
        const claims: Claims = {
          userId,
          siteId: payload.site,
          role: payload.role,
          sessionId: payload.sid,
          issuedAt: payload.iat as number,
        };
        remember(token, claims, payload.exp as number);
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
