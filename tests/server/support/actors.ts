/**
 * Signed-in users of any role and site for server tests, through the real sign-in (so their
 * tokens name real, live sessions).
 */

import { users } from '../../../server/src/db/schema/index.ts';
import type { Role } from '../../../src/domain/permissions.ts';
import { bearer, login, type TestApp } from '../helpers.ts';

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
