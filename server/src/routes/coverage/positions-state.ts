/**
 * GET /coverage/positions-state: every active position of the site with its
 * coordinates and its state now (src/domain/coverage-map.ts positionState), for the map and the
 * floor plans in one call. Four statements whatever the number of positions: the positions with
 * their last verdict and latest entry, the active schedules with the positions they cover, the
 * entries in the windows still open, and the settings.
 */
import type { ScheduleRule } from '#domain/coverage.ts';
import { positionState, type StateVisit, windowsAround } from '#domain/coverage-map.ts';
import * as repo from '../../repositories/coverage-map.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import * as schedules from '../../repositories/visit-schedules.ts';
import type { RequestContext } from '../../types.ts';

/** A schedule row's rule (as the close job reads it, jobs/coverage-close.ts). */
const ruleOf = (s: schedules.ScheduleRow): ScheduleRule => ({
  days: s.days,
  window_start: s.windowStart,
  window_end: s.windowEnd,
  frequency_kind: s.frequencyKind as ScheduleRule['frequency_kind'],
  frequency_value: s.frequencyValue,
  due_time: s.dueTime,
  tolerance_minutes: s.toleranceMinutes,
  task_ids: s.taskIds,
});

export async function positionsState(ctx: RequestContext, now = new Date()) {
  const [settings, rows, active] = await Promise.all([
    getSiteSettings(ctx.db, ctx.siteId),
    repo.mapPositions(ctx.db, ctx.siteId),
    schedules.activeSchedulesWithPositions(ctx.db, ctx.siteId),
  ]);
  const timeZone = settings.timezone;
  // Each schedule's windows around now, computed once and shared by the positions it covers.
  const byPosition = new Map<
    number,
    { rule: ReturnType<typeof ruleOf>; since: Date; windows: ReturnType<typeof windowsAround> }[]
  >();
  let earliest = now.getTime();
  const made = new Map<string, ReturnType<typeof windowsAround>>();
  for (const { schedule, positionIds } of active) {
    const rule = ruleOf(schedule);
    // Schedules with the same rule make the same windows: worked out once per rule.
    const key = JSON.stringify(rule);
    let around = made.get(key);
    if (!around) {
      around = windowsAround(rule, timeZone, now).filter((w) => w.judgeAt > now);
      made.set(key, around);
    }
    const windows = around.filter((w) => w.judgeAt > now && w.start >= schedule.ruleFrom);
    for (const w of windows) if (w.start.getTime() < earliest) earliest = w.start.getTime();
    const entry = { rule, since: schedule.ruleFrom, windows };
    for (const id of positionIds) {
      const list = byPosition.get(id);
      if (list) list.push(entry);
      else byPosition.set(id, [entry]);
    }
  }
  const visits = new Map<number, StateVisit[]>();
  const open = [...byPosition].filter(([, s]) => s.some((x) => x.windows.some((w) => w.start <= now)));
  for (const v of await repo.visitsSince(
    ctx.db,
    ctx.siteId,
    open.map(([id]) => id),
    new Date(earliest),
    now,
  )) {
    const list = visits.get(v.positionId);
    if (list) list.push(v);
    else visits.set(v.positionId, [v]);
  }
  return {
    positions: rows.map((r) => {
      const { state, nextDue } = positionState(
        now,
        byPosition.get(r.id) ?? [],
        visits.get(r.id) ?? [],
        r.lastVerdict,
      );
      return {
        id: r.id,
        code: r.code,
        name: r.name,
        lat: r.lat,
        lng: r.lng,
        state,
        next_due: nextDue?.toISOString() ?? null,
        last_visit: r.lastVisit?.toISOString() ?? null,
      };
    }),
    map_tile_url: settings.mapTileUrl,
    time_zone: timeZone,
    generated_at: now.toISOString(),
  };
}
