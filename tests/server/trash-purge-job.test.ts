/**
 * The trash purge job: items past their 30 days are removed for good with one audit event by
 * "system"; younger items stay; two server processes running the same slot purge once (one claim);
 * the next slot finds nothing left; another site's items are its own.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, jobRuns, sites, trashItems } from '../../server/src/db/schema/index.ts';
import { slotOf } from '../../server/src/jobs/definition.ts';
import { runTrashPurge, TRASH_PURGE_JOB } from '../../server/src/jobs/trash-purge.ts';
import { claimRun } from '../../server/src/repositories/job-runs.ts';
import { DRIVERS, type TestApp } from './helpers.ts';
import { type Actor, signInAs } from './support/actors.ts';
import { buildEntriesApp } from './work-entries-support.ts';

const DAY = 86_400_000;

describe.each(DRIVERS)('trash purge job (%s)', (driver) => {
  let t: TestApp;
  let admin: Actor;
  let otherAdmin: Actor;

  const trashPosition = async (actor: Actor, code: string) => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/positions',
      headers: actor.headers,
      payload: { position_code: code, position_name: `Purge ${code}` },
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/positions/${made.json().position.id}`,
      headers: actor.headers,
    });
    return res.json().trash_item_id as number;
  };
  const ids = async (siteId: string) =>
    (
      await t.app.database.db
        .select({ id: trashItems.id })
        .from(trashItems)
        .where(eq(trashItems.siteId, siteId))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await buildEntriesApp(driver);
    admin = await signInAs(t, 'admin');
    await t.app.database.db.insert(sites).values({ id: 'other', name: 'Other' });
    otherAdmin = await signInAs(t, 'admin', 'other');
  });
  afterAll(async () => t?.close());

  it('purges what is 30 days old, once across two instances, with a system audit event', async () => {
    const old = [await trashPosition(admin, 'OLD-1'), await trashPosition(admin, 'OLD-2')];
    const young = await trashPosition(admin, 'YOUNG-1');
    const otherOld = await trashPosition(otherAdmin, 'OTHER-1');
    // The delete set purge_after to now + 30 days; "now" of the run is 31 days on, except for
    // the young item, deleted (as far as the run knows) only yesterday.
    const now = new Date(Date.now() + 31 * DAY);
    await t.app.database.db
      .update(trashItems)
      .set({ purgeAfter: new Date(now.getTime() + 29 * DAY) })
      .where(eq(trashItems.id, young));

    const [first, second] = await Promise.all([
      runTrashPurge(t.app.database.db, { instance: 'a', now }),
      runTrashPurge(t.app.database.db, { instance: 'b', now }),
    ]);
    const main = [...first, ...second].filter((r) => r.siteId === 'main');
    expect(main.filter((r) => r.claimed)).toHaveLength(1);
    expect(main.reduce((n, r) => n + r.purged, 0)).toBe(2);
    expect(await ids('main')).toEqual([young]);
    expect(await ids('other')).toEqual([]);
    expect(otherOld).toEqual(expect.any(Number));

    const claims = await t.app.database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.siteId, 'main'), eq(jobRuns.job, TRASH_PURGE_JOB)));
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ moved: 2 });
    expect(claims[0].finishedAt).not.toBeNull();

    const events = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.siteId, 'main'), eq(auditEvents.action, 'trash.purge')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: null, actorName: 'system', entityType: 'trash' });
    const details = events[0].details as { count: number; items: { id: number }[] };
    expect(details.count).toBe(2);
    expect(details.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(old);

    // The next hour's run finds nothing due: no claim, no event.
    const later = await runTrashPurge(t.app.database.db, {
      instance: 'a',
      now: new Date(now.getTime() + 3_600_000),
    });
    expect(later).toEqual([]);
    // The chain stays verifiable with the system's event in it.
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit-events/verify',
      headers: admin.headers,
    });
    expect(verify.json()).toMatchObject({ ok: true });
  });

  it('run by the job queue (no claim), a retry in a slot already claimed still purges', async () => {
    const due = await trashPosition(admin, 'RETRY-1');
    const now = new Date(Date.now() + 62 * DAY);
    // The slot's claim of a failed first attempt, still fresh: a claiming run skips the site.
    await claimRun(t.app.database.db, {
      siteId: 'main',
      job: TRASH_PURGE_JOB,
      slot: slotOf(now, 3_600_000),
      claimedBy: 'first',
      staleSeconds: 600,
    });
    const claiming = await runTrashPurge(t.app.database.db, { instance: 'second', now });
    expect(claiming.find((r) => r.siteId === 'main')).toMatchObject({ claimed: false, purged: 0 });
    expect(await ids('main')).toContain(due);
    const retry = await runTrashPurge(t.app.database.db, { instance: 'retry', now, claim: false });
    expect(retry.find((r) => r.siteId === 'main')?.purged).toBeGreaterThan(0);
    expect(await ids('main')).not.toContain(due);
  });
});
