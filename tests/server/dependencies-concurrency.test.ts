/**
 * Two creates that would together close a cycle, sent at once: exactly one may succeed. Over
 * A → B, "B → C" and "C → A" are each fine alone but form A → B → C → A together. Create locks the
 * position row and checks inside its transaction, so the second waits and then sees the first.
 * On PostgreSQL the two really run at once (a pool of connections); PGlite runs them in turn.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskDependencies } from '../../server/src/db/schema/index.ts';
import { cycleThrough } from '../../src/domain/dependencies.ts';
import { buildTestApp, DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { assignTask, insertPosition, insertTask } from './support/tasks.ts';

const ROUNDS = 12;

describe.each(DRIVERS)('concurrent dependency creates (%s)', (driver) => {
  let t: TestApp;
  let manager: Actor;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/task-dependencies', payload, headers: manager.headers });

  it('lets exactly one of two cycle-closing creates through, every time', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const position = (await insertPosition(t)).id;
      const [a, b, c] = [await insertTask(t), await insertTask(t), await insertTask(t)].map((x) => x.id);
      for (const id of [a, b, c]) await assignTask(t, position, id);
      expect((await create({ position_id: position, task_id: a, depends_on_task_id: b })).statusCode).toBe(
        201,
      );

      const answers = await Promise.all([
        create({ position_id: position, task_id: b, depends_on_task_id: c }),
        create({ position_id: position, task_id: c, depends_on_task_id: a }),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([201, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('DEPENDENCY_CYCLE');

      const edges = await t.app.database.db
        .select()
        .from(taskDependencies)
        .where(eq(taskDependencies.positionId, position));
      expect(edges).toHaveLength(2);
      // What is stored is acyclic: no stored edge closes a cycle over the others.
      for (const e of edges)
        expect(
          cycleThrough(
            edges.filter((x) => x !== e),
            e,
          ),
        ).toBeNull();
    }
  });
});
