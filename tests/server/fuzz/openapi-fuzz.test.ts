/**
 * Schema fuzzing: for every operation of the committed OpenAPI document, fast-check generates
 * requests from the operation's own parameter and body schemas, then breaks them (see requests.ts),
 * sent as the admin (so they pass authorization and reach validation and the database), as nobody,
 * and with forged tokens. Every answer must be a declared status with the declared body, never a
 * 5xx (check.ts). Routes added later are fuzzed without touching this file.
 *
 * The seed is fixed (FUZZ_SEED overrides it, `random` picks one) and printed in the test names and
 * on failure; FUZZ_RUNS sets the requests per operation and database; FUZZ_PATH with the seed
 * replays just the failing case fast-check reports. `npm run test:fuzz` is the long run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, buildTestApp, DRIVERS, login, type TestApp } from '../helpers.ts';
import { answerProblem } from './check.ts';
import { type Operation, operationsOf, readCommittedDocument, responseValidators } from './openapi.ts';
import { describeRequest, type FuzzRequest, requestFor } from './requests.ts';

const doc = readCommittedDocument();
const operations = operationsOf(doc);
/** Requests per database in CI (about 20 s each on two shared cores), shared by the operations. */
const CI_BUDGET = 2400;
const SEED =
  process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20_261_111);
const RUNS = Number(process.env.FUZZ_RUNS ?? Math.max(40, Math.floor(CI_BUDGET / operations.length)));
const REPLAY_PATH = process.env.FUZZ_PATH;
const validatorFor = responseValidators(doc);

describe.each(DRIVERS)(`schema fuzzing (%s, seed ${SEED}, ${RUNS} requests per operation)`, (driver) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
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

  it.each(operations.map((op) => [op.id, op] as const))(
    '%s',
    async (_id, op) => {
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
        await fc.assert(property, { seed: SEED, numRuns: RUNS, path: REPLAY_PATH });
      } catch (err) {
        // Earlier operations leave records behind, so a replay runs the whole file with the same numbers.
        (err as Error).message =
          `Replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run tests/server/fuzz\n${(err as Error).message}`;
        throw err;
      }
    },
    Math.max(60_000, RUNS * 200),
  );
});
