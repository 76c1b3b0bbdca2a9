import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings, sites } from '../../server/src/db/schema/index.ts';
import { getSiteSettings } from '../../server/src/repositories/site-settings.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../src/domain/site-settings.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const URL = '/api/v1/site-settings';

describe.each(DRIVERS)('site settings (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  const get = (actor = admin) => t.app.inject({ method: 'GET', url: URL, headers: actor.headers });
  const put = (payload: unknown, actor = admin) =>
    t.app.inject({ method: 'PUT', url: URL, headers: actor.headers, payload: payload as object });
  const current = async () => get().then((r) => r.json() as { settings: SiteSettings; version: string });

  it('answers the whole settings object over the defaults, with a version', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect(body.version).toMatch(/^\d+$/);
  });

  it('GET /sites answers the caller’s one site', async () => {
    const worker = await signInAs(t, 'worker');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sites', headers: worker.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().sites).toEqual([
      { id: 'main', name: expect.any(String), created_at: expect.any(String) },
    ]);
  });

  it('saves the whole object, answers a new version, and renames the site', async () => {
    const { settings, version } = await current();
    const next = {
      ...settings,
      siteName: '  Harbour Tower  ',
      maxUsersPerSite: 250,
      timezone: 'Europe/Helsinki',
      dateFormat: 'YYYY-MM-DD',
      adminEmail: 'site.admin@example.com',
      defaultUserRole: 'manager',
      autoArchiveWorkEntries: true,
      workEntryRetentionDays: 90,
    };
    const res = await put({ ...next, version });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.settings).toEqual({ ...next, siteName: 'Harbour Tower' });
    expect(saved.version).not.toBe(version);
    expect(await current()).toMatchObject({ settings: saved.settings, version: saved.version });

    const [site] = await t.app.database.db.select().from(sites).where(eq(sites.id, 'main'));
    expect(site.name).toBe('Harbour Tower');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: admin.headers });
    expect(me.json().user.site_name).toBe('Harbour Tower');
  });

  it('GET /site-settings/display gives every signed-in user the zone, date format, default role and the tags’ address, nothing else', async () => {
    const worker = await signInAs(t, 'worker');
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL}/display`,
      headers: { ...worker.headers, host: 'site.example:8443' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      timezone: 'Europe/Helsinki',
      dateFormat: 'YYYY-MM-DD',
      defaultUserRole: 'manager',
      // No PUBLIC_URL in the test config: the address the request came to.
      publicUrl: 'http://site.example:8443',
    });
    expect((await get(worker)).statusCode).toBe(403);
  });

  it('refuses a save based on an old version with 409 STALE_SETTINGS and keeps the newer one', async () => {
    const { settings, version } = await current();
    expect((await put({ ...settings, siteDescription: 'First', version })).statusCode).toBe(200);
    const stale = await put({ ...settings, siteDescription: 'Second', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'STALE_SETTINGS' });
    expect(stale.json().message).toMatch(/reload/i);
    expect((await current()).settings.siteDescription).toBe('First');
  });

  it('lets exactly one of two concurrent saves of the same version win', async () => {
    const { settings, version } = await current();
    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) => put({ ...settings, siteName: `Racer ${name}`, version })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(await current()).toMatchObject({ settings: winner.settings, version: winner.version });
  });

  it('a site with no stored settings reads the defaults (its own name) and its first save is a compare-and-set too', async () => {
    await t.app.database.db.insert(sites).values({ id: 'fresh', name: 'Fresh Site' });
    const freshAdmin = await signInAs(t, 'admin', 'fresh');
    const first = await get(freshAdmin);
    expect(first.json().settings).toEqual({ ...DEFAULT_SITE_SETTINGS, siteName: 'Fresh Site' });
    expect(await getSiteSettings(t.app.database.db, 'fresh')).toEqual(first.json().settings);
    const { settings, version } = first.json();
    const results = await Promise.all([
      put({ ...settings, maxUsersPerSite: 5, version }, freshAdmin),
      put({ ...settings, maxUsersPerSite: 6, version }, freshAdmin),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.database.db.select().from(siteSettings).where(eq(siteSettings.siteId, 'fresh'));
    expect(rows).toHaveLength(1);
  });
});
