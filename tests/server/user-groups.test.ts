import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, userGroupMembers, userGroups, users } from '../../server/src/db/schema/index.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInEveryRole } from './support/actors.ts';
import { fieldsOf, insertGroup, insertUser } from './support/user-groups.ts';

const URL = '/api/v1/user-groups';

describe.each(DRIVERS)('user groups API (%s)', (driver) => {
  let t: TestApp;
  let as: Record<'admin' | 'owner' | 'manager' | 'worker', Actor>;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    as = await signInEveryRole(t);
  });
  afterAll(async () => t?.close());

  const post = (payload: unknown, actor = as.admin) =>
    t.app.inject({ method: 'POST', url: URL, headers: actor.headers, payload: payload as object });
  const get = (url: string, actor = as.admin) => t.app.inject({ method: 'GET', url, headers: actor.headers });

  it('creates a group with the code generated from its name, type custom by default', async () => {
    const res = await post({ group_name: '  Työmaa Ääni Ö ', description: ' Night shift ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      group_name: 'Työmaa Ääni Ö',
      group_code: 'tyomaa_aani_o',
      description: 'Night shift',
      group_type: 'custom',
      manager_user_id: null,
      active_member_count: 0,
      is_active: true,
      members: [],
    });
  });

  it('makes the manager a member, and lists the group with the manager’s name', async () => {
    const boss = await insertUser(t, { role: 'manager', firstName: 'Ilona' });
    const res = await post({
      group_name: 'Scaffolders',
      group_type: 'subcontractor',
      manager_user_id: boss.id,
    });
    expect(res.statusCode).toBe(201);
    const group = res.json().data;
    expect(group.members).toEqual([
      expect.objectContaining({ user_id: boss.id, first_name: 'Ilona', email: boss.email, role: 'manager' }),
    ]);
    expect(group.active_member_count).toBe(1);
    const listed = (await get(URL)).json().data.find((g: { id: number }) => g.id === group.id);
    expect(listed).toMatchObject({
      group_code: 'scaffolders',
      group_type: 'subcontractor',
      manager_user_id: boss.id,
      manager_first_name: 'Ilona',
      manager_last_name: boss.lastName,
      active_member_count: 1,
    });
    expect(listed.members).toBeUndefined();
  });

  it('creates the group and the manager’s membership together or not at all', async () => {
    const boss = await insertUser(t, { role: 'manager' });
    const { db } = t.app.database;
    // The membership insert fails after the group insert succeeded, inside the same request.
    await db.execute(
      sql.raw(`create function refuse_member() returns trigger language plpgsql as $$
        begin
          if new.user_id = ${boss.id} then raise check_violation using message = 'refused by test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_member before insert on user_group_members
        for each row execute function refuse_member()`),
    );
    try {
      const res = await post({ group_name: 'Half done', manager_user_id: boss.id });
      expect(res.statusCode).toBe(400);
      expect(await db.select().from(userGroups).where(eq(userGroups.groupCode, 'half_done'))).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_member on user_group_members'));
      await db.execute(sql.raw('drop function refuse_member'));
    }
    expect((await post({ group_name: 'Half done', manager_user_id: boss.id })).statusCode).toBe(201);
  });

  it('answers 409 on group_code for a code taken on the site, but not for one of another site', async () => {
    await insertGroup(t, { siteId: 'other' }).then((g) =>
      t.app.database.db.update(userGroups).set({ groupCode: 'electricians' }).where(eq(userGroups.id, g.id)),
    );
    expect((await post({ group_name: 'Electricians' })).statusCode).toBe(201);
    for (const payload of [
      { group_name: 'ELECTRICIANS!' },
      { group_name: 'Sparks', group_code: 'electricians' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual([
        { field: 'group_code', message: 'A user group with this code already exists', rule: 'unique' },
      ]);
    }
  });

  it('rejects bad input with the field named', async () => {
    const cases: [unknown, string, string?][] = [
      [{}, 'group_name', 'This field is required'],
      [{ group_name: '   ' }, 'group_name', 'This field is required'],
      [{ group_name: 'A' }, 'group_name', 'Minimum length is 2 characters'],
      [{ group_name: 'x'.repeat(101) }, 'group_name', 'Maximum length is 100 characters'],
      [{ group_name: 'Ö!' }, 'group_code', 'Minimum length is 2 characters'],
      [{ group_name: 'Valid', group_code: 'Has Spaces' }, 'group_code'],
      [{ group_name: 'Valid', group_type: 'system' }, 'group_type'],
      [{ group_name: 'Valid', group_type: 'crew' }, 'group_type'],
      [{ group_name: 'Valid', manager_user_id: 'me' }, 'manager_user_id'],
      [{ group_name: 'Valid', is_admin: true }, 'is_admin'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(payload);
      const label = JSON.stringify(payload);
      expect(res.statusCode, label).toBe(400);
      expect(fieldsOf(res.json()), label).toEqual([field]);
      if (message) expect(res.json().details[0].message, label).toBe(message);
    }
    // Two letters left once the symbols are dropped are enough.
    expect((await post({ group_name: 'Öö!' })).json().data.group_code).toBe('oo');
    expect((await post({ group_name: 'Valid', group_type: 'system' })).json().details[0].message).toBe(
      'Must be one of: custom, subcontractor, department, team',
    );
  });

  it('accepts only an active user of the site as manager (400 on manager_user_id)', async () => {
    const inactive = await insertUser(t, { isActive: false });
    const foreign = await insertUser(t, { siteId: 'other' });
    for (const id of [inactive.id, foreign.id, 999999]) {
      const res = await post({ group_name: `Managed ${id}`, manager_user_id: id });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'manager_user_id', message: 'Choose an active user of this site', rule: 'activeUser' },
      ]);
    }
    expect(
      await t.app.database.db
        .select()
        .from(userGroups)
        .where(eq(userGroups.groupName, `Managed ${inactive.id}`)),
    ).toEqual([]);
  });

  it('lists active non-system groups by default; active_only=false and group_type filter', async () => {
    const inactive = await insertGroup(t, { isActive: false, groupType: 'department' });
    const system = await insertGroup(t, { groupType: 'system' });
    const department = await insertGroup(t, { groupType: 'department' });
    const ids = async (url: string) => (await get(url)).json().data.map((g: { id: number }) => g.id);

    const active = await ids(URL);
    expect(active).toContain(department.id);
    expect(active).not.toContain(inactive.id);
    expect(active).not.toContain(system.id);
    const all = await ids(`${URL}?active_only=false`);
    expect(all).toContain(inactive.id);
    expect(all).not.toContain(system.id);
    expect((await ids(`${URL}?active_only=false&group_type=department`)).sort()).toEqual(
      [inactive.id, department.id].sort(),
    );
    const names = (await get(URL)).json().data.map((g: { group_name: string }) => g.group_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const bad = await get(`${URL}?group_type=system`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['group_type']);
  });

  it('treats a system group as missing on every by-id route', async () => {
    const system = await insertGroup(t, { groupType: 'system' });
    const member = await insertUser(t);
    const requests = [
      { method: 'GET', url: `${URL}/${system.id}` },
      { method: 'PUT', url: `${URL}/${system.id}`, payload: { group_name: 'Taken over' } },
      { method: 'DELETE', url: `${URL}/${system.id}` },
      { method: 'POST', url: `${URL}/${system.id}/members`, payload: { user_id: member.id } },
      { method: 'GET', url: `${URL}/${system.id}/position-access` },
    ] as const;
    for (const r of requests) {
      const res = await t.app.inject({ ...r, headers: as.admin.headers });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
    }
    const [row] = await t.app.database.db.select().from(userGroups).where(eq(userGroups.id, system.id));
    expect(row.groupName).toBe(system.groupName);
  });

  it('updates a group; a new manager becomes a member, and the manager can be cleared', async () => {
    const created = (await post({ group_name: 'Painters' })).json().data;
    await post({ group_name: 'Plasterers' });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `${URL}/${created.id}`, headers: as.admin.headers, payload });

    const boss = await insertUser(t, { role: 'manager' });
    const renamed = await put({ group_name: 'Painters Oy', group_type: 'team', manager_user_id: boss.id });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      group_name: 'Painters Oy',
      group_code: 'painters',
      group_type: 'team',
      manager_user_id: boss.id,
    });
    expect(renamed.json().data.members.map((m: { user_id: number }) => m.user_id)).toEqual([boss.id]);

    const clash = await put({ group_code: 'plasterers' });
    expect(clash.statusCode).toBe(409);
    expect(fieldsOf(clash.json())).toEqual(['group_code']);
    expect((await put({ group_code: 'painters' })).statusCode).toBe(200);

    const inactive = await insertUser(t, { isActive: false });
    const refused = await put({ manager_user_id: inactive.id });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused.json())).toEqual(['manager_user_id']);
    expect(fieldsOf((await put({ group_type: 'system' })).json())).toEqual(['group_type']);

    const cleared = await put({ manager_user_id: null, is_active: false });
    expect(cleared.json().data).toMatchObject({
      manager_user_id: null,
      manager_first_name: null,
      is_active: false,
    });
    // The former manager stays a member until removed.
    expect(cleared.json().data.members).toHaveLength(1);
  });

  it('deletes a group with its memberships, never its users; unknown ids answer 404', async () => {
    const boss = await insertUser(t);
    const created = (await post({ group_name: 'Short lived', manager_user_id: boss.id })).json().data;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/${created.id}`,
      headers: as.admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'User group deleted', trash_item_id: expect.any(Number) });
    expect((await get(`${URL}/${created.id}`)).statusCode).toBe(404);
    const { db } = t.app.database;
    expect(await db.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, created.id))).toEqual(
      [],
    );
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, boss.id))).toEqual([
      { id: boss.id },
    ]);

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `${URL}/${created.id}`,
        headers: as.admin.headers,
        ...(method === 'PUT' ? { payload: { group_name: 'Back' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'USER_GROUP_NOT_FOUND' });
    }
    expect((await get(`${URL}/0`)).statusCode).toBe(400);
  });

  it('lets a manager read groups but not create or delete them; a worker cannot read', async () => {
    const created = (await post({ group_name: 'Managed by rules' })).json().data;
    expect((await get(URL, as.manager)).statusCode).toBe(200);
    expect((await get(`${URL}/${created.id}`, as.manager)).statusCode).toBe(200);
    expect((await post({ group_name: 'Not mine' }, as.manager)).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/${created.id}`,
      headers: as.manager.headers,
    });
    expect(del.statusCode).toBe(403);
    expect((await get(URL, as.worker)).statusCode).toBe(403);
    expect((await post({ group_name: 'Owner made' }, as.owner)).statusCode).toBe(201);
  });
});
