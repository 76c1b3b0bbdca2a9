/**
 * Proof of coverage: visit schedules and the windows they make, shared by the console
 * (form limits, previews) and the server (the window-closing job, the API's validation).
 *
 * A schedule's time window is wall-clock time in the site's time zone (06:00–18:00; an end at or
 * before the start runs past midnight into the next day; the window belongs to the day it starts
 * on). The frequency divides the window's real length (elapsed time, so a window across a
 * daylight-saving change is an hour shorter or longer):
 * - `every` N hours: slots of N hours from the start, the last one cut at the window's end;
 * - `times` N: N slots of equal length;
 * - `by` HH:MM: one slot from the window's start to that deadline.
 * A slot is visited on time by an entry started in [start, end], late by one started within the
 * tolerance after its end, and is missed otherwise; it is judged when its end plus the tolerance
 * has passed.
 */

export const FREQUENCY_KINDS = ['every', 'times', 'by'] as const;
export type FrequencyKind = (typeof FREQUENCY_KINDS)[number];

export const VERDICTS = ['on_time', 'late', 'missed', 'excused'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const COVERAGE_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  everyHoursMax: 24,
  timesMax: 48,
  toleranceMax: 720,
  taskIdsMax: 50,
  reasonMin: 3,
  reasonMax: 500,
  /** A report's longest period in days. */
  reportDaysMax: 366,
} as const;

/** HH:MM, 00:00–23:59. */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
export const TIME_REGEX = new RegExp(TIME_PATTERN);

/** The messages a form and the API give for the rules a plain schema cannot state. */
export const COVERAGE_MESSAGES = {
  target: 'Choose a position or a position group',
  frequencyValue: 'Give how many hours apart (every) or how many times',
  dueTime: 'Give the deadline as HH:MM',
  dueInsideWindow: 'The deadline must fall inside the time window',
  days: 'Choose at least one day',
  everyHours: `Every 1 to ${COVERAGE_LIMITS.everyHoursMax} hours`,
  times: `1 to ${COVERAGE_LIMITS.timesMax} times`,
  notExcusable: 'Only a missed or late window can be excused',
} as const;

/** What a window is judged by; copied into every window closed under it. */
export interface ScheduleRule {
  days: number[];
  window_start: string;
  window_end: string;
  frequency_kind: FrequencyKind;
  /** Hours apart (every) or how many times (times); null for by. */
  frequency_value: number | null;
  /** The deadline (by); null otherwise. */
  due_time: string | null;
  tolerance_minutes: number;
  /** The tasks that count; null: any task (or none). */
  task_ids: number[] | null;
}

export interface CoverageWindow {
  /** The local day (YYYY-MM-DD) the window starts on. */
  day: string;
  start: Date;
  end: Date;
  /** The deadline: the end of the slot. */
  due: Date;
  /** When the window can be judged: its end plus the tolerance. */
  judgeAt: Date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Minutes after the window's start at which `time` falls, or null when it falls outside. */
function offsetInWindow(
  rule: Pick<ScheduleRule, 'window_start' | 'window_end'>,
  time: string,
): number | null {
  const start = minutesOf(rule.window_start);
  let end = minutesOf(rule.window_end);
  if (end <= start) end += 24 * 60;
  let at = minutesOf(time);
  if (at <= start) at += 24 * 60;
  return at > start && at <= end ? at - start : null;
}

/** The rule's own checks beyond field shapes: a field and its message, or null when it holds. */
export function ruleProblem(rule: ScheduleRule): { field: string; message: string } | null {
  if (rule.days.length === 0) return { field: 'days', message: COVERAGE_MESSAGES.days };
  if (rule.frequency_kind === 'by') {
    if (!rule.due_time || !TIME_REGEX.test(rule.due_time))
      return { field: 'due_time', message: COVERAGE_MESSAGES.dueTime };
    if (offsetInWindow(rule, rule.due_time) === null) {
      return { field: 'due_time', message: COVERAGE_MESSAGES.dueInsideWindow };
    }
    return null;
  }
  const n = rule.frequency_value;
  if (n === null || !Number.isInteger(n) || n < 1) {
    return { field: 'frequency_value', message: COVERAGE_MESSAGES.frequencyValue };
  }
  if (rule.frequency_kind === 'every' && n > COVERAGE_LIMITS.everyHoursMax) {
    return { field: 'frequency_value', message: COVERAGE_MESSAGES.everyHours };
  }
  if (rule.frequency_kind === 'times' && n > COVERAGE_LIMITS.timesMax) {
    return { field: 'frequency_value', message: COVERAGE_MESSAGES.times };
  }
  return null;
}

// --- Time zones ---------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of `instant` in the zone, as milliseconds of a UTC date with those fields. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, timeZone: string) =>
  wallClock(Math.floor(instant / 1000) * 1000, timeZone) - Math.floor(instant / 1000) * 1000;

/**
 * The instant of a wall-clock time in the zone. A time the clocks skip (03:30 on the spring
 * change in Helsinki) is read with the offset before the change (04:30 summer time); a time
 * that happens twice (autumn) is its first occurrence, as Temporal's 'compatible' does.
 */
export function zonedInstant(day: string, time: string, timeZone: string, plusDays = 0): Date {
  const [y, mo, d] = day.split('-').map(Number);
  const local = Date.UTC(y, mo - 1, d + plusDays) + minutesOf(time) * MINUTE;
  const before = offsetAt(local - DAY, timeZone);
  const after = offsetAt(local + DAY, timeZone);
  const candidates = [local - before, local - after].filter((t) => offsetAt(t, timeZone) === local - t);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(local - before);
}

/** The local day (YYYY-MM-DD) of an instant in the zone. */
export function localDay(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD day. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return w === 0 ? 7 : w;
}

// --- Windows ------------------------------------------------------------------------------

/** The windows a rule makes on a local day (none when the day is not one of its days). */
export function windowsOfDay(rule: ScheduleRule, day: string, timeZone: string): CoverageWindow[] {
  if (!rule.days.includes(isoWeekday(day))) return [];
  const spans = minutesOf(rule.window_end) <= minutesOf(rule.window_start);
  const start = zonedInstant(day, rule.window_start, timeZone).getTime();
  const end = zonedInstant(day, rule.window_end, timeZone, spans ? 1 : 0).getTime();
  const tolerance = rule.tolerance_minutes * MINUTE;
  const make = (s: number, e: number): CoverageWindow => ({
    day,
    start: new Date(s),
    end: new Date(e),
    due: new Date(e),
    judgeAt: new Date(e + tolerance),
  });
  if (end <= start) return [];
  if (rule.frequency_kind === 'by') {
    const offset = rule.due_time ? offsetInWindow(rule, rule.due_time) : null;
    if (offset === null) return [];
    const passes = minutesOf(rule.due_time as string) <= minutesOf(rule.window_start);
    const due = zonedInstant(day, rule.due_time as string, timeZone, passes ? 1 : 0).getTime();
    return [make(start, Math.min(Math.max(due, start + MINUTE), end))];
  }
  const n = Math.max(1, rule.frequency_value ?? 1);
  const out: CoverageWindow[] = [];
  if (rule.frequency_kind === 'every') {
    for (let s = start; s < end; s += n * HOUR) out.push(make(s, Math.min(s + n * HOUR, end)));
    return out;
  }
  // times: equal parts, each rounded to the second so stored instants compare exactly.
  const length = (end - start) / n;
  for (let i = 0; i < n; i++) {
    const s = start + Math.round((i * length) / 1000) * 1000;
    const e = i === n - 1 ? end : start + Math.round(((i + 1) * length) / 1000) * 1000;
    out.push(make(s, e));
  }
  return out;
}

/**
 * The windows of a rule that can be judged in (from, to]: their end plus tolerance falls there,
 * and they started at or after `since` (when the rule took effect: a changed schedule's new rule
 * never judges a window that started under the old one).
 */
export function windowsToJudge(
  rule: ScheduleRule,
  timeZone: string,
  range: { from: Date; to: Date; since: Date },
): CoverageWindow[] {
  const first = addDays(localDay(range.from, timeZone), -2);
  const last = localDay(range.to, timeZone);
  const out: CoverageWindow[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    for (const w of windowsOfDay(rule, day, timeZone)) {
      if (w.judgeAt > range.from && w.judgeAt <= range.to && w.start >= range.since) out.push(w);
    }
  }
  return out;
}

export interface Visit {
  id: number;
  startedAt: Date;
  taskId: number | null;
}

/** Whether an entry's task counts for the rule: any task when it names none. */
export const taskCounts = (rule: Pick<ScheduleRule, 'task_ids'>, taskId: number | null) =>
  rule.task_ids === null || rule.task_ids.length === 0 || (taskId !== null && rule.task_ids.includes(taskId));

/** The verdict of a window from the entries at its position, and the entries that visited it. */
export function judge(
  window: Pick<CoverageWindow, 'start' | 'end'>,
  rule: Pick<ScheduleRule, 'task_ids' | 'tolerance_minutes'>,
  entries: readonly Visit[],
): { verdict: Exclude<Verdict, 'excused'>; entryIds: number[] } {
  const counted = entries.filter((e) => taskCounts(rule, e.taskId));
  const inside = counted.filter((e) => e.startedAt >= window.start && e.startedAt <= window.end);
  if (inside.length > 0) return { verdict: 'on_time', entryIds: inside.map((e) => e.id) };
  const lateBy = window.end.getTime() + rule.tolerance_minutes * MINUTE;
  const late = counted.filter((e) => e.startedAt > window.end && e.startedAt.getTime() <= lateBy);
  if (late.length > 0) return { verdict: 'late', entryIds: late.map((e) => e.id) };
  return { verdict: 'missed', entryIds: [] };
}

/** On-time share in percent (one decimal), or null with nothing judged. Excused windows count as covered. */
export function onTimePercent(c: {
  on_time: number;
  late: number;
  missed: number;
  excused: number;
}): number | null {
  const total = c.on_time + c.late + c.missed + c.excused;
  return total === 0 ? null : Math.round(((c.on_time + c.excused) * 1000) / total) / 10;
}
