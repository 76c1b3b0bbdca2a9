/**
 * Schema fuzzing: for every operation of the committed OpenAPI document, fast-check generates
 * requests from the operation's own parameter and body schemas, then breaks them (see requests.ts),
 * sent as the admin (so they pass authorization and reach validation and the database), as nobody,
 * and with forged tokens. Every answer must be a declared status with the declared body, never a
 * 5xx (check.ts). Routes added later are fuzzed without touching this file.
 *
 * The seed is fixed (FUZZ_SEED overrides it, `random` picks one) and printed in the test names and
 * on failure. FUZZ_BUDGET sets the requests per database (shared by weight), FUZZ_RUNS a flat
 * number per operation instead; FUZZ_PATH with the seed replays just the failing case fast-check
 * reports. `npm run test:fuzz` is the long run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, DRIVERS, login, type TestApp } from '../helpers.ts';
import { buildEntriesApp } from '../work-entries-support.ts';
import { answerProblem } from './check.ts';
import { edgeRequests } from './edge-sweep.ts';
import { type Operation, operationsOf, readCommittedDocument, responseValidators } from './openapi.ts';
import { describeRequest, type FuzzRequest, requestFor } from './requests.ts';
import { seedFuzzData } from './seed.ts';

const doc = readCommittedDocument();
const operations = operationsOf(doc);
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_111);
/** Requests per database, shared by the operations: about 15 s per database on two cores. */
const BUDGET = Number(process.env.FUZZ_BUDGET ?? 4000);
/** A body and each parameter widen what there is to explore; a bare GET needs few requests. */
const weightOf = (op: Operation) => 1 + op.parameters.length + (op.body || op.multipart ? 3 : 0);
const totalWeight = operations.reduce((sum, op) => sum + weightOf(op), 0);
const runsFor = (op: Operation) =>
  process.env.FUZZ_RUNS
    ? Number(process.env.FUZZ_RUNS)
    : Math.max(20, Math.round((BUDGET * weightOf(op)) / totalWeight));
const TOTAL = operations.reduce((sum, op) => sum + runsFor(op), 0);
const REPLAY = `FUZZ_SEED=${SEED} ${process.env.FUZZ_RUNS ? `FUZZ_RUNS=${process.env.FUZZ_RUNS}` : `FUZZ_BUDGET=${BUDGET}`}`;
const REPLAY_PATH = process.env.FUZZ_PATH;
const validatorFor = responseValidators(doc);

describe.each(DRIVERS)(`schema fuzzing (%s, seed ${SEED}, ${TOTAL} requests)`, (driver) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    token = admin.token;
    await seedFuzzData(t, admin.user.id);
  });
  afterAll(async () => t?.close());

  function headersFor(r: FuzzRequest): Record<string, string> {
    const headers: Record<string, string> = {};
    if (r.contentType !== undefined) headers['content-type'] = r.contentType;
    if (r.caller === 'admin') Object.assign(headers, bearer(token));
    if (r.caller === 'tampered')
      Object.assign(headers, bearer(`${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}`));
    if (r.caller === 'forged' && r.forgedAuthorization) headers.authorization = r.forgedAuthorization;
    return headers;
  }

  const send = (r: FuzzRequest) =>
    t.app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: headersFor(r),
      payload: r.payload,
      remoteAddress: r.remoteAddress,
    });

  async function sendAsAdmin(r: FuzzRequest) {
    const res = await send(r);
    if (r.caller !== 'admin' || res.statusCode !== 401) return res;
    // An earlier request ended the admin's session (sign-out, for one): sign in again and resend.
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    return send(r);
  }

  it('the committed document lists every operation the server serves', async () => {
    const served = operationsOf((await t.app.inject({ url: '/api/v1/openapi.json' })).json());
    const names = (ops: Operation[]) => ops.map((o) => `${o.method} ${o.path} ${o.id}`).sort();
    expect(names(served), 'openapi.json is stale: run npm run api:generate').toEqual(names(operations));
  });

  it.each(operations.map((op) => [`${op.id} (${runsFor(op)} requests)`, op] as const))(
    '%s',
    async (_id, op) => {
      for (const r of edgeRequests(doc, op, SEED)) {
        const res = await sendAsAdmin(r);
        const problem = answerProblem(op, res, validatorFor);
        if (problem) {
          throw new Error(
            `edge sweep: ${problem}\n  request: ${describeRequest(r)}\n  answer: ${res.statusCode} ${res.body.slice(0, 400)}`,
          );
        }
      }
      const property = fc.asyncProperty(requestFor(doc, op), async (r) => {
        const res = await sendAsAdmin(r);
        const problem = answerProblem(op, res, validatorFor);
        if (problem) {
          throw new Error(
            `${problem}\n  request: ${describeRequest(r)}\n  answer: ${res.statusCode} ${res.body.slice(0, 400)}`,
          );
        }
      });
      try {
        await fc.assert(property, { seed: SEED, numRuns: runsFor(op), path: REPLAY_PATH });
      } catch (err) {
        // Earlier operations leave records behind, so a replay runs the whole file with the same numbers.
        (err as Error).message =
          `Replay: ${REPLAY} npx vitest run tests/server/fuzz\n${(err as Error).message}`;
        throw err;
      }
    },
    // Generous: two shared cores under load can be several times slower than an idle CI runner.
    Math.max(60_000, ...operations.map((op) => runsFor(op) * 200)),
  );
});
