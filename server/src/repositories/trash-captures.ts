/**
 * What goes to the trash with each kind of record: its own row first, then the rows its delete
 * removes with it (in the order they are put back), and the references its delete empties. Read
 * in the delete's transaction, before the delete. Every query is site-scoped.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { TrashType } from '#domain/trash.ts';
import type { Db } from '../db/client.ts';
import {
  accountTokens,
  coverageWindows,
  customRoleHolders,
  customRoles,
  legacyTaskTemplates,
  positionGroupPositions,
  positionGroups,
  positions,
  positionTaskAssignments,
  siteSettings,
  type TrashLink,
  type TrashTableRows,
  taskDependencies,
  taskInstances,
  tasks,
  taskTemplates,
  userGroupMembers,
  userGroupPositionAccess,
  userGroups,
  users,
  visitSchedules,
  workEntries,
} from '../db/schema/index.ts';
import { linksTo, snapshotRows } from './trash-rows.ts';

export interface Captured {
  label: string;
  rows: TrashTableRows[];
  links: TrashLink[];
}

/** The record's key: one id, or an assignment's position and task. */
export type TrashKey = { id: number } | { positionId: number; taskId: number };

const idOf = (key: TrashKey) => ('id' in key ? key.id : 0);

async function taskNames(db: Db, siteId: string, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: tasks.id, name: tasks.taskName })
    .from(tasks)
    .where(and(eq(tasks.siteId, siteId), inArray(tasks.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function positionCode(db: Db, siteId: string, id: number): Promise<string> {
  const [row] = await db
    .select({ code: positions.positionCode })
    .from(positions)
    .where(and(eq(positions.siteId, siteId), eq(positions.id, id)));
  return row?.code ?? `#${id}`;
}

/** The record's own rows and the rows of `more`, each read with its condition. */
async function rowsOf(db: Db, parts: [Parameters<typeof snapshotRows>[1], SQL][]) {
  const out: TrashTableRows[] = [];
  for (const [table, where] of parts) out.push(await snapshotRows(db, table, where));
  return out;
}

type Capture = (db: Db, siteId: string, key: TrashKey) => Promise<Captured | undefined>;

const capturePosition: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const [row] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.siteId, siteId), eq(positions.id, id)));
  if (!row) return undefined;
  const rows = await rowsOf(db, [
    [positions, and(eq(positions.siteId, siteId), eq(positions.id, id)) as SQL],
    [
      positionGroupPositions,
      and(eq(positionGroupPositions.siteId, siteId), eq(positionGroupPositions.positionId, id)) as SQL,
    ],
    [
      positionTaskAssignments,
      and(eq(positionTaskAssignments.siteId, siteId), eq(positionTaskAssignments.positionId, id)) as SQL,
    ],
    [taskDependencies, and(eq(taskDependencies.siteId, siteId), eq(taskDependencies.positionId, id)) as SQL],
    // Its visit schedules and its judged coverage windows (both go with the position): the
    // coverage history comes back with it.
    [visitSchedules, and(eq(visitSchedules.siteId, siteId), eq(visitSchedules.positionId, id)) as SQL],
    [coverageWindows, and(eq(coverageWindows.siteId, siteId), eq(coverageWindows.positionId, id)) as SQL],
  ]);
  return { label: `${row.positionCode} · ${row.positionName}`, rows, links: [] };
};

const capturePositionGroup: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const [row] = await db
    .select()
    .from(positionGroups)
    .where(and(eq(positionGroups.siteId, siteId), eq(positionGroups.id, id)));
  if (!row) return undefined;
  const rows = await rowsOf(db, [
    [positionGroups, and(eq(positionGroups.siteId, siteId), eq(positionGroups.id, id)) as SQL],
    [
      positionGroupPositions,
      and(eq(positionGroupPositions.siteId, siteId), eq(positionGroupPositions.groupId, id)) as SQL,
    ],
    [
      userGroupPositionAccess,
      and(eq(userGroupPositionAccess.siteId, siteId), eq(userGroupPositionAccess.positionGroupId, id)) as SQL,
    ],
    // The group's visit schedules go with it; the windows they judged stay (their position's),
    // their schedule reference emptied, and point at their schedule again on restore.
    [visitSchedules, and(eq(visitSchedules.siteId, siteId), eq(visitSchedules.positionGroupId, id)) as SQL],
  ]);
  const scheduleIds = (rows.find((part) => part.table === 'visit_schedules')?.rows ?? []).map((r) =>
    Number(r.id),
  );
  const links: TrashLink[] = [];
  for (const scheduleId of scheduleIds) {
    const link = await linksTo(db, siteId, coverageWindows, 'schedule_id', scheduleId);
    if (link.keys.length > 0) links.push({ ...link, to: scheduleId });
  }
  return { label: `${row.groupCode} · ${row.groupName}`, rows, links };
};

const captureUserGroup: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const [row] = await db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.siteId, siteId), eq(userGroups.id, id)));
  if (!row) return undefined;
  const rows = await rowsOf(db, [
    [userGroups, and(eq(userGroups.siteId, siteId), eq(userGroups.id, id)) as SQL],
    [userGroupMembers, and(eq(userGroupMembers.siteId, siteId), eq(userGroupMembers.groupId, id)) as SQL],
    [
      userGroupPositionAccess,
      and(eq(userGroupPositionAccess.siteId, siteId), eq(userGroupPositionAccess.userGroupId, id)) as SQL,
    ],
  ]);
  return { label: `${row.groupCode} · ${row.groupName}`, rows, links: [] };
};

const captureTemplate: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const [row] = await db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.siteId, siteId), eq(taskTemplates.id, id)));
  if (!row) return undefined;
  const rows = await rowsOf(db, [
    [taskTemplates, and(eq(taskTemplates.siteId, siteId), eq(taskTemplates.id, id)) as SQL],
  ]);
  // The delete empties the instances' template_id (set null); the restore sets it back.
  const links = [await linksTo(db, siteId, taskInstances, 'template_id', id)];
  return { label: `${row.taskCode} · ${row.templateName ?? row.taskName}`, rows, links };
};

const captureAssignment: Capture = async (db, siteId, key) => {
  if (!('positionId' in key)) return undefined;
  const { positionId, taskId } = key;
  const a = positionTaskAssignments;
  const d = taskDependencies;
  const own = and(eq(a.siteId, siteId), eq(a.positionId, positionId), eq(a.taskId, taskId)) as SQL;
  const [found] = await db.select({ taskId: a.taskId }).from(a).where(own);
  if (!found) return undefined;
  const rows = await rowsOf(db, [
    [a, own],
    [
      d,
      and(
        eq(d.siteId, siteId),
        eq(d.positionId, positionId),
        or(eq(d.taskId, taskId), eq(d.dependsOnTaskId, taskId)),
      ) as SQL,
    ],
  ]);
  const names = await taskNames(db, siteId, [taskId]);
  const label = `${names.get(taskId) ?? `#${taskId}`} @ ${await positionCode(db, siteId, positionId)}`;
  return { label, rows, links: [] };
};

const captureDependency: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const d = taskDependencies;
  const own = and(eq(d.siteId, siteId), eq(d.id, id)) as SQL;
  const [row] = await db.select().from(d).where(own);
  if (!row) return undefined;
  const rows = await rowsOf(db, [[d, own]]);
  const names = await taskNames(db, siteId, [row.taskId, row.dependsOnTaskId]);
  const name = (taskId: number) => names.get(taskId) ?? `#${taskId}`;
  const label = `${name(row.taskId)} ← ${name(row.dependsOnTaskId)} @ ${await positionCode(db, siteId, row.positionId)}`;
  return { label, rows, links: [] };
};

/**
 * A user without work history (one with history is deactivated instead): their memberships and
 * custom role go with them; what they assigned, granted, created, completed or manage loses its
 * "by" reference, which the restore sets back.
 */
const captureUser: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const own = and(eq(users.siteId, siteId), eq(users.id, id)) as SQL;
  const [row] = await db.select().from(users).where(own);
  if (!row) return undefined;
  const rows = await rowsOf(db, [
    [users, own],
    [userGroupMembers, and(eq(userGroupMembers.siteId, siteId), eq(userGroupMembers.userId, id)) as SQL],
    [customRoleHolders, and(eq(customRoleHolders.siteId, siteId), eq(customRoleHolders.userId, id)) as SQL],
  ]);
  const links = [
    await linksTo(db, siteId, userGroups, 'manager_user_id', id),
    await linksTo(db, siteId, userGroupMembers, 'added_by', id, eq(userGroupMembers.userId, id)),
    await linksTo(db, siteId, userGroupPositionAccess, 'granted_by', id),
    await linksTo(db, siteId, positionTaskAssignments, 'assigned_by', id),
    await linksTo(db, siteId, taskTemplates, 'created_by', id),
    await linksTo(db, siteId, taskInstances, 'completed_by', id),
    await linksTo(db, siteId, customRoles, 'created_by', id),
    await linksTo(db, siteId, siteSettings, 'updated_by', id),
    await linksTo(db, siteId, accountTokens, 'created_by', id, eq(accountTokens.userId, id)),
  ].filter((l) => l.keys.length > 0);
  return { label: `${row.firstName} ${row.lastName} <${row.email}>`, rows, links };
};

/**
 * A catalogue task no assignment, dependency or work entry names (one that is named is
 * deactivated instead): its assignments and dependencies (none, unless one came in between the
 * check and the delete) go with it, and work entries that name it lose that reference.
 */
const captureTask: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const own = and(eq(tasks.siteId, siteId), eq(tasks.id, id)) as SQL;
  const [row] = await db.select().from(tasks).where(own);
  if (!row) return undefined;
  const d = taskDependencies;
  const rows = await rowsOf(db, [
    [tasks, own],
    [
      positionTaskAssignments,
      and(eq(positionTaskAssignments.siteId, siteId), eq(positionTaskAssignments.taskId, id)) as SQL,
    ],
    [d, and(eq(d.siteId, siteId), or(eq(d.taskId, id), eq(d.dependsOnTaskId, id))) as SQL],
  ]);
  const links = [await linksTo(db, siteId, workEntries, 'task_id', id)].filter((l) => l.keys.length > 0);
  return { label: `${row.taskCode} · ${row.taskName}`, rows, links };
};

/** A task at a position: work entries logged against it lose their reference (they keep the name). */
const captureTaskInstance: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const own = and(eq(taskInstances.siteId, siteId), eq(taskInstances.id, id)) as SQL;
  const [row] = await db.select().from(taskInstances).where(own);
  if (!row) return undefined;
  const rows = await rowsOf(db, [[taskInstances, own]]);
  const links = [await linksTo(db, siteId, workEntries, 'task_instance_id', id)].filter(
    (l) => l.keys.length > 0,
  );
  const label = `${row.taskCode ? `${row.taskCode} · ` : ''}${row.taskName} @ ${await positionCode(db, siteId, row.positionId)}`;
  return { label, rows, links };
};

/** A legacy template: nothing references it. */
const captureLegacyTemplate: Capture = async (db, siteId, key) => {
  const id = idOf(key);
  const own = and(eq(legacyTaskTemplates.siteId, siteId), eq(legacyTaskTemplates.id, id)) as SQL;
  const [row] = await db.select().from(legacyTaskTemplates).where(own);
  if (!row) return undefined;
  return { label: row.name, rows: await rowsOf(db, [[legacyTaskTemplates, own]]), links: [] };
};

/** A custom role no user holds (a held one cannot be deleted): only its own row. */
const captureRole: Capture = async (db, siteId, key) => {
  const own = and(eq(customRoles.siteId, siteId), eq(customRoles.id, idOf(key))) as SQL;
  const [row] = await db.select().from(customRoles).where(own);
  if (!row) return undefined;
  return { label: row.name, rows: await rowsOf(db, [[customRoles, own]]), links: [] };
};

export const CAPTURES: Record<TrashType, Capture> = {
  user: captureUser,
  position: capturePosition,
  position_group: capturePositionGroup,
  user_group: captureUserGroup,
  task_template: captureTemplate,
  assignment: captureAssignment,
  dependency: captureDependency,
  task: captureTask,
  task_instance: captureTaskInstance,
  legacy_task_template: captureLegacyTemplate,
  role: captureRole,
};
