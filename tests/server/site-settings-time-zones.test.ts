/**
 * Time zones: every zone the database knows is offered and accepted (Europe/Kyiv and
 * Pacific/Kanton too, which the runtime's own list lacks), the dates of the dashboard follow it,
 * and a name that is no zone is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../src/domain/site-settings.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const URL = '/api/v1/site-settings';

describe.each(DRIVERS)('site time zones (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let zones: string[];

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
    const res = await t.app.inject({ method: 'GET', url: `${URL}/time-zones`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    zones = res.json().time_zones;
  });
  afterAll(async () => t?.close());

  const current = async () =>
    (await t.app.inject({ method: 'GET', url: URL, headers: admin.headers })).json() as {
      settings: SiteSettings;
      version: string;
    };
  const saveZone = async (timezone: string) => {
    const { settings, version } = await current();
    return t.app.inject({
      method: 'PUT',
      url: URL,
      headers: admin.headers,
      payload: { ...settings, timezone, version },
    });
  };

  it('offers every zone the database knows, UTC first, without PostgreSQL’s own extras', async () => {
    const rows = await t.app.database.query<{ name: string }>('select name from pg_timezone_names');
    const database = rows.map((r) => r.name);
    const extras = (z: string) =>
      z.startsWith('posix/') || ['Factory', 'localtime', 'posixrules'].includes(z);
    expect(zones[0]).toBe('UTC');
    expect(new Set(zones)).toEqual(new Set(database.filter((z) => !extras(z))));
    expect(zones).toEqual(expect.arrayContaining(['Europe/Kyiv', 'Pacific/Kanton', 'Europe/Helsinki']));
  });

  it.each(['Europe/Kyiv', 'Pacific/Kanton', 'America/Ciudad_Juarez', 'Etc/GMT+5'])(
    'saves %s, and the dashboard counts days in it',
    async (zone) => {
      const res = await saveZone(zone);
      expect(res.statusCode, res.body).toBe(200);
      expect((await current()).settings.timezone).toBe(zone);
      const display = await t.app.inject({
        method: 'GET',
        url: `${URL}/display`,
        headers: admin.headers,
      });
      expect(display.json().timezone).toBe(zone);
      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/api/v1/dashboard/summary',
        headers: admin.headers,
      });
      expect(dashboard.statusCode, dashboard.body).toBe(200);
    },
  );

  it('accepts a sample across the whole list', async () => {
    for (const zone of zones.filter((_, i) => i % 60 === 0)) {
      expect((await saveZone(zone)).statusCode, zone).toBe(200);
    }
  });

  it.each(['Europe/Atlantis', 'Factory', 'posix/Europe/Helsinki', 'utc ', 'Europe/Kyiv; drop table sites'])(
    'refuses %j with a 400 naming timezone, and saves nothing',
    async (zone) => {
      const before = await current();
      const res = await saveZone(zone);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        details: [{ field: 'timezone', rule: 'timezone' }],
      });
      expect(await current()).toEqual(before);
    },
  );
});
