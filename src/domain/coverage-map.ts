/**
 * The coverage map and floor plans, shared by the console and the server: a position's current
 * state, the base map's tile URL rule, and the floor plans' limits.
 *
 * A position's state at an instant, from its schedules' windows (src/domain/coverage.ts):
 * - `no_schedule`: no active schedule covers it;
 * - `late`: a window's deadline has passed, it is still inside the tolerance, and no counted visit
 *   came in it (the window will be judged late or missed);
 * - `due_soon`: a window is open, not visited yet, and its deadline is at most DUE_SOON_MINUTES away;
 * - `missed`: otherwise, the last judged window was missed (not excused);
 * - `on_time`: otherwise (visited on time, or nothing is owed yet).
 * A judged late window that was since followed by nothing worse shows as `late` too.
 */
import { addDays, type CoverageWindow, localDay, type ScheduleRule, windowsOfDay } from './coverage.ts';

export const POSITION_STATES = ['on_time', 'due_soon', 'late', 'missed', 'no_schedule'] as const;
export type PositionState = (typeof POSITION_STATES)[number];

/** How close a deadline is when an unvisited window counts as due soon. */
export const DUE_SOON_MINUTES = 60;

export interface StateVisit {
  startedAt: Date;
  taskId: number | null;
}

export interface StateSchedule {
  rule: ScheduleRule;
  /** When the current rule took effect: windows starting earlier are not its. */
  since: Date;
}

/** The windows of the schedules that touch [now − 2 days, now + 2 days]: what a state needs. */
export function windowsAround(rule: ScheduleRule, timeZone: string, now: Date): CoverageWindow[] {
  const today = localDay(now, timeZone);
  const out: CoverageWindow[] = [];
  for (let d = -2; d <= 1; d++) out.push(...windowsOfDay(rule, addDays(today, d), timeZone));
  return out;
}

const counts = (rule: ScheduleRule, taskId: number | null) =>
  rule.task_ids === null || rule.task_ids.length === 0 || (taskId !== null && rule.task_ids.includes(taskId));

/**
 * The state of one position now, and the next deadline it owes (the earliest unvisited window's
 * due time that has not yet passed its tolerance, or the next window's), or null.
 */
export function positionState(
  now: Date,
  schedules: { rule: ScheduleRule; since: Date; windows: CoverageWindow[] }[],
  visits: readonly StateVisit[],
  lastJudged: string | null,
): { state: PositionState; nextDue: Date | null } {
  if (schedules.length === 0) return { state: 'no_schedule', nextDue: null };
  const t = now.getTime();
  let late = false;
  let dueSoon = false;
  let nextDue: number | null = null;
  for (const { rule, since, windows } of schedules) {
    for (const w of windows) {
      if (w.start < since || w.judgeAt.getTime() <= t) continue;
      const visited = visits.some(
        (v) => counts(rule, v.taskId) && v.startedAt >= w.start && v.startedAt <= w.end && v.startedAt <= now,
      );
      if (visited) continue;
      if (w.start.getTime() <= t) {
        if (w.due.getTime() < t) late = true;
        else if (w.due.getTime() - t <= DUE_SOON_MINUTES * 60_000) dueSoon = true;
      }
      if (nextDue === null || w.due.getTime() < nextDue) nextDue = w.due.getTime();
    }
  }
  const next = nextDue === null ? null : new Date(nextDue);
  if (late) return { state: 'late', nextDue: next };
  if (dueSoon) return { state: 'due_soon', nextDue: next };
  if (lastJudged === 'missed') return { state: 'missed', nextDue: next };
  if (lastJudged === 'late') return { state: 'late', nextDue: next };
  return { state: 'on_time', nextDue: next };
}

// --- The base map's tiles -------------------------------------------------------------------

export const TILE_URL_MAX = 500;

export const TILE_URL_MESSAGE =
  'Give an https address with {z}, {x} and {y} (a tile template), or of a style ending in .json, or leave it empty';

/**
 * The site's base map: empty (positions on a plain grid), an https raster tile template with
 * {z}/{x}/{y}, or an https style URL (a MapLibre style JSON).
 */
export function tileUrlKind(value: string): 'none' | 'tiles' | 'style' | 'invalid' {
  const v = value.trim();
  if (v === '') return 'none';
  if (v.length > TILE_URL_MAX || /\s/.test(v)) return 'invalid';
  let url: URL;
  try {
    url = new URL(v.replace(/\{[a-z]\}/g, '0'));
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' || url.username || url.password) return 'invalid';
  if (v.includes('{z}') && v.includes('{x}') && v.includes('{y}')) return 'tiles';
  if (/\{[a-z]+\}/.test(v)) return 'invalid';
  if (/\.json$/i.test(url.pathname) || /style/i.test(url.pathname)) return 'style';
  return 'invalid';
}

// --- Floor plans -------------------------------------------------------------------------

export const FLOOR_PLAN_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  buildingMax: 100,
  floorMax: 30,
  /** Positions one plan may place. */
  placementsMax: 2000,
} as const;
