/**
 * The trash: each delete moves its record and what went with it to the trash, and a
 * restore brings back every row as it was: the site's rows of every table the records touch are
 * compared, column by column, before the delete and after the restore. Conflicts name their
 * field (and a new value restores under it), what a record belongs to being gone is refused, and
 * permissions follow the delete permission of each kind; deleting forever is the admin's.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  coverageWindows,
  sites,
  trashItems,
  users,
  visitSchedules,
} from '../../server/src/db/schema/index.ts';
import { runCoverageClose } from '../../server/src/jobs/coverage-close.ts';
import { DRIVERS, login, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp, insertEntry, makePosition, makeTask } from './work-entries-support.ts';

/** Every table a trashed record or what went with it lives in. */
const TABLES = [
  'positions',
  'position_groups',
  'position_group_positions',
  'user_groups',
  'user_group_members',
  'user_group_position_access',
  'tasks',
  'task_templates',
  'task_instances',
  'position_task_assignments',
  'task_dependencies',
  'users',
  'visit_schedules',
  'coverage_windows',
  'legacy_task_templates',
  'work_entries',
  'custom_roles',
];

describe.each(DRIVERS)('trash (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let owner: Actor;
  let manager: Actor;
  let worker: Actor;
  let otherAdmin: Actor;

  const call = async (actor: Actor, method: string, url: string, payload?: object) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: actor.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const ok = async (actor: Actor, method: string, url: string, payload?: object) => {
    const res = await call(actor, method, url, payload);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** The record a create answered ({ user_group: {...} }, { template: {...} }, or itself). */
  const made = (body: Record<string, { id?: number }>) =>
    (Object.values(body).find((v) => v && typeof v === 'object' && 'id' in v) ?? body) as { id: number };

  /** The site's rows of every table, each as the database's JSON of it, in a stable order. */
  const snapshot = async () => {
    const out: Record<string, string[]> = {};
    for (const table of TABLES) {
      const result = await t.app.database.db.execute(
        sql`select to_jsonb(x)::text as row from ${sql.identifier(table)} x where x.site_id = 'main' order by 1`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        row: string;
      }[];
      // A user's last sign-in moves as the test signs in; it is not what a restore touches.
      out[table] = rows.map((r) =>
        table === 'users' ? r.row.replace(/"last_login_at": "[^"]*"/, '') : r.row,
      );
    }
    return out;
  };

  /** Deletes, checks something went, restores, and checks every row is as it was. */
  async function roundTrip(
    url: string,
    expectGone: (before: Record<string, string[]>, after: Record<string, string[]>) => void,
  ) {
    const before = await snapshot();
    const deleted = await ok(admin, 'DELETE', url);
    expect(deleted.trash_item_id, JSON.stringify(deleted)).toEqual(expect.any(Number));
    const during = await snapshot();
    expectGone(before, during);
    const restored = await ok(admin, 'POST', `/trash/${deleted.trash_item_id}/restore`, {});
    expect(restored.skipped).toBe(0);
    expect(await snapshot()).toEqual(before);
    const [left] = await t.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trashItems)
      .where(eq(trashItems.id, deleted.trash_item_id));
    expect(left.n).toBe(0);
    return { deleted, restored };
  }
  const fewer = (table: string, by: number) => (b: Record<string, string[]>, a: Record<string, string[]>) =>
    expect(b[table].length - a[table].length).toBe(by);

  let positionId: number;
  let positionGroupId: number;
  let userGroupId: number;
  let templateId: number;
  let assigned: { positionId: number; taskA: number; taskB: number; dependency: number };

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    owner = await signInAs(t, 'owner');
    manager = await signInAs(t, 'manager');
    worker = await signInAs(t, 'worker');
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other' });
    otherAdmin = await signInAs(t, 'admin', 'other');

    const free = await ok(admin, 'POST', '/positions', {
      position_code: 'TR-1',
      position_name: 'Trash bay',
      nfc_tag_id: 'NFC-TR-1',
      coordinates: { latitude: 60.1234567, longitude: 24.7654321 },
    });
    positionId = free.position.id;
    const second = (
      await ok(admin, 'POST', '/positions', { position_code: 'TR-2', position_name: 'Other bay' })
    ).position.id;
    positionGroupId = (
      await ok(admin, 'POST', '/position-groups', {
        group_name: 'Hall',
        group_code: 'HALL',
        position_ids: [positionId, second],
      })
    ).position_group.id;
    // Visit schedules of the position and of the group, and a day judged (missed) at the position.
    const rule = {
      window_start: '06:00',
      window_end: '12:00',
      frequency_kind: 'by',
      due_time: '09:00',
      tolerance_minutes: 0,
      days: [1, 2, 3, 4, 5, 6, 7],
    };
    const byPosition = (
      await ok(admin, 'POST', '/visit-schedules', {
        ...rule,
        schedule_name: 'Bay check',
        position_id: positionId,
      })
    ).visit_schedule.id;
    await ok(admin, 'POST', '/visit-schedules', {
      ...rule,
      schedule_name: 'Hall round',
      position_group_id: positionGroupId,
    });
    await t.app.database.db
      .update(visitSchedules)
      .set({ ruleFrom: new Date('2026-01-15T00:00:00Z'), positionGroupId: null, positionId })
      .where(eq(visitSchedules.id, byPosition));
    await runCoverageClose(t.app.database.db, { now: new Date('2026-01-16T00:00:00Z') });
    userGroupId = made(await ok(admin, 'POST', '/user-groups', { group_name: 'Crew east' })).id;
    await ok(admin, 'POST', `/user-groups/${userGroupId}/members`, { user_id: worker.id });
    await ok(admin, 'POST', `/user-groups/${userGroupId}/position-access`, {
      position_group_id: positionGroupId,
    });

    templateId = (await ok(admin, 'POST', '/unified-tasks/templates', { task_name: 'Rebar check' })).template
      .id;
    const site = await makePosition(t);
    await ok(admin, 'POST', '/unified-tasks/instances/from-template', {
      template_id: templateId,
      positions: [site.id],
    });

    const assignedAt = await makePosition(t);
    const taskA = await makeTask(t, assignedAt.id);
    const taskB = await makeTask(t, assignedAt.id);
    const dependency = (
      await ok(admin, 'POST', '/task-dependencies', {
        position_id: assignedAt.id,
        task_id: taskB.id,
        depends_on_task_id: taskA.id,
      })
    ).dependency.id;
    assigned = { positionId: assignedAt.id, taskA: taskA.id, taskB: taskB.id, dependency };
  });
  afterAll(async () => t?.close());

  it('a position comes back with its group memberships, visit schedules and judged windows', async () => {
    await roundTrip(`/positions/${positionId}`, (b, a) => {
      fewer('positions', 1)(b, a);
      fewer('position_group_positions', 1)(b, a);
      fewer('visit_schedules', 1)(b, a);
      expect(b.coverage_windows.length).toBeGreaterThan(0);
      expect(a.coverage_windows).toEqual([]);
    });
  });

  it('a position group comes back with its positions and the user groups’ access to it', async () => {
    await roundTrip(`/position-groups/${positionGroupId}`, (b, a) => {
      fewer('position_groups', 1)(b, a);
      fewer('position_group_positions', 2)(b, a);
      fewer('user_group_position_access', 1)(b, a);
      fewer('visit_schedules', 1)(b, a);
    });
  });

  it('a position group’s schedules come back with the windows they judged pointing at them again', async () => {
    const bay = await ok(admin, 'POST', '/positions', {
      position_code: 'WIN-1',
      position_name: 'Window bay',
    });
    const group = (
      await ok(admin, 'POST', '/position-groups', {
        group_name: 'Judged',
        group_code: 'JUDGED',
        position_ids: [bay.position.id],
      })
    ).position_group.id;
    const schedule = (
      await ok(admin, 'POST', '/visit-schedules', {
        window_start: '06:00',
        window_end: '12:00',
        frequency_kind: 'by',
        due_time: '09:00',
        tolerance_minutes: 0,
        days: [1, 2, 3, 4, 5, 6, 7],
        schedule_name: 'Judged round',
        position_group_id: group,
      })
    ).visit_schedule.id;
    await t.app.database.db
      .update(visitSchedules)
      .set({ ruleFrom: new Date('2026-01-15T00:00:00Z') })
      .where(eq(visitSchedules.id, schedule));
    await runCoverageClose(t.app.database.db, { now: new Date('2026-01-16T00:00:00Z') });
    const judged = () =>
      t.app.database.db
        .select({ id: coverageWindows.id })
        .from(coverageWindows)
        .where(and(eq(coverageWindows.scheduleId, schedule), isNotNull(coverageWindows.scheduleId)));
    expect((await judged()).length).toBeGreaterThan(0);
    const { restored } = await roundTrip(`/position-groups/${group}`, (b, a) => {
      fewer('position_groups', 1)(b, a);
      fewer('visit_schedules', 1)(b, a);
      // The windows stay (their position's), their schedule reference emptied while it is away.
      expect(a.coverage_windows.length).toBe(b.coverage_windows.length);
      expect(a.coverage_windows).not.toEqual(b.coverage_windows);
    });
    expect(restored.restored.coverage_windows).toBe((await judged()).length);
  });

  it('a role goes to the trash and comes back; a name taken meanwhile is a 409 naming it', async () => {
    const role = made(
      await ok(admin, 'POST', '/roles', { name: 'Inspector', level: 1, permissions: ['positions.read'] }),
    ).id;
    await roundTrip(`/roles/${role}`, fewer('custom_roles', 1));
    const { trash_item_id: item } = await ok(admin, 'DELETE', `/roles/${role}`);
    const listed = await ok(admin, 'GET', '/trash?entity_type=role');
    expect(listed.items[0]).toMatchObject({ id: item, entity_type: 'role', label: 'Inspector' });
    await ok(admin, 'POST', '/roles', { name: 'INSPECTOR', level: 1, permissions: [] });
    const refused = await call(admin, 'POST', `/trash/${item}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TRASH_RESTORE_CONFLICT' });
    expect(refused.body.details[0].field).toBe('name');
    // A manager holds no roles.delete: neither sees nor restores it.
    expect((await call(manager, 'POST', `/trash/${item}/restore`, {})).status).toBe(403);
  });

  it('a user group comes back with its members and position access', async () => {
    await roundTrip(`/user-groups/${userGroupId}`, (b, a) => {
      fewer('user_groups', 1)(b, a);
      fewer('user_group_members', 1)(b, a);
      fewer('user_group_position_access', 1)(b, a);
    });
  });

  it('a template comes back linked again to the instances made from it', async () => {
    await roundTrip(`/unified-tasks/templates/${templateId}`, (b, a) => {
      fewer('task_templates', 1)(b, a);
      expect(a.task_instances).not.toEqual(b.task_instances);
    });
  });

  it('an assignment comes back with the dependencies its removal took', async () => {
    const { positionId: p, taskA } = assigned;
    const { deleted } = await roundTrip(`/position-task-assignments/${p}/${taskA}`, (b, a) => {
      fewer('position_task_assignments', 1)(b, a);
      fewer('task_dependencies', 1)(b, a);
    });
    expect(deleted.removed_dependencies).toBe(1);
  });

  it('a dependency comes back', async () => {
    await roundTrip(`/task-dependencies/${assigned.dependency}`, fewer('task_dependencies', 1));
  });

  it('a catalogue task no history names comes back', async () => {
    const task = await ok(admin, 'POST', '/tasks', {
      task_code: 'TRT-1',
      task_name: 'Sweep the deck',
      estimated_duration_minutes: 15,
    });
    const { deleted } = await roundTrip(`/tasks/${task.task.id}`, fewer('tasks', 1));
    expect(deleted.outcome).toBe('deleted');
  });

  it('a task instance comes back linked again to the work entries logged against it', async () => {
    const at = await makePosition(t);
    const made = await ok(admin, 'POST', '/unified-tasks/instances', {
      position_id: at.id,
      task_name: 'Check the props',
    });
    const instanceId = (made.instance ?? made.task_instance ?? made).id as number;
    await insertEntry(t, {
      userId: worker.id,
      positionId: at.id,
      taskInstanceId: instanceId,
      taskName: 'Check the props',
    });
    await roundTrip(`/unified-tasks/instances/${instanceId}`, (b, a) => {
      fewer('task_instances', 1)(b, a);
      expect(a.work_entries).not.toEqual(b.work_entries);
    });
  });

  it('a legacy template comes back', async () => {
    const made = await ok(admin, 'POST', '/task-templates', {
      name: 'Old pour',
      priority: 'medium',
      duration_minutes: 30,
    });
    const id = (made.template ?? made).id as number;
    await roundTrip(`/task-templates/${id}`, fewer('legacy_task_templates', 1));
  });

  it('a user without work history comes back with memberships, custom role and what they did', async () => {
    const user = await signInAs(t, 'worker');
    const crew = made(await ok(admin, 'POST', '/user-groups', { group_name: 'Crew south' })).id;
    await ok(admin, 'POST', `/user-groups/${crew}/members`, { user_id: user.id });
    const role = made(
      await ok(admin, 'POST', '/roles', { name: 'Sweeper', level: 1, permissions: ['positions.read'] }),
    ).id;
    await ok(admin, 'PUT', `/users/${user.id}`, { custom_role_id: role });
    // What they did, as other rows name them (set here: a worker cannot do it through the API).
    await t.app.database.db.execute(
      sql`update user_groups set manager_user_id = ${user.id} where id = ${userGroupId}`,
    );
    await t.app.database.db.execute(
      sql`update position_task_assignments set assigned_by = ${user.id} where position_id = ${assigned.positionId}`,
    );
    await t.app.database.db.execute(
      sql`update task_templates set created_by = ${user.id} where id = ${templateId}`,
    );
    await roundTrip(`/users/${user.id}`, (b, a) => {
      fewer('users', 1)(b, a);
      fewer('user_group_members', 1)(b, a);
      expect(a.user_groups).not.toEqual(b.user_groups);
      expect(a.position_task_assignments).not.toEqual(b.position_task_assignments);
    });
    // They can sign in again with their own password.
    expect((await login(t.app, user.email, 'Actor123!')).token).toEqual(expect.any(String));
  });

  it('a user’s email taken meanwhile asks for a new one; an owner cannot bring back another owner', async () => {
    const user = await signInAs(t, 'worker');
    const { trash_item_id: item } = await ok(admin, 'DELETE', `/users/${user.id}`);
    await ok(admin, 'POST', '/users', {
      first_name: 'New',
      last_name: 'Comer',
      email: user.email.toUpperCase(),
      role: 'worker',
      password: 'Another-Pass-1',
    });
    const refused = await call(admin, 'POST', `/trash/${item}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.details[0].field).toBe('email');
    expect((await call(admin, 'POST', `/trash/${item}/restore`, { email: 'not an email' })).status).toBe(400);
    await ok(admin, 'POST', `/trash/${item}/restore`, { email: `Again.${user.email}` });
    const [back] = await t.app.database.db
      .select({ email: users.email, email_normalized: users.emailNormalized })
      .from(users)
      .where(eq(users.id, user.id));
    expect(back).toEqual({
      email: `Again.${user.email}`,
      email_normalized: `again.${user.email}`.toLowerCase(),
    });

    const other = await signInAs(t, 'owner');
    const { trash_item_id: ownerItem } = await ok(admin, 'DELETE', `/users/${other.id}`);
    expect((await call(owner, 'POST', `/trash/${ownerItem}/restore`, {})).status).toBe(403);
  });

  it('lists newest first, by kind, with who deleted it; restore and delete are audited', async () => {
    const a = await ok(admin, 'POST', '/positions', { position_code: 'LIST-1', position_name: 'Listed' });
    const b = await ok(admin, 'POST', '/position-groups', { group_name: 'Listed', group_code: 'LISTED' });
    const first = await ok(admin, 'DELETE', `/positions/${a.position.id}`);
    const second = await ok(admin, 'DELETE', `/position-groups/${b.position_group.id}`);
    const all = await ok(admin, 'GET', '/trash');
    expect(all.items.slice(0, 2).map((i: { id: number }) => i.id)).toEqual([
      second.trash_item_id,
      first.trash_item_id,
    ]);
    expect(all.items[1]).toMatchObject({
      entity_type: 'position',
      entity_id: String(a.position.id),
      label: 'LIST-1 · Listed',
      deleted_by_id: admin.id,
    });
    const days = (Date.parse(all.items[1].purge_after) - Date.parse(all.items[1].deleted_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    const positionsOnly = await ok(admin, 'GET', '/trash?entity_type=position&limit=1');
    expect(positionsOnly.items).toHaveLength(1);
    expect(positionsOnly.items[0].id).toBe(first.trash_item_id);
    expect(positionsOnly.total).toBeGreaterThanOrEqual(1);

    await ok(admin, 'POST', `/trash/${first.trash_item_id}/restore`, {});
    await ok(admin, 'DELETE', `/trash/${second.trash_item_id}`);
    const events = await t.app.database.db.select().from(auditEvents).where(eq(auditEvents.siteId, 'main'));
    const actions = events.map((e) => `${e.action} ${e.entityId}`);
    expect(actions).toContain(`position.restore ${a.position.id}`);
    expect(actions).toContain(`position_group.purge ${b.position_group.id}`);
    expect((await call(admin, 'POST', `/trash/${second.trash_item_id}/restore`, {})).status).toBe(404);
  });

  it('a code or NFC tag taken meanwhile is a 409 naming the field; a new value restores under it', async () => {
    const p = await ok(admin, 'POST', '/positions', {
      position_code: 'CLASH-1',
      position_name: 'Clash',
      nfc_tag_id: 'NFC-CLASH',
    });
    const { trash_item_id: item } = await ok(admin, 'DELETE', `/positions/${p.position.id}`);
    // Trashed codes and tags do not block new records.
    await ok(admin, 'POST', '/positions', {
      position_code: 'CLASH-1',
      position_name: 'Newcomer',
      nfc_tag_id: 'NFC-CLASH',
    });
    const refused = await call(admin, 'POST', `/trash/${item}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRASH_RESTORE_CONFLICT');
    expect(refused.body.details[0].field).toBe('position_code');
    const tagged = await call(admin, 'POST', `/trash/${item}/restore`, { position_code: 'CLASH-2' });
    expect(tagged.status).toBe(409);
    expect(tagged.body.details[0].field).toBe('nfc_tag_id');
    const bad = await call(admin, 'POST', `/trash/${item}/restore`, { group_code: 'X1' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('group_code');
    await ok(admin, 'POST', `/trash/${item}/restore`, {
      position_code: 'CLASH-2',
      nfc_tag_id: 'NFC-CLASH-2',
    });
    const back = await ok(admin, 'GET', `/positions?search=CLASH-2`);
    expect(back.positions.map((x: { id: number }) => x.id)).toContain(p.position.id);

    const g = await ok(admin, 'POST', '/user-groups', { group_name: 'Crew west', group_code: 'crew_west' });
    const gone = await ok(admin, 'DELETE', `/user-groups/${made(g).id}`);
    await ok(admin, 'POST', '/user-groups', { group_name: 'Crew west again', group_code: 'crew_west' });
    const clash = await call(admin, 'POST', `/trash/${gone.trash_item_id}/restore`, {});
    expect(clash.body.details[0].field).toBe('group_code');
    await ok(admin, 'POST', `/trash/${gone.trash_item_id}/restore`, { group_code: 'crew_west_2' });
  });

  it('a catalogue task whose code is taken meanwhile asks for a new task_code', async () => {
    const task = await ok(admin, 'POST', '/tasks', {
      task_code: 'TRC-1',
      task_name: 'Clash task',
      estimated_duration_minutes: 15,
    });
    const { trash_item_id: item } = await ok(admin, 'DELETE', `/tasks/${task.task.id}`);
    await ok(admin, 'POST', '/tasks', {
      task_code: 'TRC-1',
      task_name: 'Newcomer',
      estimated_duration_minutes: 15,
    });
    const refused = await call(admin, 'POST', `/trash/${item}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRASH_RESTORE_CONFLICT');
    expect(refused.body.details[0].field).toBe('task_code');
    expect((await call(admin, 'POST', `/trash/${item}/restore`, { email: 'a@b.fi' })).status).toBe(400);
    const back = await ok(admin, 'POST', `/trash/${item}/restore`, { task_code: 'TRC-2' });
    expect(back.entity_type).toBe('task');
    const tasks = await ok(admin, 'GET', '/tasks');
    expect(tasks.tasks.find((x: { id: number }) => x.id === task.task.id)?.task_code).toBe('TRC-2');
  });

  it('a catalogue task’s code is compared case-insensitively on restore, as on create and update', async () => {
    const task = await ok(admin, 'POST', '/tasks', {
      task_code: 'TRCI-1',
      task_name: 'Case task',
      estimated_duration_minutes: 15,
    });
    const { trash_item_id: item } = await ok(admin, 'DELETE', `/tasks/${task.task.id}`);
    await ok(admin, 'POST', '/tasks', {
      task_code: 'trci-1',
      task_name: 'Lower',
      estimated_duration_minutes: 15,
    });
    const refused = await call(admin, 'POST', `/trash/${item}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.details[0]).toMatchObject({ field: 'task_code', rule: 'unique' });
    await ok(admin, 'POST', `/trash/${item}/restore`, { task_code: 'TRCI-2' });
  });

  it('an assignment whose dependencies would now close a cycle is refused with the cycle named', async () => {
    const p = await makePosition(t);
    const [a, b, c] = [await makeTask(t, p.id), await makeTask(t, p.id), await makeTask(t, p.id)];
    const depend = (task: number, on: number) =>
      ok(admin, 'POST', '/task-dependencies', { position_id: p.id, task_id: task, depends_on_task_id: on });
    await depend(a.id, c.id);
    await depend(b.id, a.id);
    // A's assignment goes, with A → C and B → A; meanwhile C comes to depend on B.
    const { trash_item_id: item } = await ok(admin, 'DELETE', `/position-task-assignments/${p.id}/${a.id}`);
    const cb = (await depend(c.id, b.id)).dependency.id;
    const refused = await call(admin, 'POST', `/trash/${item}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRASH_RESTORE_CONFLICT');
    expect(refused.body.details[0]).toMatchObject({ field: 'task_id', rule: 'DEPENDENCY_CYCLE' });
    expect(refused.body.message).toMatch(/cycle: .+ → .+ → .+ → /);
    // Nothing came back: the assignment is still in the trash, and restores once the cycle is gone.
    const count = await t.app.database.db.execute(
      sql`select count(*)::int as n from position_task_assignments where position_id = ${p.id} and task_id = ${a.id}`,
    );
    expect((Array.isArray(count) ? count : (count as { rows: { n: number }[] }).rows)[0]).toEqual({ n: 0 });
    await ok(admin, 'DELETE', `/task-dependencies/${cb}`);
    const back = await ok(admin, 'POST', `/trash/${item}/restore`, {});
    expect(back.restored).toMatchObject({ position_task_assignments: 1, task_dependencies: 2 });
  });

  it('an assignment whose position is gone is refused naming position_id', async () => {
    const p = await makePosition(t);
    const task = await makeTask(t, p.id);
    const { trash_item_id: item } = await ok(
      admin,
      'DELETE',
      `/position-task-assignments/${p.id}/${task.id}`,
    );
    const removed = await ok(admin, 'DELETE', `/positions/${p.id}`);
    expect(removed.outcome).toBe('deleted');
    const refused = await call(admin, 'POST', `/trash/${item}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TRASH_RESTORE_CONFLICT' });
    expect(refused.body.details[0]).toMatchObject({
      field: 'position_id',
      message: 'Its position no longer exists',
    });
    // With the position back, the assignment comes back too.
    await ok(admin, 'POST', `/trash/${removed.trash_item_id}/restore`, {});
    await ok(admin, 'POST', `/trash/${item}/restore`, {});
  });

  it('permissions: the delete permission of each kind; workers 403; another site 404; forever is admin’s', async () => {
    const p = await ok(admin, 'POST', '/positions', { position_code: 'PERM-1', position_name: 'Perm' });
    const { trash_item_id: positionItem } = await ok(admin, 'DELETE', `/positions/${p.position.id}`);
    const tpl = await ok(admin, 'POST', '/unified-tasks/templates', { task_name: 'Perm check' });
    const { trash_item_id: templateItem } = await ok(
      manager,
      'DELETE',
      `/unified-tasks/templates/${tpl.template.id}`,
    );

    expect((await call(worker, 'GET', '/trash')).status).toBe(403);
    expect((await call(worker, 'POST', `/trash/${templateItem}/restore`, {})).status).toBe(403);
    const seen = await ok(manager, 'GET', '/trash');
    const kinds = new Set(seen.items.map((i: { entity_type: string }) => i.entity_type));
    expect(kinds.has('task_template')).toBe(true);
    expect(kinds.has('position')).toBe(false);
    expect((await call(manager, 'POST', `/trash/${positionItem}/restore`, {})).status).toBe(403);
    expect((await ok(otherAdmin, 'GET', '/trash')).items).toEqual([]);
    expect((await call(otherAdmin, 'POST', `/trash/${positionItem}/restore`, {})).status).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `/trash/${positionItem}`)).status).toBe(404);
    expect((await call(owner, 'DELETE', `/trash/${positionItem}`)).status).toBe(403);
    expect((await call(manager, 'DELETE', `/trash/${templateItem}`)).status).toBe(403);
    await ok(manager, 'POST', `/trash/${templateItem}/restore`, {});
    await ok(admin, 'DELETE', `/trash/${positionItem}`);
    expect((await call(admin, 'DELETE', `/trash/${positionItem}`)).status).toBe(404);
  });
});
