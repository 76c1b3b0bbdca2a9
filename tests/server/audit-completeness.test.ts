/**
 * Completeness of the audit log, as a test rather than a promise: every operation in the committed
 * openapi.json that is not a GET is called until it succeeds, and every successful call must have
 * written an audit event carrying its request id. Requests come from the fuzz suite's generator
 * (valid bodies from the operation's own schema, ids pointed at seeded records), so a new route is
 * walked without touching this file; an operation whose generated requests never succeed needs a
 * request in support/audit-requests.ts, and the test says so.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/src/db/schema/index.ts';
import { type Operation, operationsOf, readCommittedDocument } from './fuzz/openapi.ts';
import { encodeComponent } from './fuzz/requests.ts';
import { validValue } from './fuzz/schema-values.ts';
import { ADMIN, bearer, DRIVERS, login, type TestApp } from './helpers.ts';
import {
  type AuditFixtures,
  auditFixtures,
  NOT_AUDITED,
  ORDER,
  writtenRequests,
} from './support/audit-requests.ts';
import { buildEntriesApp, multipart, PNG } from './work-entries-support.ts';

const doc = readCommittedDocument();
const prefix = doc.servers?.[0]?.url ?? '';
const changing = operationsOf(doc)
  .filter((op) => op.method !== 'GET' && !(op.id in NOT_AUDITED))
  .sort((a, b) => ORDER(a) - ORDER(b));
const TRIES = 12;

/** References (`…_id`, `…_ids`) pointed at the seeded records' ids. */
function towardSeeded(value: unknown, ids: number[], key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => towardSeeded(v, ids, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, towardSeeded(v, ids, k)]));
  if (typeof value === 'number' && Number.isInteger(value) && /_ids?$/.test(key))
    return ids[Math.abs(value) % ids.length];
  return value;
}

interface Attempt {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

function generated(op: Operation, f: AuditFixtures, attempt: number): Attempt {
  const ids = f.seededIds;
  let url = prefix + op.path;
  for (const p of op.parameters.filter((p) => p.in === 'path'))
    url = url.replace(`{${p.name}}`, encodeComponent(String(ids[attempt % ids.length])));
  if (op.multipart) {
    const form = multipart('photo', 'photo.png', 'image/png', PNG);
    return { url, payload: form.payload, headers: form.headers };
  }
  if (!op.body) return { url };
  const [value] = fc.sample(validValue(doc, op.body), { seed: 23 + attempt, numRuns: 1 });
  return {
    url,
    payload: JSON.stringify(towardSeeded(value, ids)),
    headers: { 'content-type': 'application/json' },
  };
}

describe.each(DRIVERS)('every changing operation writes an audit event (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  let f: AuditFixtures;

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    token = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    f = await auditFixtures(t, token);
  });
  afterAll(async () => t?.close());

  const eventsOf = (requestId: string) =>
    t.app.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));

  it.each(changing.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const attempts = [
      ...((await writtenRequests[op.id]?.(f)) ?? []).map((r) => ({ ...r, url: prefix + r.url })),
      ...Array.from({ length: TRIES }, (_, i) => generated(op, f, i)),
    ];
    const answers: string[] = [];
    for (const attempt of attempts) {
      const { headers = {} } = attempt;
      const payload = attempt.payload as string | Buffer | object | undefined;
      const typed = typeof payload === 'object' && !Buffer.isBuffer(payload);
      const res = await t.app.inject({
        method: op.method as 'POST',
        url: attempt.url,
        headers: { ...bearer(f.token ?? token), ...(typed ? {} : headers) },
        ...(payload === undefined ? {} : { payload }),
      });
      answers.push(`${res.statusCode} ${attempt.url} ${res.body.slice(0, 160)}`);
      // A dry run is its change rolled back, its event with it.
      if (res.statusCode >= 300 || /"dry_run":true/.test(String(payload && JSON.stringify(payload))))
        continue;
      const events = await eventsOf(String(res.headers['x-request-id']));
      expect(events.length, `${op.id} answered ${res.statusCode} without an audit event`).toBeGreaterThan(0);
      return;
    }
    throw new Error(
      `${op.id}: no request succeeded, so its audit event is untested; add one to support/audit-requests.ts.\n  ${answers.slice(0, 4).join('\n  ')}`,
    );
  });
});
