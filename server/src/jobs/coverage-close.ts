/**
 * Closing coverage windows: for each site with active schedules, every window whose
 * end plus tolerance has passed (within the last LOOKBACK) and that has no verdict yet is judged
 * from the work entries started at its position, and stored with the rule it was judged by.
 *
 * Once per window across server processes: the insert is ON CONFLICT DO NOTHING on (schedule,
 * position, window start), so two processes judging the same window at once leave one row, and
 * each counts only the rows it inserted. Judging is a pure function of the entries, so whichever
 * wins stored the same verdict.
 */
import { judge, taskCounts, windowsToJudge } from '#domain/coverage.ts';
import type { Db } from '../db/client.ts';
import * as windows from '../repositories/coverage-windows.ts';
import { getSiteSettings } from '../repositories/site-settings.ts';
import * as schedules from '../repositories/visit-schedules.ts';
import { ruleOf } from '../repositories/visit-schedules.ts';
import type { Announce } from './announce.ts';
import { DAY_MS } from './definition.ts';

export const COVERAGE_CLOSE_JOB = 'coverage-close';

/** How far back a run looks for windows not yet judged (a server down longer leaves older ones unjudged). */
const LOOKBACK_MS = 48 * 60 * 60 * 1000;

export interface CloseRunOptions {
  now?: Date;
  stopping?: () => boolean;
  /** Tells the live event streams of each site's stored verdicts (the coverage screen reloads). */
  announce?: Announce;
}

/** Judges the site's windows due by `now`; answers how many this process stored. */
export async function closeSiteWindows(db: Db, siteId: string, now: Date): Promise<number> {
  const { timezone } = await getSiteSettings(db, siteId);
  let stored = 0;
  const from = new Date(now.getTime() - LOOKBACK_MS);
  // A window judged in the look-back started at most a day and a half before it (a day's window
  // plus the longest tolerance).
  const judged = await windows.judgedKeys(db, siteId, new Date(from.getTime() - 2 * DAY_MS));
  for (const { schedule, positionIds } of await schedules.activeSchedulesWithPositions(db, siteId)) {
    if (positionIds.length === 0) continue;
    const rule = ruleOf(schedule);
    const due = windowsToJudge(rule, timezone, {
      from,
      to: now,
      since: schedule.ruleFrom,
    });
    if (due.length === 0) continue;
    const open = due.flatMap((w) =>
      positionIds
        .filter((p) => !judged.has(`${schedule.id}:${p}:${w.start.getTime()}`))
        .map((p) => ({ w, p })),
    );
    if (open.length === 0) continue;
    const first = new Date(Math.min(...open.map((o) => o.w.start.getTime())));
    const last = new Date(Math.max(...open.map((o) => o.w.judgeAt.getTime())));
    const byPosition = new Map<number, Awaited<ReturnType<typeof windows.entriesAt>>>();
    for (const e of await windows.entriesAt(db, siteId, [...new Set(open.map((o) => o.p))], first, last)) {
      if (!taskCounts(rule, e.taskId)) continue;
      const list = byPosition.get(e.positionId) ?? [];
      list.push(e);
      byPosition.set(e.positionId, list);
    }
    const rows = open.map(({ w, p }) => {
      const at = byPosition.get(p) ?? [];
      const { verdict, entryIds } = judge(w, rule, at);
      const visitor = at.find((e) => e.id === entryIds[0]);
      return {
        siteId,
        scheduleId: schedule.id,
        scheduleName: schedule.scheduleName,
        positionId: p,
        day: w.day,
        windowStart: w.start,
        windowEnd: w.end,
        dueAt: w.due,
        verdict,
        judgedVerdict: verdict,
        entryIds,
        visitedBy: visitor?.userId ?? null,
        rule: { ...rule, time_zone: timezone },
      };
    });
    stored += await windows.insertWindows(db, rows);
  }
  return stored;
}

export async function runCoverageClose(
  db: Db,
  options: CloseRunOptions = {},
): Promise<{ siteId: string; stored: number }[]> {
  const now = options.now ?? new Date();
  const results: { siteId: string; stored: number }[] = [];
  for (const siteId of await schedules.schedulingSites(db)) {
    if (options.stopping?.()) break;
    const stored = await closeSiteWindows(db, siteId, now);
    if (stored > 0)
      await options.announce?.(siteId, [{ action: 'coverage_window.close', entity: 'coverage_window' }]);
    results.push({ siteId, stored });
  }
  return results;
}
