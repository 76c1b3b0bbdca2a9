/**
 * The shared site-isolation suite every resource joins: a record of site B must be invisible to
 * site A. Each by-id request from an admin of site A answers 404 (never 403, which would confirm
 * the record exists), the record is unchanged afterwards, and site A's list never contains it.
 *
 *   describeSiteIsolation('positions', {
 *     seed: async (t, siteId) => (await insertPosition(t, siteId)).id,
 *     requests: (id) => [{ method: 'PUT', url: `/api/v1/positions/${id}`, payload: {...} }, ...],
 *     read: (t, id) => t.app.database.db.select().from(positions).where(eq(positions.id, id)),
 *     list: { url: '/api/v1/positions?include_inactive=true', field: 'positions' },
 *   });
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from '../helpers.ts';
import { type Actor, signInAs } from './actors.ts';

export interface IsolationRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

export interface IsolationCase {
  /** Creates a record in the given site (directly in the database) and returns its id. */
  seed(t: TestApp, siteId: string): Promise<number>;
  /** Every request that names the record (by id in the path or in the body). */
  requests(id: number): IsolationRequest[];
  /** Reads the record, to check nothing changed. */
  read?(t: TestApp, id: number): Promise<unknown>;
  /** A list of site A that must not contain site B's record. */
  list?: { url: string; field: string };
}

export const OTHER_SITE = 'other';

export function describeSiteIsolation(name: string, c: IsolationCase) {
  describe.each(DRIVERS)(`${name}: site isolation (%s)`, (driver) => {
    let t: TestApp;
    let admin: Actor;
    let foreignId: number;

    beforeAll(async () => {
      t = await buildTestApp(driver);
      await t.app.database.db.insert(sites).values({ id: OTHER_SITE, name: 'Other site' });
      admin = await signInAs(t, 'admin', 'main');
      foreignId = await c.seed(t, OTHER_SITE);
    });
    afterAll(async () => t?.close());

    it('answers 404 for another site’s record and changes nothing', async () => {
      const before = c.read ? await c.read(t, foreignId) : undefined;
      for (const r of c.requests(foreignId)) {
        const res = await t.app.inject({ ...r, headers: admin.headers } as never);
        expect(res.statusCode, `${r.method} ${r.url} → ${res.body.slice(0, 160)}`).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404 });
      }
      if (c.read) expect(await c.read(t, foreignId)).toEqual(before);
    });

    if (c.list) {
      const { url, field } = c.list;
      it('never lists another site’s record', async () => {
        const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
        expect(res.statusCode).toBe(200);
        const ids = (res.json()[field] as { id: number }[]).map((r) => r.id);
        expect(ids).not.toContain(foreignId);
      });
    }
  });
}
