/**
 * Concurrency fuzzing: for every operation that creates something (a POST with a body, from the
 * committed OpenAPI document), N identical copies of a generated request are sent at once, as the
 * admin. No answer may be a 5xx or undeclared (check.ts), and a uniqueness rule must hold as it
 * does one request at a time: when the same body sent once more afterwards clashes (409), at most
 * one of the concurrent copies may have succeeded. PostgreSQL is where requests really overlap
 * (PGlite runs one statement at a time); both are run.
 *
 * Limits (users per site, photos per entry) are checked by LIMIT_CHECKS: each fills a limit to one
 * short and sends N requests at once; switch a check on (`enforced: true`) once its limit is
 * enforced inside the writing transaction (FUZZ_LIMITS=all runs them all, to see where they stand).
 *
 * FUZZ_CONCURRENT_ROUNDS sets the rounds per operation (3 by default; `npm run test:fuzz` runs
 * more), FUZZ_SEED the seed, as in openapi-fuzz.test.ts.
 */

import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workEntryPhotos } from '../../../server/src/db/schema/index.ts';
import { ADMIN, bearer, DRIVERS, login, type TestApp } from '../helpers.ts';
import { buildEntriesApp, insertEntry, makePosition, PNG, setSiteSettings } from '../work-entries-support.ts';
import { answerProblem } from './check.ts';
import { multipartBody } from './multipart.ts';
import { type Operation, operationsOf, readCommittedDocument, responseValidators } from './openapi.ts';
import { encodeComponent } from './requests.ts';
import { validValue } from './schema-values.ts';
import { seedFuzzData } from './seed.ts';

const doc = readCommittedDocument();
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_111);
const ROUNDS = Number(process.env.FUZZ_CONCURRENT_ROUNDS ?? 3);
/** Copies sent at once: more than the PostgreSQL pool (5 in tests), so some wait on it. */
const COPIES = 8;
const validatorFor = responseValidators(doc);

/** Creating operations; sign-in and the account's own password are about sessions, not records. */
const creating = operationsOf(doc).filter(
  (op) => op.method === 'POST' && (op.body || op.multipart) && !op.path.startsWith('/auth/'),
);

interface Sent {
  url: string;
  payload: string | Buffer;
  contentType: string;
}

/** References (`…_id`, `…_ids`) pointed at the seeded records (ids 1–3), so more creations succeed. */
function towardSeeded(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => towardSeeded(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, towardSeeded(v, k)]));
  if (typeof value === 'number' && Number.isInteger(value) && /_ids?$/.test(key))
    return 1 + (Math.abs(value) % 3);
  return value;
}

function requestsFor(op: Operation, round: number): Sent {
  const seed = SEED + round;
  const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { seed, numRuns: 1 })[0];
  let url = (doc.servers?.[0]?.url ?? '') + op.path;
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    // The seeded records: small ids name one of each kind.
    url = url.replace(`{${p.name}}`, encodeComponent(String(1 + (round % 3))));
  }
  if (op.multipart) {
    const form = sample(multipartBody(op.multipart).filter((m) => m.kind === 'well-formed'));
    return { url, payload: form.payload, contentType: form.contentType };
  }
  return {
    url,
    payload: JSON.stringify(towardSeeded(sample(validValue(doc, op.body ?? {})))),
    contentType: 'application/json',
  };
}

describe.each(DRIVERS)(
  `concurrency fuzzing (%s, seed ${SEED}, ${COPIES} copies × ${ROUNDS} rounds)`,
  (driver) => {
    let t: TestApp;
    let token: string;
    let adminId: number;

    beforeAll(async () => {
      t = await buildEntriesApp(driver);
      const admin = await login(t.app, ADMIN.email, ADMIN.password);
      token = admin.token;
      adminId = admin.user.id;
      await seedFuzzData(t, adminId);
    });
    /** Per operation: rounds in which some copy succeeded, and the most copies that did (printed at the end). */
    const made = new Map<string, { rounds: number; most: number }>();
    afterAll(async () => {
      const lines = [...made].map(
        ([id, m]) => `${id}: ${m.rounds}/${ROUNDS} rounds made something, at most ${m.most} at once`,
      );
      console.info(`concurrency fuzzing (${driver}):\n  ${lines.join('\n  ')}`);
      await t?.close();
    });

    const send = (r: Sent) =>
      t.app.inject({
        method: 'POST',
        url: r.url,
        headers: { ...bearer(token), 'content-type': r.contentType },
        payload: r.payload,
      });

    it.each(creating.map((op) => [op.id, op] as const))(
      '%s: concurrent copies answer as declared, and a unique record is made once',
      async (_id, op) => {
        for (let round = 0; round < ROUNDS; round++) {
          const r = requestsFor(op, round);
          const answers = await Promise.all(Array.from({ length: COPIES }, () => send(r)));
          for (const res of answers) {
            const problem = answerProblem(op, res, validatorFor);
            if (problem)
              throw new Error(
                `${problem}\n  request: POST ${r.url} ${String(r.payload).slice(0, 300)}\n  answer: ${res.body.slice(0, 300)}`,
              );
          }
          const succeeded = answers.filter((res) => res.statusCode < 300).length;
          const seen = made.get(op.id) ?? { rounds: 0, most: 0 };
          made.set(op.id, {
            rounds: seen.rounds + (succeeded ? 1 : 0),
            most: Math.max(seen.most, succeeded),
          });
          if (succeeded > 1) {
            const again = await send(r);
            expect(
              again.statusCode,
              `${succeeded} of ${COPIES} concurrent copies succeeded, yet the same body once more clashes: ${again.body.slice(0, 300)}\n  request: POST ${r.url} ${String(r.payload).slice(0, 300)}`,
            ).not.toBe(409);
          }
        }
      },
      120_000,
    );

    interface LimitCheck {
      name: string;
      /** Switch on once the limit is enforced inside the writing transaction. */
      enforced: boolean;
      /** Fills the limit to one short, sends the copies at once, and answers how many records there are and the limit. */
      run(): Promise<{ count: number; limit: number }>;
    }

    const LIMIT_CHECKS: LimitCheck[] = [
      {
        name: 'maxUsersPerSite: concurrent POST /users with room for one more',
        enforced: false,
        async run() {
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
            Array.from({ length: 20 }, (_, i) =>
              t.app.inject({
                method: 'POST',
                url: '/api/v1/users',
                headers: bearer(token),
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
        enforced: false,
        async run() {
          const positionId = (await makePosition(t)).id;
          const entry = await insertEntry(t, { userId: adminId, positionId });
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
          const form = fc
            .sample(multipartBody({ properties: { photo: { type: 'string', format: 'binary' } } }), {
              seed: SEED,
              numRuns: 40,
            })
            .find((m) => m.kind === 'well-formed')!;
          await Promise.all(
            Array.from({ length: 20 }, () =>
              t.app.inject({
                method: 'POST',
                url: `/api/v1/work-entries/${entry.id}/photos`,
                headers: { ...bearer(token), 'content-type': form.contentType },
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

    for (const check of LIMIT_CHECKS) {
      it.skipIf(!check.enforced && process.env.FUZZ_LIMITS !== 'all')(`limit: ${check.name}`, async () => {
        const { count, limit } = await check.run();
        expect(count).toBeLessThanOrEqual(limit);
      });
    }
  },
);
