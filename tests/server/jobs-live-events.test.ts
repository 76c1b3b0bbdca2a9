/**
 * A background job's change reaches the live event streams as a request's does: the
 * trash purge, run by the real runner (pg-boss on PostgreSQL, in-process on PGlite), announces
 * "changed trash" once its batch committed, and a stream open on the site receives it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { trashItems } from '../../server/src/db/schema/index.ts';
import type { JobDefinition } from '../../server/src/jobs/definition.ts';
import { trashPurgeJob } from '../../server/src/jobs/trash-purge.ts';
import { createTestDatabase, DRIVERS, type TestDatabase, testConfig } from './helpers.ts';
import { signInAs } from './support/actors.ts';
import { openEvents, type SseReader } from './support/sse.ts';

process.env.JOB_QUEUE_POLL_SECONDS = '0.5';

describe.each(DRIVERS)('a job’s change on the live event stream (%s)', (driver) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let stream: SseReader | undefined;
  let arm: () => void = () => {};
  const armed = new Promise<void>((resolve) => {
    arm = resolve;
  });
  const purge = trashPurgeJob();
  // The real job, held until the test has made something for it to purge.
  const job: JobDefinition = {
    ...purge,
    firstRunMs: 100,
    async run(context) {
      await armed;
      return purge.run(context);
    },
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    app = await buildApp({
      config: testConfig(),
      database: testDb.database,
      logger: false,
      jobs: [job],
      lazyCompile: true,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(async () => {
    stream?.close();
    arm();
    await app?.close();
    await testDb?.drop();
  });

  it('announces "changed trash" after the purge committed', async () => {
    const admin = await signInAs({ app, database: testDb.database, driver, close: async () => {} }, 'admin');
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/positions',
      headers: admin.headers,
      payload: { position_code: 'GONE-1', position_name: 'Gone soon' },
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/positions/${made.json().position.id}`,
      headers: admin.headers,
    });
    const itemId = deleted.json().trash_item_id as number;
    await testDb.database.db
      .update(trashItems)
      .set({ purgeAfter: new Date(Date.now() - 60_000) })
      .where(eq(trashItems.id, itemId));

    stream = await openEvents(base, admin.token);
    await stream.next((e) => e.event === 'ready');
    arm();
    const event = await stream.next(
      (e) => e.event === 'changed' && (e.data as { resource: string }).resource === 'trash',
      20_000,
    );
    expect(event.id).toEqual(expect.any(String));
    // Announced after the commit: the item is gone by the time the stream hears of it.
    const left = await testDb.database.db.select().from(trashItems).where(eq(trashItems.id, itemId));
    expect(left).toEqual([]);
  }, 40_000);
});

describe('what a "changed" event names', () => {
  it('the records that changed, per list, and none past the limit or for a change without an id', async () => {
    const { eventsOfChanges } = await import('../../server/src/infra/live-events.ts');
    const db = undefined as never;
    const events = await eventsOfChanges(db, 'main', [
      { action: 'position.update', entity: 'position', id: 4 },
      { action: 'task_instance.update', entity: 'task_instance', id: 9 },
      { action: 'position.update', entity: 'position', id: 5 },
      { action: 'position.update', entity: 'position', id: 4 },
    ]);
    expect(events).toEqual([
      { type: 'changed', data: { resource: 'positions', records: ['position:4', 'position:5'] } },
      { type: 'changed', data: { resource: 'tasks', records: ['task_instance:9'] } },
    ]);
    const many = Array.from({ length: 51 }, (_, i) => ({ action: 'user.update', entity: 'user', id: i + 1 }));
    expect(await eventsOfChanges(db, 'main', many)).toEqual([
      { type: 'changed', data: { resource: 'users' } },
    ]);
    expect(await eventsOfChanges(db, 'main', [{ action: 'trash.purge', entity: 'trash' }])).toEqual([
      { type: 'changed', data: { resource: 'trash' } },
    ]);
  });
});
