/**
 * Site isolation for the settings (they have no id in the path, so the by-id shared suite does not
 * fit): another site's stored settings and name are never read or written by site A's admin.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings, sites } from '../../server/src/db/schema/index.ts';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { OTHER_SITE } from './support/site-isolation.ts';

const FOREIGN = {
  ...DEFAULT_SITE_SETTINGS,
  siteName: 'Other site',
  maxUsersPerSite: 7,
  timezone: 'Asia/Tokyo',
  adminEmail: 'b@example.com',
};

describe.each(DRIVERS)('site settings: site isolation (%s)', (driver) => {
  let t: TestApp;
  let adminA: Actor;
  const readForeign = async () => {
    const { db } = t.app.database;
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.siteId, OTHER_SITE));
    const [site] = await db.select().from(sites).where(eq(sites.id, OTHER_SITE));
    return { row, site };
  };

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const { db } = t.app.database;
    await db.insert(sites).values({ id: OTHER_SITE, name: 'Other site' });
    await db.insert(siteSettings).values({ siteId: OTHER_SITE, settings: FOREIGN });
    adminA = await signInAs(t, 'admin', 'main');
  });
  afterAll(async () => t?.close());

  it('GET and PUT of site A read and write only site A', async () => {
    const before = await readForeign();
    const got = await t.app.inject({ method: 'GET', url: '/api/v1/site-settings', headers: adminA.headers });
    expect(got.json().settings).toEqual(DEFAULT_SITE_SETTINGS);
    const { settings, version } = got.json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site-settings',
      headers: adminA.headers,
      payload: { ...settings, siteName: 'Site A renamed', maxUsersPerSite: 3, version },
    });
    expect(saved.statusCode).toBe(200);
    expect(await readForeign()).toEqual(before);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/sites', headers: adminA.headers });
    expect(list.json().sites.map((s: { id: string }) => s.id)).toEqual(['main']);
  });

  it('a version read on site B is no key to site A', async () => {
    const adminB = await signInAs(t, 'admin', OTHER_SITE);
    const b = await t.app.inject({ method: 'GET', url: '/api/v1/site-settings', headers: adminB.headers });
    expect(b.json().settings).toEqual(FOREIGN);
    const before = await readForeign();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/site-settings',
      headers: adminA.headers,
      payload: { ...FOREIGN, siteName: 'Hijack', version: b.json().version },
    });
    expect(res.statusCode).toBe(409);
    expect(await readForeign()).toEqual(before);
  });
});
