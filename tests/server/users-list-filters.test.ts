/** GET /users?search=&role=&status=: the server filters the site's list. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../server/src/db/schema/index.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, sessionToken, type TestApp } from './helpers.ts';

describe.each(DRIVERS)('users list filters (%s)', (driver) => {
  let t: TestApp;
  let token = '';

  const people = [
    { firstName: 'Aino', lastName: 'Virtanen', email: 'aino.v@example.com', role: 'worker', isActive: true },
    { firstName: 'Björn', lastName: 'Nyström', email: 'bjorn@example.com', role: 'manager', isActive: true },
    { firstName: 'Päivi', lastName: 'Mäkelä', email: 'paivi@example.com', role: 'worker', isActive: false },
    { firstName: 'Eero', lastName: 'Ahonen', email: 'eero_a@example.com', role: 'owner', isActive: true },
  ];

  async function list(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users${query}`, headers: bearer(token) });
    return {
      status: res.statusCode,
      emails: (res.json().users ?? []).map((u: { email: string }) => u.email),
    };
  }

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const db = t.app.database.db;
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN.email));
    token = await sessionToken(t.app, { userId: admin.id, siteId: 'main', role: 'admin' });
    await db
      .insert(users)
      .values(people.map((p) => ({ ...p, siteId: 'main', emailNormalized: p.email, passwordHash: 'x' })));
    // Another site's namesake is never listed.
    await db.insert(sites).values({ id: 'other', name: 'Other' });
    await db.insert(users).values({
      siteId: 'other',
      firstName: 'Aino',
      lastName: 'Virtanen',
      email: 'aino.other@example.com',
      emailNormalized: 'aino.other@example.com',
      role: 'worker',
      passwordHash: 'x',
    });
  });
  afterAll(async () => t?.close());

  it('searches first name, last name, full name and email, ignoring case and ä/ö', async () => {
    expect((await list('?search=aino')).emails).toEqual(['aino.v@example.com']);
    expect((await list('?search=NYSTROM')).emails).toEqual(['bjorn@example.com']);
    expect((await list('?search=aino%20virt')).emails).toEqual(['aino.v@example.com']);
    expect((await list('?search=paivi%40')).emails).toEqual(['paivi@example.com']);
    expect((await list('?search=makela')).emails).toEqual(['paivi@example.com']);
  });

  it('treats % and _ as themselves', async () => {
    expect((await list('?search=_a%40')).emails).toEqual(['eero_a@example.com']);
    expect((await list('?search=%25')).emails).toEqual([]);
  });

  it('filters by role and by status, alone and together with the search', async () => {
    expect((await list('?role=manager')).emails).toEqual(['bjorn@example.com']);
    expect((await list('?status=inactive')).emails).toEqual(['paivi@example.com']);
    const activeWorkers = (await list('?role=worker&status=active')).emails;
    expect(activeWorkers).toContain('aino.v@example.com');
    expect(activeWorkers).not.toContain('paivi@example.com');
    expect((await list('?role=worker&search=p%C3%A4ivi')).emails).toEqual(['paivi@example.com']);
    expect((await list('?role=owner&search=aino')).emails).toEqual([]);
  });

  it('answers the whole site list without filters or with a blank search, and sees a change at once', async () => {
    const all = (await list()).emails;
    expect(all).toHaveLength(people.length + 1);
    expect((await list('?search=%20%20')).emails).toEqual(all);
    const db = t.app.database.db;
    await db.update(users).set({ isActive: false }).where(eq(users.email, 'bjorn@example.com'));
    expect((await list('?status=inactive')).emails.sort()).toEqual([
      'bjorn@example.com',
      'paivi@example.com',
    ]);
    await db.update(users).set({ isActive: true }).where(eq(users.email, 'bjorn@example.com'));
  });

  it('refuses an unknown role or status and a search over the limit', async () => {
    expect((await list('?role=boss')).status).toBe(400);
    expect((await list('?status=gone')).status).toBe(400);
    expect((await list(`?search=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await list('?limit=5')).status).toBe(400);
  });
});
