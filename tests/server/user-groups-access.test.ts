import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, userGroupPositionAccess } from '../../server/src/db/schema/index.ts';
import { mapDatabaseError } from '../../server/src/lib/db-errors.ts';
import * as repo from '../../server/src/repositories/user-groups.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInEveryRole } from './support/actors.ts';
import { fieldsOf, insertGroup, insertPositionGroup, insertUser } from './support/user-groups.ts';

const URL = '/api/v1/user-groups';

describe.each(DRIVERS)('user group members and position access (%s)', (driver) => {
  let t: TestApp;
  let as: Record<'admin' | 'owner' | 'manager' | 'worker', Actor>;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other site' });
    as = await signInEveryRole(t);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, actor = as.admin) =>
    t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });
  const memberIds = async (groupId: number) =>
    (await call('GET', `${URL}/${groupId}`)).json().data.members.map((m: { user_id: number }) => m.user_id);

  it('adds an active user as a member; the active member count follows', async () => {
    const group = await insertGroup(t);
    const user = await insertUser(t, { role: 'manager', firstName: 'Aino' });
    const res = await call('POST', `${URL}/${group.id}/members`, { user_id: user.id }, as.manager);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      user_id: user.id,
      first_name: 'Aino',
      last_name: user.lastName,
      email: user.email,
      role: 'manager',
      is_active: true,
    });
    const detail = (await call('GET', `${URL}/${group.id}`)).json().data;
    expect(detail.active_member_count).toBe(1);
    expect(detail.members.map((m: { user_id: number }) => m.user_id)).toEqual([user.id]);
  });

  it('answers a duplicate member with 409 on user_id, also to two requests at once', async () => {
    const group = await insertGroup(t);
    const user = await insertUser(t);
    const add = () => call('POST', `${URL}/${group.id}/members`, { user_id: user.id });
    const [a, b] = await Promise.all([add(), add()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    // The loser meets either the service's check or the primary key: the same answer either way.
    expect(fieldsOf((a.statusCode === 409 ? a : b).json())).toEqual(['user_id']);
    const again = await add();
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual([
      { field: 'user_id', message: 'The user is already a member of this group', rule: 'unique' },
    ]);
    expect(await memberIds(group.id)).toEqual([user.id]);
  });

  it('turns the database’s own duplicate refusals (a race past the checks) into the same 409s', async () => {
    const user = await insertUser(t);
    const area = await insertPositionGroup(t);
    const group = await insertGroup(t, { memberIds: [user.id] });
    const { db } = t.app.database;
    await repo.insertGrant(db, 'main', {
      userGroupId: group.id,
      positionGroupId: area.id,
      grantedBy: user.id,
    });
    const refusal = (insert: Promise<unknown>) =>
      insert.then(
        () => undefined,
        (err: unknown) => mapDatabaseError(err),
      );
    const member = await refusal(
      repo.insertMember(db, 'main', { groupId: group.id, userId: user.id, addedBy: user.id }),
    );
    expect(member).toMatchObject({ statusCode: 409, details: [{ field: 'user_id', rule: 'unique' }] });
    const grant = await refusal(
      repo.insertGrant(db, 'main', { userGroupId: group.id, positionGroupId: area.id, grantedBy: user.id }),
    );
    expect(grant).toMatchObject({
      statusCode: 409,
      details: [{ field: 'position_group_id', rule: 'unique' }],
    });
  });

  it('accepts only an active user of the site as a member (400 on user_id)', async () => {
    const group = await insertGroup(t);
    const inactive = await insertUser(t, { isActive: false });
    const foreign = await insertUser(t, { siteId: 'other' });
    for (const userId of [inactive.id, foreign.id, 999999]) {
      const res = await call('POST', `${URL}/${group.id}/members`, { user_id: userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'user_id', message: 'Choose an active user of this site', rule: 'activeUser' },
      ]);
    }
    const bad = await call('POST', `${URL}/${group.id}/members`, {});
    expect(fieldsOf(bad.json())).toEqual(['user_id']);
    expect(await memberIds(group.id)).toEqual([]);
  });

  it('counts only members whose account is active, but lists them all', async () => {
    const active = await insertUser(t);
    const inactive = await insertUser(t, { isActive: false });
    const group = await insertGroup(t, { memberIds: [active.id, inactive.id] });
    const detail = (await call('GET', `${URL}/${group.id}`)).json().data;
    expect(detail.active_member_count).toBe(1);
    expect(detail.members).toHaveLength(2);
  });

  it('removes a member, but never the group’s manager', async () => {
    const boss = await insertUser(t, { role: 'manager' });
    const created = await call('POST', URL, { group_name: 'Removals', manager_user_id: boss.id });
    const groupId = created.json().data.id;
    const user = await insertUser(t);
    await call('POST', `${URL}/${groupId}/members`, { user_id: user.id });

    const removed = await call('DELETE', `${URL}/${groupId}/members/${user.id}`, undefined, as.manager);
    expect(removed.statusCode).toBe(200);
    expect(await memberIds(groupId)).toEqual([boss.id]);
    const again = await call('DELETE', `${URL}/${groupId}/members/${user.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('MEMBER_NOT_FOUND');

    const manager = await call('DELETE', `${URL}/${groupId}/members/${boss.id}`);
    expect(manager.statusCode).toBe(409);
    expect(manager.json().code).toBe('MANAGER_IS_MEMBER');
    expect(await memberIds(groupId)).toEqual([boss.id]);
  });

  it('lists the groups a user belongs to, without system groups; another site’s user is 404', async () => {
    const user = await insertUser(t);
    const team = await insertGroup(t, { memberIds: [user.id] });
    const inactive = await insertGroup(t, { isActive: false, memberIds: [user.id] });
    await insertGroup(t, { groupType: 'system', memberIds: [user.id] });
    await insertGroup(t);
    const res = await call('GET', `${URL}/user/${user.id}`, undefined, as.manager);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((g: { id: number }) => g.id)
        .sort(),
    ).toEqual([team.id, inactive.id].sort());

    const foreign = await insertUser(t, { siteId: 'other' });
    expect((await call('GET', `${URL}/user/${foreign.id}`)).statusCode).toBe(404);
  });

  it('grants access to a position group with its active position count and the granter', async () => {
    const group = await insertGroup(t);
    const area = await insertPositionGroup(t, {
      positionsActive: [true, true, false],
      description: 'North wing',
    });
    const res = await call(
      'POST',
      `${URL}/${group.id}/position-access`,
      { position_group_id: area.id },
      as.manager,
    );
    expect(res.statusCode).toBe(201);
    const grant = res.json().data;
    expect(grant).toMatchObject({
      position_group_id: area.id,
      group_name: area.groupName,
      group_code: area.groupCode,
      description: 'North wing',
      active_position_count: 2,
      granted_by_user_id: as.manager.id,
      granted_by_first_name: 'Test',
      granted_by_last_name: 'manager',
    });
    expect(Math.abs(Date.parse(grant.granted_at) - Date.now())).toBeLessThan(60_000);

    const list = await call('GET', `${URL}/${group.id}/position-access`, undefined, as.manager);
    expect(list.json().data).toEqual([grant]);

    const dup = await call('POST', `${URL}/${group.id}/position-access`, { position_group_id: area.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details).toEqual([
      { field: 'position_group_id', message: 'This access is already granted', rule: 'unique' },
    ]);
  });

  it('refuses another site’s, an unknown or an inactive position group (400 on position_group_id)', async () => {
    const group = await insertGroup(t);
    const foreign = await insertPositionGroup(t, { siteId: 'other' });
    const inactive = await insertPositionGroup(t, { isActive: false });
    for (const id of [foreign.id, inactive.id, 999999]) {
      const res = await call('POST', `${URL}/${group.id}/position-access`, { position_group_id: id });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.json())).toEqual(['position_group_id']);
    }
    const rows = await t.app.database.db
      .select()
      .from(userGroupPositionAccess)
      .where(eq(userGroupPositionAccess.userGroupId, group.id));
    expect(rows).toEqual([]);
  });

  it('revokes access by position group id; a missing grant is 404', async () => {
    const group = await insertGroup(t);
    const area = await insertPositionGroup(t);
    await call('POST', `${URL}/${group.id}/position-access`, { position_group_id: area.id });
    const url = `${URL}/${group.id}/position-access/${area.id}`;
    expect((await call('DELETE', url, undefined, as.manager)).statusCode).toBe(200);
    expect((await call('GET', `${URL}/${group.id}/position-access`)).json().data).toEqual([]);
    const again = await call('DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('ACCESS_NOT_FOUND');
  });

  it('keeps members and position access to user_groups.assign_members', async () => {
    const group = await insertGroup(t);
    const user = await insertUser(t);
    const area = await insertPositionGroup(t);
    const worker = as.worker;
    expect((await call('POST', `${URL}/${group.id}/members`, { user_id: user.id }, worker)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', `${URL}/${group.id}/position-access`, { position_group_id: area.id }, worker))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `${URL}/${group.id}/position-access`, undefined, worker)).statusCode).toBe(403);
    expect(
      (await call('POST', `${URL}/${group.id}/members`, { user_id: user.id }, as.owner)).statusCode,
    ).toBe(201);
  });
});
