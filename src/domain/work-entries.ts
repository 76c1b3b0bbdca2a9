/**
 * Work entries: the statuses, the one state chart every status change follows, the server-computed
 * duration, the distance from the position, and the list's sorts and limits. Shared by the API and
 * the console, so both speak of the same transitions.
 */

export const WORK_ENTRY_STATUSES = ['in_progress', 'completed', 'failed', 'paused', 'cancelled'] as const;
export type WorkEntryStatus = (typeof WORK_ENTRY_STATUSES)[number];

/**
 * The state chart: in_progress → paused, completed, failed, cancelled; paused → in_progress,
 * cancelled; completed, failed and cancelled are final. A paused entry is resumed before it is
 * completed, so the worked time always ends on a running clock.
 */
export const WORK_ENTRY_TRANSITIONS: Readonly<Record<WorkEntryStatus, readonly WorkEntryStatus[]>> = {
  in_progress: ['paused', 'completed', 'failed', 'cancelled'],
  paused: ['in_progress', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function isWorkEntryStatus(value: unknown): value is WorkEntryStatus {
  return typeof value === 'string' && (WORK_ENTRY_STATUSES as readonly string[]).includes(value);
}

export function isFinalStatus(status: WorkEntryStatus): boolean {
  return WORK_ENTRY_TRANSITIONS[status].length === 0;
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** May an entry go from `from` to `to`? Staying in the same status is not a transition. */
export function checkTransition(from: WorkEntryStatus, to: WorkEntryStatus): TransitionCheck {
  if (WORK_ENTRY_TRANSITIONS[from].includes(to)) return { ok: true };
  const allowed = WORK_ENTRY_TRANSITIONS[from];
  const reason =
    allowed.length === 0
      ? `${from} is final`
      : `from ${from} the entry can only become ${allowed.join(', ')}`;
  return { ok: false, message: `Cannot change the status from ${from} to ${to}: ${reason}` };
}

/** The clock of an entry: when it started, the seconds spent paused, and since when it is paused. */
export interface WorkClock {
  startedAt: Date;
  pausedSeconds: number;
  pausedAt: Date | null;
}

/**
 * What a status change does to the clock at `now`: pausing stamps pausedAt, resuming adds the
 * pause to pausedSeconds, and a final status closes the clock (completedAt, durationMinutes).
 */
export function applyTransition(
  clock: WorkClock,
  to: WorkEntryStatus,
  now: Date,
): WorkClock & { completedAt: Date | null; durationMinutes: number | null } {
  const openPause = clock.pausedAt ? Math.max(0, (now.getTime() - clock.pausedAt.getTime()) / 1000) : 0;
  const pausedSeconds = Math.round(clock.pausedSeconds + openPause);
  if (to === 'paused') {
    return { ...clock, pausedAt: now, completedAt: null, durationMinutes: null };
  }
  if (to === 'in_progress') {
    return { ...clock, pausedSeconds, pausedAt: null, completedAt: null, durationMinutes: null };
  }
  return {
    startedAt: clock.startedAt,
    pausedSeconds,
    pausedAt: null,
    completedAt: now,
    durationMinutes: workedMinutes(clock.startedAt, now, pausedSeconds),
  };
}

/** Whole minutes worked between start and end, pauses excluded (never negative). */
export function workedMinutes(startedAt: Date, endedAt: Date, pausedSeconds: number): number {
  const seconds = (endedAt.getTime() - startedAt.getTime()) / 1000 - pausedSeconds;
  return Math.max(0, Math.round(seconds / 60));
}

/** Hours and minutes of a duration, as the console shows it. */
export function splitMinutes(minutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in whole metres (haversine), from the phone to the position. */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** The list's sorts (each backed by an index of the same order on the server). */
export const WORK_ENTRY_SORTS = [
  'created',
  'completed',
  'status',
  'worker',
  'position',
  'task',
  'duration',
] as const;
export type WorkEntrySort = (typeof WORK_ENTRY_SORTS)[number];

export const WORK_ENTRY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const WORK_ENTRY_PAGE_MAX = 100;
/**
 * The list counts matches up to this many and then says "more than 1,000": counting further costs
 * every request a read of that many rows, and 40 pages are more than anyone pages through.
 */
export const WORK_ENTRY_COUNT_CAP = 1_000;
export const WORK_ENTRY_SEARCH_MAX = 100;
export const WORK_ENTRY_NOTES_MAX = 2000;

/**
 * The Idempotency-Key a phone sends with each action it may resend (a UUID fits): the server
 * answers a resend with the first answer. Kept for this many days.
 */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
export const IDEMPOTENCY_KEY_DAYS = 7;
/** How many recent entries the dashboard lists. */
export const DASHBOARD_RECENT = 5;
export const DASHBOARD_CHART_DAYS = 14;
/** Image types a photo may be, recognised by their first bytes, never by the name. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The image type the first bytes of a file show, or null (a renamed text file is null). */
export function sniffPhotoType(head: Uint8Array): PhotoType | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (head.length >= 3 && at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (head.length >= 8 && at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (head.length >= 12 && at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50]))
    return 'image/webp';
  return null;
}
