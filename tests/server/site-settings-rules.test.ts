/** Bad input to PUT /site-settings (a 400 naming the field), and the user limit in effect. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../src/domain/site-settings.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';

const URL = '/api/v1/site-settings';

const BAD: [string, keyof SiteSettings | 'version' | 'extra', unknown][] = [
  ['max users 0', 'maxUsersPerSite', 0],
  ['max users above 100,000', 'maxUsersPerSite', 100_001],
  ['max users not whole', 'maxUsersPerSite', 1.5],
  ['max users as text', 'maxUsersPerSite', '12'],
  ['retention 0', 'workEntryRetentionDays', 0],
  ['retention above 3,650', 'workEntryRetentionDays', 3651],
  ['upload 0 MB', 'maxFileUploadSize', 0],
  ['upload above 100 MB', 'maxFileUploadSize', 101],
  ['unknown time zone', 'timezone', 'Mars/Olympus_Mons'],
  ['empty time zone', 'timezone', ''],
  ['date format the console cannot render', 'dateFormat', 'YYYY/DD/MM'],
  ['admin e-mail not an address', 'adminEmail', 'not-an-address'],
  ['default role owner', 'defaultUserRole', 'owner'],
  ['default role admin', 'defaultUserRole', 'admin'],
  ['blank site name', 'siteName', '   '],
  ['empty site name', 'siteName', ''],
  ['toggle as text', 'allowGuestAccess', 'yes'],
  ['a field the settings do not have', 'extra', 1],
];

describe.each(DRIVERS)('site settings rules (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    admin = await signInAs(t, 'admin');
  });
  afterAll(async () => t?.close());

  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: URL, headers: admin.headers, payload: payload as object });
  const current = async () =>
    (await t.app.inject({ method: 'GET', url: URL, headers: admin.headers })).json() as {
      settings: SiteSettings;
      version: string;
    };

  it.each(BAD)('%s: 400 naming %s, nothing saved', async (_label, field, value) => {
    const before = await current();
    const res = await put({ ...before.settings, version: before.version, [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await current()).toEqual(before);
  });

  it('needs the whole object and the version', async () => {
    const { settings, version } = await current();
    const { timezone: _missing, ...partial } = settings;
    const res = await put({ ...partial, version });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual(
      expect.objectContaining({ field: 'timezone', rule: 'required' }),
    );
    const noVersion = await put(settings);
    expect(noVersion.json().details).toContainEqual(expect.objectContaining({ field: 'version' }));
  });

  it('accepts the bounds themselves, UTC, an IANA zone, every date format and an empty e-mail', async () => {
    for (const [i, dateFormat] of ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'].entries()) {
      const { settings, version } = await current();
      const low = i % 2 === 0;
      const res = await put({
        ...settings,
        version,
        dateFormat,
        timezone: low ? 'UTC' : 'America/New_York',
        maxUsersPerSite: low ? 100_000 : 50,
        workEntryRetentionDays: low ? 1 : 3650,
        maxFileUploadSize: low ? 1 : 100,
        adminEmail: low ? '' : 'ops@example.com',
        defaultUserRole: low ? 'worker' : 'manager',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('maxUsersPerSite in effect: one more active user on a full site is refused; inactive ones are not', async () => {
    const users = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: admin.headers });
    const active = (users.json().users as { is_active: boolean }[]).filter((u) => u.is_active).length;
    const { settings, version } = await current();
    expect((await put({ ...settings, maxUsersPerSite: active, version })).statusCode).toBe(200);

    const newUser = (email: string, extra: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: admin.headers,
        payload: {
          first_name: 'Over',
          last_name: 'Limit',
          email,
          password: 'secret1',
          role: 'worker',
          ...extra,
        },
      });
    const refused = await newUser('over@example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'USER_LIMIT_REACHED' });
    expect(refused.json().message).toContain(String(active));
    expect((await newUser('dormant@example.com', { is_active: false })).statusCode).toBe(201);

    const again = await current();
    expect(
      (await put({ ...again.settings, maxUsersPerSite: active + 1, version: again.version })).statusCode,
    ).toBe(200);
    expect((await newUser('over@example.com')).statusCode).toBe(201);
  });
});
