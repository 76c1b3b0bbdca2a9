/**
 * Limits hold under concurrency: with room for one more, 20 requests at once add exactly one
 * (maxUsersPerSite on create and on reactivation, the photos of one work entry), the others get
 * the limit's 409, nothing answers 5xx, and a refused upload leaves no file behind.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workEntryPhotos } from '../../server/src/db/schema/index.ts';
import { MAX_PHOTOS_PER_ENTRY } from '../../server/src/routes/work-entries/photos.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import {
  buildEntriesApp,
  insertEntry,
  makePosition,
  multipart,
  PNG,
  setSiteSettings,
} from './work-entries-support.ts';

const AT_ONCE = 20;

describe.each(DRIVERS)('limits under concurrent requests (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let worker: Actor;
  let seq = 0;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    worker = await signInAs(t, 'worker');
  });
  afterAll(async () => t?.close());

  const activeUsers = async () => {
    const [row] = await t.app.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.siteId, 'main'), eq(users.isActive, true)));
    return row.n;
  };

  const statuses = (answers: { statusCode: number }[]) =>
    answers.map((a) => a.statusCode).sort((a, b) => a - b);

  it(`maxUsersPerSite: ${AT_ONCE} concurrent creates with room for one add exactly one`, async () => {
    const limit = (await activeUsers()) + 1;
    await setSiteSettings(t, { maxUsersPerSite: limit });
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: admin.headers,
          payload: {
            first_name: 'Race',
            last_name: 'Er',
            email: `race-${++seq}@example.com`,
            password: 'Racer123!',
            role: 'worker',
          },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toMatchObject({ statusCode: 409, code: 'USER_LIMIT_REACHED' });
    }
    expect(await activeUsers()).toBe(limit);
  });

  it(`maxUsersPerSite: ${AT_ONCE} concurrent reactivations with room for one reactivate exactly one`, async () => {
    const inactive = await t.app.database.db
      .insert(users)
      .values(
        Array.from({ length: AT_ONCE }, () => ({
          siteId: 'main',
          email: `asleep-${++seq}@example.com`,
          firstName: 'Asleep',
          lastName: 'User',
          role: 'worker',
          isActive: false,
          passwordHash: 'x',
        })),
      )
      .returning();
    const limit = (await activeUsers()) + 1;
    await setSiteSettings(t, { maxUsersPerSite: limit });
    const answers = await Promise.all(
      inactive.map((u) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/users/${u.id}`,
          headers: admin.headers,
          payload: { is_active: true },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
    expect(await activeUsers()).toBe(limit);
  });

  it(`photos: ${AT_ONCE} concurrent uploads to an entry with room for one store exactly one`, async () => {
    const position = await makePosition(t);
    const entry = await insertEntry(t, { userId: worker.id, positionId: position.id });
    await t.app.database.db.insert(workEntryPhotos).values(
      Array.from({ length: MAX_PHOTOS_PER_ENTRY - 1 }, (_, i) => ({
        siteId: 'main',
        workEntryId: entry.id,
        url: `main/${entry.id}/earlier-${i}.png`,
        contentType: 'image/png',
        sizeBytes: PNG.length,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => {
        const body = multipart('photo', 'site.png', 'image/png', PNG);
        return t.app.inject({
          method: 'POST',
          url: `/api/v1/work-entries/${entry.id}/photos`,
          headers: { ...worker.headers, ...body.headers },
          payload: body.payload,
        });
      }),
    );
    expect(statuses(answers)).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toMatchObject({ statusCode: 409, details: [{ field: 'photo', rule: 'maxItems' }] });
    }
    const [stored] = await t.app.database.db
      .select({ n: count() })
      .from(workEntryPhotos)
      .where(eq(workEntryPhotos.workEntryId, entry.id));
    expect(stored.n).toBe(MAX_PHOTOS_PER_ENTRY);
    // Only the accepted upload's file is kept (the earlier rows were written without files).
    const dir = path.join(t.app.config.dataDir, 'photos', 'main', String(entry.id));
    expect(existsSync(dir) ? readdirSync(dir) : []).toHaveLength(1);
  });
});
