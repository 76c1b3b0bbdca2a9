import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  legacyTaskTemplates,
  positionGroupPositions,
  positionGroups,
  positions,
  positionTaskAssignments,
  sites,
  taskDependencies,
  taskInstances,
  tasks,
  taskTemplates,
  userGroupMembers,
  userGroupPositionAccess,
  userGroups,
  users,
} from '../../server/src/db/schema/index.ts';
import type { Role } from '../../src/domain/permissions.ts';
import { ADMIN, bearer, buildTestApp, DRIVERS, sessionToken, type TestApp } from './helpers.ts';
import { describeSiteIsolation } from './support/site-isolation.ts';
import {
  assignTask,
  insertInstance,
  insertLegacyTemplate,
  insertPosition,
  insertTask,
  insertTemplate,
} from './support/tasks.ts';
import { insertGroup, insertPositionGroup, insertUser } from './support/user-groups.ts';

describe.each(DRIVERS)('site isolation (%s)', (driver) => {
  let t: TestApp;
  let n = 0;

  async function addUser(siteId: string, role: Role, email = `iso${++n}@example.com`) {
    const [row] = await t.app.database.db
      .insert(users)
      .values({ siteId, email, firstName: 'Site', lastName: siteId.toUpperCase(), role, passwordHash: 'x' })
      .returning();
    const token = await sessionToken(t.app, { userId: row.id, siteId, role });
    return { row, headers: bearer(token) };
  }

  let adminA: Awaited<ReturnType<typeof addUser>>;
  let adminB: Awaited<ReturnType<typeof addUser>>;
  let workerA: Awaited<ReturnType<typeof addUser>>;
  let workerB: Awaited<ReturnType<typeof addUser>>;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    await t.app.database.db.insert(sites).values({ id: 'b', name: 'Site B' });
    adminA = await addUser('main', 'admin');
    workerA = await addUser('main', 'worker');
    // Emails are unique per site only: site B may reuse site A's addresses.
    adminB = await addUser('b', 'admin', ADMIN.email.toUpperCase());
    workerB = await addUser('b', 'worker');
  });
  afterAll(async () => t?.close());

  it('lists only the caller’s site', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: adminA.headers });
    const b = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: adminB.headers });
    expect(a.json().users.every((u: { site_id: string }) => u.site_id === 'main')).toBe(true);
    expect(
      b
        .json()
        .users.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([adminB.row.id, workerB.row.id].sort());
  });

  it('answers 404, never 403, for another site’s user', async () => {
    for (const target of [workerA.row, adminA.row]) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${target.id}`,
        headers: adminB.headers,
        payload: { first_name: 'Hacked' },
      });
      expect(put.statusCode).toBe(404);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${target.id}`,
        headers: adminB.headers,
      });
      expect(del.statusCode).toBe(404);
      expect(del.json().message).toBe(put.json().message);
    }
    const [unchanged] = await t.app.database.db.select().from(users).where(eq(users.id, workerA.row.id));
    expect(unchanged.firstName).toBe('Site');
    expect(unchanged.isActive).toBe(true);
  });

  it('creates users in the caller’s site only; emails clash only within a site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: adminB.headers,
      payload: {
        first_name: 'New',
        last_name: 'Bee',
        email: workerA.row.email,
        password: 'secret1',
        role: 'worker',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.site_id).toBe('b');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: adminB.headers,
      payload: {
        first_name: 'New',
        last_name: 'Bee',
        email: workerA.row.email.toUpperCase(),
        password: 'secret1',
        role: 'worker',
      },
    });
    expect(again.statusCode).toBe(409);
  });

  it('counts metrics within the caller’s site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/system/metrics', headers: adminB.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().metrics.total_users).toBe(3);
  });
});

describeSiteIsolation('users', {
  async seed(t, siteId) {
    const [row] = await t.app.database.db
      .insert(users)
      .values({
        siteId,
        email: 'far@example.com',
        firstName: 'Far',
        lastName: 'Away',
        role: 'worker',
        passwordHash: 'x',
      })
      .returning();
    return row.id;
  },
  requests: (id) => [
    { method: 'PUT', url: `/api/v1/users/${id}`, payload: { first_name: 'Hacked' } },
    { method: 'DELETE', url: `/api/v1/users/${id}` },
  ],
  read: async (t, id) => (await t.app.database.db.select().from(users).where(eq(users.id, id)))[0],
  list: { url: '/api/v1/users', field: 'users' },
});

describeSiteIsolation('position groups', {
  async seed(t, siteId) {
    const { db } = t.app.database;
    const [position] = await db
      .insert(positions)
      .values({ siteId, positionCode: 'FAR-1', positionName: 'Far spot' })
      .returning();
    const [group] = await db
      .insert(positionGroups)
      .values({ siteId, groupName: 'Far group', groupCode: 'far' })
      .returning();
    await db.insert(positionGroupPositions).values({ siteId, groupId: group.id, positionId: position.id });
    return group.id;
  },
  requests: (id) => [
    { method: 'GET', url: `/api/v1/position-groups/${id}` },
    {
      method: 'PUT',
      url: `/api/v1/position-groups/${id}`,
      payload: { group_name: 'Hacked', position_ids: [] },
    },
    { method: 'DELETE', url: `/api/v1/position-groups/${id}` },
  ],
  read: async (t, id) => {
    const { db } = t.app.database;
    const [group] = await db.select().from(positionGroups).where(eq(positionGroups.id, id));
    const members = await db
      .select()
      .from(positionGroupPositions)
      .where(eq(positionGroupPositions.groupId, id));
    return { group, members };
  },
  list: { url: '/api/v1/position-groups', field: 'position_groups' },
});

describeSiteIsolation('user groups', {
  async seed(t, siteId) {
    const member = await insertUser(t, { siteId });
    const area = await insertPositionGroup(t, { siteId });
    const group = await insertGroup(t, { siteId, memberIds: [member.id] });
    await t.app.database.db
      .insert(userGroupPositionAccess)
      .values({ siteId, userGroupId: group.id, positionGroupId: area.id });
    return group.id;
  },
  // Members and position groups named here are of the caller's site: only the group is foreign.
  requests: (id) => [
    { method: 'GET', url: `/api/v1/user-groups/${id}` },
    { method: 'PUT', url: `/api/v1/user-groups/${id}`, payload: { group_name: 'Hacked' } },
    { method: 'DELETE', url: `/api/v1/user-groups/${id}` },
    { method: 'POST', url: `/api/v1/user-groups/${id}/members`, payload: { user_id: 1 } },
    { method: 'DELETE', url: `/api/v1/user-groups/${id}/members/1` },
    { method: 'GET', url: `/api/v1/user-groups/${id}/position-access` },
    { method: 'POST', url: `/api/v1/user-groups/${id}/position-access`, payload: { position_group_id: 1 } },
    { method: 'DELETE', url: `/api/v1/user-groups/${id}/position-access/1` },
  ],
  read: async (t, id) => {
    const { db } = t.app.database;
    return {
      group: await db.select().from(userGroups).where(eq(userGroups.id, id)),
      members: await db.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, id)),
      access: await db
        .select()
        .from(userGroupPositionAccess)
        .where(eq(userGroupPositionAccess.userGroupId, id)),
    };
  },
  list: { url: '/api/v1/user-groups?active_only=false', field: 'data' },
});

describeSiteIsolation('groups of a user', {
  seed: async (t, siteId) => (await insertUser(t, { siteId })).id,
  requests: (id) => [{ method: 'GET', url: `/api/v1/user-groups/user/${id}` }],
});

describeSiteIsolation('positions', {
  async seed(t, siteId) {
    const [row] = await t.app.database.db
      .insert(positions)
      .values({ siteId, positionCode: 'FAR-P1', positionName: 'Far position', nfcTagId: 'FARTAG01' })
      .returning();
    return row.id;
  },
  requests: (id) => [
    { method: 'PUT', url: `/api/v1/positions/${id}`, payload: { position_name: 'Hacked' } },
    { method: 'DELETE', url: `/api/v1/positions/${id}` },
  ],
  read: async (t, id) => (await t.app.database.db.select().from(positions).where(eq(positions.id, id)))[0],
  list: { url: '/api/v1/positions?include_inactive=true', field: 'positions' },
});

describeSiteIsolation('tasks', {
  seed: async (t, siteId) => (await insertTask(t, { siteId })).id,
  requests: (id) => [
    { method: 'PUT', url: `/api/v1/tasks/${id}`, payload: { task_name: 'Hacked task' } },
    { method: 'DELETE', url: `/api/v1/tasks/${id}` },
  ],
  read: async (t, id) => (await t.app.database.db.select().from(tasks).where(eq(tasks.id, id)))[0],
  list: { url: '/api/v1/tasks', field: 'tasks' },
});

describeSiteIsolation('unified task templates', {
  seed: async (t, siteId) => (await insertTemplate(t, { siteId })).id,
  requests: (id) => [
    { method: 'GET', url: `/api/v1/unified-tasks/templates/${id}` },
    {
      method: 'PUT',
      url: `/api/v1/unified-tasks/templates/${id}`,
      payload: { task_name: 'Hacked template' },
    },
    { method: 'DELETE', url: `/api/v1/unified-tasks/templates/${id}` },
    { method: 'GET', url: `/api/v1/unified-tasks/templates/${id}/instances` },
  ],
  read: async (t, id) =>
    (await t.app.database.db.select().from(taskTemplates).where(eq(taskTemplates.id, id)))[0],
  list: { url: '/api/v1/unified-tasks/templates', field: 'templates' },
});

describeSiteIsolation('task instances', {
  async seed(t, siteId) {
    const position = await insertPosition(t, { siteId });
    return (await insertInstance(t, position.id, { siteId })).id;
  },
  requests: (id) => [
    { method: 'GET', url: `/api/v1/unified-tasks/instances/${id}` },
    {
      method: 'PUT',
      url: `/api/v1/unified-tasks/instances/${id}`,
      payload: { task_name: 'Hacked instance' },
    },
    { method: 'DELETE', url: `/api/v1/unified-tasks/instances/${id}` },
    { method: 'POST', url: `/api/v1/unified-tasks/instances/${id}/complete`, payload: { notes: 'Hacked' } },
  ],
  read: async (t, id) =>
    (await t.app.database.db.select().from(taskInstances).where(eq(taskInstances.id, id)))[0],
  list: { url: '/api/v1/unified-tasks/instances?includeCompleted=true&limit=500', field: 'instances' },
});

describeSiteIsolation('a position’s tasks', {
  seed: async (t, siteId) => (await insertPosition(t, { siteId })).id,
  requests: (id) => [
    { method: 'GET', url: `/api/v1/unified-tasks/positions/${id}/instances` },
    { method: 'GET', url: `/api/v1/unified-tasks/positions/${id}/available-templates` },
    { method: 'GET', url: `/api/v1/unified-tasks/positions/${id}/completion-stats` },
  ],
});

describeSiteIsolation('legacy task templates', {
  seed: async (t, siteId) => (await insertLegacyTemplate(t, { siteId })).id,
  requests: (id) => [
    { method: 'GET', url: `/api/v1/task-templates/${id}` },
    { method: 'PUT', url: `/api/v1/task-templates/${id}`, payload: { name: 'Hacked legacy' } },
    { method: 'DELETE', url: `/api/v1/task-templates/${id}` },
  ],
  read: async (t, id) =>
    (await t.app.database.db.select().from(legacyTaskTemplates).where(eq(legacyTaskTemplates.id, id)))[0],
  list: { url: '/api/v1/task-templates', field: 'templates' },
});

/** A position of the given site with two tasks assigned there and one dependency between them. */
async function seedAssignedPair(t: TestApp, siteId: string) {
  const position = await insertPosition(t, { siteId });
  const [a, b] = [await insertTask(t, { siteId }), await insertTask(t, { siteId })];
  await assignTask(t, position.id, a.id, siteId);
  await assignTask(t, position.id, b.id, siteId);
  const [dependency] = await t.app.database.db
    .insert(taskDependencies)
    .values({ siteId, positionId: position.id, taskId: a.id, dependsOnTaskId: b.id })
    .returning();
  return { position: position.id, a: a.id, b: b.id, dependency: dependency.id };
}

const seededPairs = new Map<number, Awaited<ReturnType<typeof seedAssignedPair>>>();

describeSiteIsolation('position-task assignments', {
  async seed(t, siteId) {
    const seeded = await seedAssignedPair(t, siteId);
    seededPairs.set(seeded.position, seeded);
    return seeded.position;
  },
  requests: (position) => {
    const { a, b } = seededPairs.get(position)!;
    return [
      { method: 'GET', url: `/api/v1/position-task-assignments/position/${position}/tasks` },
      { method: 'GET', url: `/api/v1/position-task-assignments/task/${a}/positions` },
      {
        method: 'PUT',
        url: `/api/v1/position-task-assignments/${position}/${a}`,
        payload: { is_primary: true },
      },
      { method: 'DELETE', url: `/api/v1/position-task-assignments/${position}/${b}` },
      { method: 'GET', url: `/api/v1/task-dependencies/blocked?position_id=${position}` },
    ];
  },
  read: async (t, position) => [
    await t.app.database.db
      .select()
      .from(positionTaskAssignments)
      .where(eq(positionTaskAssignments.positionId, position))
      .orderBy(positionTaskAssignments.taskId),
    await t.app.database.db.select().from(taskDependencies).where(eq(taskDependencies.positionId, position)),
  ],
});

describeSiteIsolation('task dependencies', {
  async seed(t, siteId) {
    return (await seedAssignedPair(t, siteId)).dependency;
  },
  requests: (id) => [{ method: 'DELETE', url: `/api/v1/task-dependencies/${id}` }],
  read: async (t, id) =>
    (await t.app.database.db.select().from(taskDependencies).where(eq(taskDependencies.id, id)))[0],
  list: { url: '/api/v1/task-dependencies', field: 'dependencies' },
});

describeSiteIsolation('field positions', {
  async seed(t, siteId) {
    const [row] = await t.app.database.db
      .insert(positions)
      .values({
        siteId,
        positionCode: 'FIELD-P1',
        positionName: 'Far field position',
        nfcTagId: 'FARFIELD01',
      })
      .returning();
    await assignTask(t, row.id, (await insertTask(t, { siteId })).id, siteId);
    return row.id;
  },
  requests: (id) => [
    { method: 'GET', url: `/api/v1/field/positions/${id}` },
    { method: 'GET', url: '/api/v1/field/tags/FARFIELD01' },
  ],
});
