/**
 * A token refused before a restart is refused after it, for every way a token ends: the server is
 * closed and a new one started on the same database (no Redis, so nothing but the database
 * remembers). An untouched session keeps working across the same restart.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/src/db/schema/index.ts';
import { ADMIN, bearer, DRIVERS, login, type Session } from './helpers.ts';
import { createDurableStorage, type DurableStorage, startServer } from './security-support.ts';

const PASSWORD = 'Owner123!';

describe.each(DRIVERS)('tokens after a restart (%s)', (driver) => {
  let storage: DurableStorage;
  let app: FastifyInstance;
  const ended = new Map<string, Session>();
  let untouched: Session;
  let kept: Session;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  beforeAll(async () => {
    storage = await createDurableStorage(driver);
    app = await startServer(storage);
    const admin = await login(app, ADMIN.email, ADMIN.password);
    const owner = async (name: string) => {
      const res = await api('POST', '/users', admin.token, {
        first_name: name,
        last_name: 'Owner',
        email: `${name}@example.com`,
        password: PASSWORD,
        role: 'owner',
      });
      expect(res.statusCode).toBe(201);
      const session = await login(app, `${name}@example.com`, PASSWORD);
      expect((await api('GET', '/users', session.token)).statusCode).toBe(200);
      return { id: res.json().user.id as number, session };
    };

    const signedOut = await owner('logout');
    await api('POST', '/auth/logout', signedOut.session.token);
    ended.set('signed out', signedOut.session);

    const deactivated = await owner('deactivated');
    await api('PUT', `/users/${deactivated.id}`, admin.token, { is_active: false });
    ended.set('deactivated', deactivated.session);

    const deleted = await owner('deleted');
    expect((await api('DELETE', `/users/${deleted.id}`, admin.token)).json().outcome).toBe('deleted');
    ended.set('deleted', deleted.session);

    const demoted = await owner('demoted');
    await api('PUT', `/users/${demoted.id}`, admin.token, { role: 'manager' });
    ended.set('role changed', demoted.session);

    const reset = await owner('reset');
    await api('PUT', `/users/${reset.id}`, admin.token, { password: 'Another123!' });
    ended.set('password changed by an admin', reset.session);

    // Reuse detection: the rotated-out refresh cookie presented after the grace period.
    const replayed = await owner('replayed');
    const refresh = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'content-type': 'application/json', cookie },
      });
    expect((await refresh(replayed.session.cookie)).statusCode).toBe(200);
    await app.database.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, decodeJwt(replayed.session.token).sid as string));
    expect((await refresh(replayed.session.cookie)).statusCode).toBe(401);
    ended.set('refresh token reused', replayed.session);

    // Changing one's own password ends the other sessions and keeps the one that made the change.
    const self = await owner('self');
    const elsewhere = await login(app, 'self@example.com', PASSWORD);
    const changed = await api('POST', '/auth/me/password', self.session.token, {
      current_password: PASSWORD,
      new_password: 'Changed123!',
    });
    expect(changed.statusCode).toBe(200);
    ended.set('own password changed in another session', elsewhere);
    kept = self.session;

    untouched = (await owner('untouched')).session;

    // Before the restart every ended token is already refused.
    for (const [, session] of ended) expect((await api('GET', '/users', session.token)).statusCode).toBe(401);

    await app.close();
    app = await startServer(storage);
  });

  afterAll(async () => {
    await app?.close();
    await storage?.drop();
  });

  it.each([
    'signed out',
    'deactivated',
    'deleted',
    'role changed',
    'password changed by an admin',
    'refresh token reused',
    'own password changed in another session',
  ])('refuses the access token of a session that ended (%s) after the restart', async (way) => {
    const session = ended.get(way)!;
    const list = await api('GET', '/users', session.token);
    expect(list.statusCode).toBe(401);
    expect(list.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const create = await api('POST', '/users', session.token, {
      first_name: 'Sneaky',
      last_name: 'Write',
      email: `sneaky-${way.replace(/\W/g, '')}@example.com`,
      password: 'Sneaky123!',
      role: 'worker',
    });
    expect(create.statusCode).toBe(401);
  });

  it('keeps an untouched session working across the same restart', async () => {
    expect((await api('GET', '/users', untouched.token)).statusCode).toBe(200);
  });

  it('keeps the session that changed its own password working across the restart', async () => {
    expect((await api('GET', '/users', kept.token)).statusCode).toBe(200);
  });
});
