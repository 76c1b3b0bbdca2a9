/**
 * The limit checks of the concurrency fuzzing: each fills a limit to one short of full, sends 20
 * requests at once, and answers how many records there are and the limit. A check runs once it is
 * switched on (`enforced: true`: the limit is enforced inside the writing transaction), or with
 * FUZZ_LIMITS=all.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { users, workEntryPhotos } from '../../../server/src/db/schema/index.ts';
import { bearer, type Driver, type TestApp } from '../helpers.ts';
import { insertEntry, makePosition, PNG, setSiteSettings } from '../work-entries-support.ts';
import { multipartBody } from './multipart.ts';

export interface LimitCheck {
  name: string;
  /** Switch on once the limit is enforced inside the writing transaction. */
  enforced: boolean;
  run(): Promise<{ count: number; limit: number }>;
}

/** Getters: the checks are listed when the tests are collected, before the app is built. */
interface Context {
  app: () => TestApp;
  token: () => string;
  adminId: () => number;
  driver: Driver;
}

const AT_ONCE = 20;

export function limitChecks({ app, token, adminId, driver }: Context): LimitCheck[] {
  return [
    {
      name: 'maxUsersPerSite: concurrent POST /users with room for one more',
      enforced: true,
      async run() {
        const t = app();
        const active = async () =>
          (
            await t.app.database.db
              .select({ n: sql<number>`count(*)::int` })
              .from(users)
              .where(eq(users.isActive, true))
          )[0].n;
        const limit = (await active()) + 1;
        await setSiteSettings(t, { maxUsersPerSite: limit });
        await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) =>
            t.app.inject({
              method: 'POST',
              url: '/api/v1/users',
              headers: bearer(token()),
              payload: {
                email: `limit-${driver}-${i}@example.com`,
                first_name: 'Limit',
                last_name: `User ${i}`,
                role: 'worker',
                password: 'Limit123!x',
              },
            }),
          ),
        );
        return { count: await active(), limit };
      },
    },
    {
      name: 'photos per entry: concurrent uploads with room for one more',
      enforced: true,
      async run() {
        const t = app();
        const positionId = (await makePosition(t)).id;
        const entry = await insertEntry(t, { userId: adminId(), positionId });
        const limit = 20;
        await t.app.database.db.insert(workEntryPhotos).values(
          Array.from({ length: limit - 1 }, (_, i) => ({
            siteId: 'main',
            workEntryId: entry.id,
            url: `main/${entry.id}/seeded-${i}.png`,
            contentType: 'image/png',
            sizeBytes: PNG.length,
          })),
        );
        // Filtered, not found among a few samples: the well-formed variant is one of many, and a
        // handful of unseeded samples can miss it.
        const [form] = fc.sample(
          multipartBody({ properties: { photo: { type: 'string', format: 'binary' } } }).filter(
            (m) => m.kind === 'well-formed',
          ),
          1,
        );
        if (!form) throw new Error('no well-formed multipart body sampled');
        await Promise.all(
          Array.from({ length: AT_ONCE }, () =>
            t.app.inject({
              method: 'POST',
              url: `/api/v1/work-entries/${entry.id}/photos`,
              headers: { ...bearer(token()), 'content-type': form.contentType },
              payload: form.payload,
            }),
          ),
        );
        const [row] = await t.app.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(workEntryPhotos)
          .where(eq(workEntryPhotos.workEntryId, entry.id));
        return { count: row.n, limit };
      },
    },
  ];
}
