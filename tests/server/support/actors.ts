/**
 * Signed-in users of any role and site for server tests, through the real sign-in (so their
 * tokens name real, live sessions).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { users } from '../../../server/src/db/schema/index.ts';
import type { Role } from '../../../src/domain/permissions.ts';
import { bearer, buildTestApp, type Driver, login, type TestApp } from '../helpers.ts';

export interface Actor {
  id: number;
  role: Role;
  siteId: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

const PASSWORD = 'Actor123!';
let seq = 0;

export async function signInAs(t: TestApp, role: Role, siteId = 'main'): Promise<Actor> {
  const email = `${role}-${siteId}-${++seq}-${process.pid}@example.com`;
  const [row] = await t.app.database.db
    .insert(users)
    .values({
      siteId,
      email,
      firstName: 'Test',
      lastName: role,
      role,
      passwordHash: await t.app.services.passwords.hash(PASSWORD),
    })
    .returning();
  const session = await login(t.app, email, PASSWORD, siteId);
  return { id: row.id, role, siteId, email, token: session.token, headers: bearer(session.token) };
}

/** One signed-in user per role, in the main site. */
export async function signInEveryRole(t: TestApp): Promise<Record<Role, Actor>> {
  return {
    admin: await signInAs(t, 'admin'),
    owner: await signInAs(t, 'owner'),
    manager: await signInAs(t, 'manager'),
    worker: await signInAs(t, 'worker'),
  };
}

export interface ManagerAndWorker {
  t: TestApp;
  manager: Actor;
  worker: Actor;
}

/**
 * The frame most API test files share: a fresh app on `driver` with a manager and a worker of its
 * site, handed to `ready` once signed in. `call` sends as the manager unless told otherwise and
 * keeps every answer; the file fails at the end if any of them was a server error.
 */
export function useManagerAndWorker(driver: Driver, ready: (actors: ManagerAndWorker) => void) {
  const bodies: string[] = [];
  let actors: ManagerAndWorker | undefined;
  beforeAll(async () => {
    const t = await buildTestApp(driver);
    actors = { t, manager: await signInAs(t, 'manager'), worker: await signInAs(t, 'worker') };
    ready(actors);
  });
  afterAll(async () => {
    expect(bodies.filter((b) => b.includes('"statusCode":500'))).toEqual([]);
    await actors?.t.close();
  });
  async function call(opts: InjectOptions, as?: Actor) {
    if (!actors) throw new Error('the app is not built yet');
    const res = await actors.t.app.inject({ ...opts, headers: (as ?? actors.manager).headers });
    bodies.push(res.body);
    return res;
  }
  return { call, bodies };
}
