/**
 * Records the task tests need, written straight into the database: positions (active or not, of
 * any site), templates, instances, catalogue tasks and what references them. The positions area's
 * own API is not what these tests are about.
 */
import {
  legacyTaskTemplates,
  positions,
  positionTaskAssignments,
  taskInstances,
  tasks,
  taskTemplates,
  users,
  workEntries,
} from '../../../server/src/db/schema/index.ts';
import type { TestApp } from '../helpers.ts';

let seq = 0;
const next = () => `${++seq}-${process.pid}`;

export async function insertPosition(t: TestApp, over: Partial<typeof positions.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.app.database.db
    .insert(positions)
    .values({ siteId: 'main', positionCode: `P-${n}`, positionName: `Position ${n}`, ...over })
    .returning();
  return row;
}

export async function insertTemplate(t: TestApp, over: Partial<typeof taskTemplates.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.app.database.db
    .insert(taskTemplates)
    .values({ siteId: 'main', taskCode: `TPL_${n}`, taskName: `Template ${n}`, ...over })
    .returning();
  return row;
}

export async function insertInstance(
  t: TestApp,
  positionId: number,
  over: Partial<typeof taskInstances.$inferInsert> = {},
) {
  const [row] = await t.app.database.db
    .insert(taskInstances)
    .values({ siteId: 'main', positionId, taskName: `Instance ${next()}`, ...over })
    .returning();
  return row;
}

export async function insertTask(t: TestApp, over: Partial<typeof tasks.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.app.database.db
    .insert(tasks)
    .values({
      siteId: 'main',
      taskCode: `T-${n}`,
      taskName: `Task ${n}`,
      estimatedDurationMinutes: 30,
      ...over,
    })
    .returning();
  return row;
}

export async function assignTask(t: TestApp, positionId: number, taskId: number, siteId = 'main') {
  await t.app.database.db.insert(positionTaskAssignments).values({ siteId, positionId, taskId });
}

/** A work entry naming the task, by a throwaway worker. */
export async function logWork(t: TestApp, positionId: number, taskId: number) {
  const [worker] = await t.app.database.db
    .insert(users)
    .values({
      siteId: 'main',
      email: `worker-${next()}@example.com`,
      firstName: 'Work',
      lastName: 'Logger',
      role: 'worker',
      passwordHash: 'x',
    })
    .returning();
  await t.app.database.db
    .insert(workEntries)
    .values({ siteId: 'main', userId: worker.id, positionId, taskId, status: 'completed' });
}

export async function insertLegacyTemplate(
  t: TestApp,
  over: Partial<typeof legacyTaskTemplates.$inferInsert> = {},
) {
  const [row] = await t.app.database.db
    .insert(legacyTaskTemplates)
    .values({ siteId: 'main', name: `Legacy ${next()}`, durationMinutes: 60, ...over })
    .returning();
  return row;
}
