/**
 * What the audit completeness test (audit-completeness.test.ts) needs beyond generated requests:
 * records for requests to name, the order operations run in (deletes and sign-out last, so they do
 * not take away what the others need), requests written by hand for the operations the generator
 * cannot make succeed (they name a record of a kind it cannot guess), and the few operations that
 * change nothing, each with its reason.
 */

import { and, asc, eq } from 'drizzle-orm';
import {
  coverageWindows,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../server/src/db/schema/index.ts';
import { newAccountToken } from '../../../server/src/infra/account-tokens.ts';
import { insertAccountToken } from '../../../server/src/repositories/account-tokens.ts';
import type { Operation } from '../fuzz/openapi.ts';
import { bearer, type TestApp } from '../helpers.ts';
import {
  insertEntry,
  makePosition,
  makeTask,
  multipart,
  PNG,
  setSiteSettings,
} from '../work-entries-support.ts';
import { signInAs } from './actors.ts';

/** Operations that change nothing a site owns, and why they write no event. */
export const NOT_AUDITED: Record<string, string> = {
  validateTaskDependency: 'checks a dependency without saving anything',
  refreshToken: 'rotates the session token every few minutes; sign-in and sign-out are the session events',
  inspectPasswordLink: 'reads what an emailed link is for, without using it',
};

/** Creating and changing first, then deleting, then the caller's own account and session. */
export function ORDER(op: Operation): number {
  if (op.path.startsWith('/auth/')) return op.id === 'logout' ? 4 : 3;
  return op.method === 'DELETE' ? 2 : 1;
}

export type AuditFixtures = Awaited<ReturnType<typeof auditFixtures>>;

/** Records of every kind, made through the API as the admin (their own events are written too). */
export async function auditFixtures(t: TestApp, token: string) {
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload });
    if (res.statusCode >= 300) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
    // The made record: the body's one object with an id ({ user_group: {...} }, { template: {...} }).
    const body = res.json() as Record<string, { id?: number }>;
    return (Object.values(body).find((v) => v && typeof v === 'object' && 'id' in v) ?? body) as {
      id: number;
    };
  };
  const worker = await signInAs(t, 'worker');
  const others = [await signInAs(t, 'worker'), await signInAs(t, 'worker')];
  const positions = [];
  for (let i = 0; i < 4; i++) {
    const position = await makePosition(t);
    await makeTask(t, position.id);
    for (let j = 0; j < 4; j++) await insertEntry(t, { userId: worker.id, positionId: position.id });
    positions.push(position.id);
  }
  const [taskA, taskB] = [await makeTask(t, positions[0]), await makeTask(t, positions[0])];
  const userGroups = [];
  for (const name of ['Crew north', 'Crew south'])
    userGroups.push((await post('/user-groups', { group_name: name })).id);
  const positionGroups = [];
  for (const code of ['PG-A', 'PG-B'])
    positionGroups.push(
      (
        await post('/position-groups', {
          group_name: `Group ${code}`,
          group_code: code,
          position_ids: [positions[0]],
        })
      ).id,
    );
  await post(`/user-groups/${userGroups[1]}/members`, { user_id: others[0].id });
  await post(`/user-groups/${userGroups[1]}/position-access`, { position_group_id: positionGroups[0] });
  // Two deleted groups in the trash: one to restore, one to delete forever.
  const trash: number[] = [];
  for (const code of ['PG-T1', 'PG-T2']) {
    const group = await post('/position-groups', { group_name: `Trashed ${code}`, group_code: code });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/position-groups/${group.id}`,
      headers: bearer(token),
    });
    trash.push((res.json() as { trash_item_id: number }).trash_item_id);
  }
  const roles = [];
  for (const name of ['Foreman', 'Inspector'])
    roles.push((await post('/roles', { name, level: 1, permissions: ['positions.read'] })).id);
  const templates = [];
  for (const name of ['Rebar check', 'Formwork check', 'Curing check'])
    templates.push((await post('/unified-tasks/templates', { task_name: name })).id);
  const instances = [];
  for (const name of ['Sweep', 'Inspect', 'Measure'])
    instances.push(
      (await post('/unified-tasks/instances', { position_id: positions[1], task_name: name })).id,
    );
  const dependency = (
    await post('/task-dependencies', {
      position_id: positions[0],
      task_id: taskB.id,
      depends_on_task_id: taskA.id,
    })
  ).id;
  const legacy = (
    await post('/task-templates', { name: 'Old template', priority: 'medium', duration_minutes: 30 })
  ).id;
  // Invited users (no password: the answer carries the link, the test server sending no email).
  const invite = async (n: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(token),
      payload: {
        first_name: 'Invited',
        last_name: `User ${n}`,
        email: `invited${n}@example.com`,
        role: 'worker',
      },
    });
    const body = res.json();
    return {
      id: body.user.id as number,
      token: new URL(body.invitation.link).searchParams.get('token') ?? '',
    };
  };
  const invited = [await invite(1), await invite(2), await invite(3)];
  const schedule = {
    days: [1, 2, 3, 4, 5],
    window_start: '06:00',
    window_end: '18:00',
    frequency_kind: 'every',
    frequency_value: 4,
    tolerance_minutes: 15,
  };
  const visitSchedules = [];
  for (const name of ['Rounds A', 'Rounds B'])
    visitSchedules.push(
      (await post('/visit-schedules', { ...schedule, schedule_name: name, position_id: positions[0] })).id,
    );
  const [coverageWindow] = await t.app.database.db
    .insert(coverageWindows)
    .values({
      siteId: 'main',
      scheduleId: visitSchedules[0],
      scheduleName: 'Rounds A',
      positionId: positions[0],
      day: '2026-01-15',
      windowStart: new Date('2026-01-15T04:00:00Z'),
      windowEnd: new Date('2026-01-15T08:00:00Z'),
      dueAt: new Date('2026-01-15T08:00:00Z'),
      verdict: 'missed',
      judgedVerdict: 'missed',
      rule: { ...schedule, frequency_kind: 'every', due_time: null, task_ids: null, time_zone: 'UTC' },
    })
    .returning();
  // A late window the admin visited: theirs to give a reason for in the field app.
  const [admin] = await t.app.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, 'main'), eq(users.role, 'admin')))
    .orderBy(asc(users.id))
    .limit(1);
  const { id: _id, judgedAt: _at, ...copied } = coverageWindow;
  const [lateWindow] = await t.app.database.db
    .insert(coverageWindows)
    .values({
      ...copied,
      windowStart: new Date('2026-01-15T08:00:00Z'),
      windowEnd: new Date('2026-01-15T12:00:00Z'),
      dueAt: new Date('2026-01-15T12:00:00Z'),
      verdict: 'late',
      judgedVerdict: 'late',
      visitedBy: admin.id,
    })
    .returning();
  // Guest access on, and a share link to revoke.
  await setSiteSettings(t, { allowGuestAccess: true });
  const shareLink = (
    await post('/coverage/share-links', {
      label: 'Client',
      from: '2026-01-01',
      to: '2026-01-31',
      expires_in_days: 7,
    })
  ).id;
  // Webhooks to a loopback address: a Test ping is refused at once (no allowance here), no network needed.
  const webhooks = await t.app.database.db
    .insert(webhookEndpoints)
    .values(
      ['A', 'B'].map((n) => ({
        siteId: 'main',
        url: `https://127.0.0.1/hook-${n}`,
        events: ['user.created'],
        secretEnc: 'v1:x:y:z',
      })),
    )
    .returning();
  const [webhookDelivery] = await t.app.database.db
    .insert(webhookDeliveries)
    .values({
      siteId: 'main',
      endpointId: webhooks[0].id,
      kind: 'user.created',
      entityKey: 'user:2',
      body: {},
      status: 'failed',
      expiresAt: new Date(),
    })
    .returning();
  // Floor plans: three, so one can be deleted and the others changed.
  const floorPlans = [];
  for (const name of ['Hall A', 'Hall B', 'Hall C'])
    floorPlans.push((await post('/floor-plans', { plan_name: name })).id);
  const reset = newAccountToken('password_reset');
  await insertAccountToken(t.app.database.db, {
    siteId: 'main',
    userId: others[1].id,
    purpose: 'password_reset',
    tokenHash: reset.tokenHash,
    expiresAt: reset.expiresAt,
    createdBy: null,
  });
  return {
    /** Ids every generated path names (users: not the admin's own 1). */
    seededIds: [2, 3, 4],
    token: undefined as string | undefined,
    worker,
    others,
    positions,
    userGroups,
    positionGroups,
    roles,
    templates,
    instances,
    dependency,
    legacy,
    trash,
    invited,
    resetToken: reset.token,
    visitSchedules,
    coverageWindow: coverageWindow.id,
    lateWindow: lateWindow.id,
    shareLink,
    webhooks: webhooks.map((w) => w.id),
    webhookDelivery: webhookDelivery.id,
    floorPlans,
    settings: async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/site-settings', headers: bearer(token) })).json(),
  };
}

type Written = { url: string; payload?: unknown; headers?: Record<string, string> };

/** Requests by operation id, tried before the generated ones. */
export const writtenRequests: Record<string, (f: AuditFixtures) => Written[] | Promise<Written[]>> = {
  updateFloorPlan: (f) => [{ url: `/floor-plans/${f.floorPlans[0]}`, payload: { floor: '2' } }],
  deleteFloorPlan: (f) => [{ url: `/floor-plans/${f.floorPlans[2]}` }],
  putFloorPlanPlacements: (f) => [
    {
      url: `/floor-plans/${f.floorPlans[0]}/placements`,
      payload: { placements: [{ position_id: f.positions[0], x: 0.5, y: 0.5 }] },
    },
  ],
  uploadFloorPlanImage: (f) => {
    const form = multipart('image', 'plan.png', 'image/png', PNG);
    return [{ url: `/floor-plans/${f.floorPlans[1]}/image`, payload: form.payload, headers: form.headers }];
  },
  login: () => [{ url: '/auth/login', payload: { email: 'admin@example.com', password: 'Admin123!' } }],
  changeMyPassword: () => [
    { url: '/auth/me/password', payload: { current_password: 'Admin123!', new_password: 'Another-Pass-42' } },
  ],
  updateUserGroup: (f) => [{ url: `/user-groups/${f.userGroups[0]}`, payload: { group_name: 'Crew east' } }],
  deleteUserGroup: (f) => [{ url: `/user-groups/${f.userGroups[0]}` }],
  addUserGroupMember: (f) => [
    { url: `/user-groups/${f.userGroups[0]}/members`, payload: { user_id: f.others[1].id } },
  ],
  removeUserGroupMember: (f) => [{ url: `/user-groups/${f.userGroups[1]}/members/${f.others[0].id}` }],
  grantUserGroupPositionAccess: (f) => [
    {
      url: `/user-groups/${f.userGroups[0]}/position-access`,
      payload: { position_group_id: f.positionGroups[1] },
    },
  ],
  revokeUserGroupPositionAccess: (f) => [
    { url: `/user-groups/${f.userGroups[1]}/position-access/${f.positionGroups[0]}` },
  ],
  importPositions: () => [
    {
      url: '/positions/import',
      payload: { csv: 'position_code,position_name\nIMP-1,Imported bay\n', dry_run: false },
    },
  ],
  updatePositionGroup: (f) => [
    { url: `/position-groups/${f.positionGroups[0]}`, payload: { group_name: 'Renamed' } },
  ],
  deletePositionGroup: (f) => [{ url: `/position-groups/${f.positionGroups[1]}` }],
  createRole: () => [
    { url: '/roles', payload: { name: 'Surveyor', level: 1, permissions: ['positions.read'] } },
  ],
  updateRole: (f) => [{ url: `/roles/${f.roles[0]}`, payload: { name: 'Site foreman' } }],
  deleteRole: (f) => [{ url: `/roles/${f.roles[1]}` }],
  updateSiteSettings: async (f) => {
    const { settings, version } = await f.settings();
    return [{ url: '/site-settings', payload: { ...settings, siteDescription: 'Audited', version } }];
  },
  updateTaskTemplate: (f) => [
    { url: `/unified-tasks/templates/${f.templates[0]}`, payload: { priority: 2 } },
  ],
  deleteTaskTemplate: (f) => [{ url: `/unified-tasks/templates/${f.templates[2]}` }],
  createTaskInstance: (f) => [
    { url: '/unified-tasks/instances', payload: { position_id: f.positions[2], task_name: 'Tidy' } },
  ],
  updateTaskInstance: (f) => [
    { url: `/unified-tasks/instances/${f.instances[0]}`, payload: { priority: 2 } },
  ],
  deleteTaskInstance: (f) => [{ url: `/unified-tasks/instances/${f.instances[2]}` }],
  completeTaskInstance: (f) => [
    { url: `/unified-tasks/instances/${f.instances[1]}/complete`, payload: { notes: 'Done' } },
  ],
  createTaskInstancesFromTemplate: (f) => [
    {
      url: '/unified-tasks/instances/from-template',
      payload: { template_id: f.templates[0], positions: [f.positions[2]] },
    },
  ],
  bulkCreateTaskInstances: (f) => [
    {
      url: '/unified-tasks/bulk/create-instances',
      payload: { template_ids: [f.templates[1]], position_ids: [f.positions[3]] },
    },
  ],
  updateLegacyTaskTemplate: (f) => [{ url: `/task-templates/${f.legacy}`, payload: { priority: 'high' } }],
  runBulkRules: (f) => [
    {
      url: '/position-task-assignments/bulk-rules',
      payload: { rules: [{ template_id: f.templates[1], position_ids: [f.positions[2]] }], dry_run: false },
    },
  ],
  deleteTaskDependency: (f) => [{ url: `/task-dependencies/${f.dependency}` }],
  restoreTrashItem: (f) => [{ url: `/trash/${f.trash[0]}/restore`, payload: {} }],
  deleteTrashItem: (f) => [{ url: `/trash/${f.trash[1]}` }],
  resendInvitation: (f) => [{ url: `/users/${f.invited[0].id}/invitation` }],
  revokeInvitation: (f) => [{ url: `/users/${f.invited[1].id}/invitation` }],
  acceptInvitation: (f) => [
    { url: '/auth/invitations/accept', payload: { token: f.invited[2].token, password: 'Accepted-Pass-1' } },
  ],
  createVisitSchedule: (f) => [
    {
      url: '/visit-schedules',
      payload: {
        schedule_name: 'Rounds C',
        position_id: f.positions[1],
        days: [6, 7],
        window_start: '22:00',
        window_end: '06:00',
        frequency_kind: 'times',
        frequency_value: 2,
      },
    },
  ],
  updateVisitSchedule: (f) => [
    { url: `/visit-schedules/${f.visitSchedules[0]}`, payload: { tolerance_minutes: 30 } },
  ],
  deleteVisitSchedule: (f) => [{ url: `/visit-schedules/${f.visitSchedules[1]}` }],
  excuseCoverageWindow: (f) => [
    { url: `/coverage/windows/${f.coverageWindow}/excuse`, payload: { reason: 'Gate locked by the client' } },
  ],
  giveFieldCoverageReason: (f) => [
    { url: `/field/coverage-windows/${f.lateWindow}/reason`, payload: { reason: 'Stuck behind a crane' } },
  ],
  createShareLink: () => [
    {
      url: '/coverage/share-links',
      payload: { label: 'Inspector', from: '2026-01-01', to: '2026-01-07', expires_in_days: 14 },
    },
  ],
  revokeShareLink: (f) => [{ url: `/coverage/share-links/${f.shareLink}/revoke` }],
  createWebhook: () => [
    { url: '/webhooks', payload: { url: 'https://93.184.216.34/hook', events: ['user.created'] } },
  ],
  updateWebhook: (f) => [{ url: `/webhooks/${f.webhooks[0]}`, payload: { description: 'ERP' } }],
  deleteWebhook: (f) => [{ url: `/webhooks/${f.webhooks[1]}` }],
  rotateWebhookSecret: (f) => [{ url: `/webhooks/${f.webhooks[0]}/rotate-secret` }],
  testWebhook: (f) => [{ url: `/webhooks/${f.webhooks[0]}/test` }],
  retryWebhookDelivery: (f) => [{ url: `/webhooks/${f.webhooks[0]}/deliveries/${f.webhookDelivery}/retry` }],
  requestPasswordReset: () => [{ url: '/auth/password-resets', payload: { email: 'admin@example.com' } }],
  completePasswordReset: (f) => [
    { url: '/auth/password-resets/complete', payload: { token: f.resetToken, password: 'Reset-Pass-42' } },
  ],
};
