/**
 * What an access token must carry to be accepted: a valid signature is not enough. Tokens without
 * an expiry or an issue time are refused, and the session the token names must be a live session
 * of that user (not unknown, not another user's, not past its lifetime, not revoked).
 */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/src/db/schema/index.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type Session, type TestApp } from './helpers.ts';

const JWT_SECRET = 'security-tokens-test-secret-of-enough-length';
const key = new TextEncoder().encode(JWT_SECRET);

describe.each(DRIVERS)('access token claims and sessions (%s)', (driver) => {
  let t: TestApp;
  let admin: Session;

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  /** A token signed with the server's own key, with the claims the test chooses. */
  const forge = (
    claims: { sub?: string; sid?: string },
    opts: { exp?: boolean; iat?: boolean } = { exp: true, iat: true },
  ) => {
    const jwt = new SignJWT({ site: 'main', role: 'admin', sid: claims.sid ?? decodeJwt(admin.token).sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub ?? String(admin.user.id))
      .setIssuer('tagger-admin');
    if (opts.iat !== false) jwt.setIssuedAt();
    if (opts.exp !== false) jwt.setExpirationTime('10m');
    return jwt.sign(key);
  };

  beforeAll(async () => {
    t = await buildTestApp(driver, { jwtSecret: JWT_SECRET });
    admin = await login(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('accepts a well-formed token of a live session (the forging helper itself is sound)', async () => {
    expect((await me(await forge({}))).statusCode).toBe(200);
  });

  it('refuses a token without exp', async () => {
    expect((await me(await forge({}, { exp: false, iat: true }))).statusCode).toBe(401);
  });

  it('refuses a token without iat', async () => {
    expect((await me(await forge({}, { exp: true, iat: false }))).statusCode).toBe(401);
  });

  it('refuses a token naming a session that does not exist', async () => {
    expect((await me(await forge({ sid: '00000000-0000-4000-8000-000000000000' }))).statusCode).toBe(401);
  });

  it("refuses a token naming another user's session", async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(admin.token),
      payload: {
        first_name: 'Other',
        last_name: 'Person',
        email: 'other@example.com',
        password: 'Other123!',
        role: 'worker',
      },
    });
    expect(other.statusCode).toBe(201);
    expect((await me(await forge({ sub: String(other.json().user.id) }))).statusCode).toBe(401);
  });

  it('refuses the token of a session past its absolute lifetime', async () => {
    const s = await login(t.app, ADMIN.email, ADMIN.password);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, decodeJwt(s.token).sid as string));
    expect((await me(s.token)).statusCode).toBe(401);
  });
});
