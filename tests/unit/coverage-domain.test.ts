import { describe, expect, it } from 'vitest';
import {
  judge,
  onTimePercent,
  ruleProblem,
  type ScheduleRule,
  windowsOfDay,
  windowsToJudge,
  zonedInstant,
} from '../../src/domain/coverage.ts';

const HEL = 'Europe/Helsinki';
const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({
  days: [1, 2, 3, 4, 5, 6, 7],
  window_start: '06:00',
  window_end: '18:00',
  frequency_kind: 'every',
  frequency_value: 2,
  due_time: null,
  tolerance_minutes: 15,
  task_ids: null,
  ...r,
});
const iso = (ws: { start: Date; end: Date }[]) => ws.map((w) => [w.start.toISOString(), w.end.toISOString()]);

describe('zoned instants', () => {
  it('reads wall-clock times in the zone, summer and winter', () => {
    expect(zonedInstant('2026-01-15', '06:00', HEL).toISOString()).toBe('2026-01-15T04:00:00.000Z');
    expect(zonedInstant('2026-07-15', '06:00', HEL).toISOString()).toBe('2026-07-15T03:00:00.000Z');
  });
  it('moves a skipped time forward and takes the first of a doubled one', () => {
    // 29 March 2026: 03:00 → 04:00 in Helsinki.
    expect(zonedInstant('2026-03-29', '03:30', HEL).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 04:00 → 03:00; 03:30 happens twice, first at +03.
    expect(zonedInstant('2026-10-25', '03:30', HEL).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('windows of a day', () => {
  it('every N hours cuts the window into N-hour slots, the last one short', () => {
    const ws = windowsOfDay(rule({ window_end: '17:00', frequency_value: 4 }), '2026-01-15', HEL);
    expect(iso(ws)).toEqual([
      ['2026-01-15T04:00:00.000Z', '2026-01-15T08:00:00.000Z'],
      ['2026-01-15T08:00:00.000Z', '2026-01-15T12:00:00.000Z'],
      ['2026-01-15T12:00:00.000Z', '2026-01-15T15:00:00.000Z'],
    ]);
    expect(ws[0].judgeAt.toISOString()).toBe('2026-01-15T08:15:00.000Z');
  });
  it('N times spreads N equal slots', () => {
    const ws = windowsOfDay(rule({ frequency_kind: 'times', frequency_value: 3 }), '2026-01-15', HEL);
    expect(iso(ws)).toEqual([
      ['2026-01-15T04:00:00.000Z', '2026-01-15T08:00:00.000Z'],
      ['2026-01-15T08:00:00.000Z', '2026-01-15T12:00:00.000Z'],
      ['2026-01-15T12:00:00.000Z', '2026-01-15T16:00:00.000Z'],
    ]);
  });
  it('by HH:MM is one slot from the start to the deadline', () => {
    const ws = windowsOfDay(
      rule({ frequency_kind: 'by', frequency_value: null, due_time: '09:00' }),
      '2026-01-15',
      HEL,
    );
    expect(iso(ws)).toEqual([['2026-01-15T04:00:00.000Z', '2026-01-15T07:00:00.000Z']]);
  });
  it('a window spanning midnight ends on the next day and belongs to its first', () => {
    const r = rule({
      window_start: '22:00',
      window_end: '06:00',
      frequency_kind: 'times',
      frequency_value: 2,
    });
    const ws = windowsOfDay(r, '2026-01-15', HEL);
    expect(iso(ws)).toEqual([
      ['2026-01-15T20:00:00.000Z', '2026-01-16T00:00:00.000Z'],
      ['2026-01-16T00:00:00.000Z', '2026-01-16T04:00:00.000Z'],
    ]);
    expect(ws.every((w) => w.day === '2026-01-15')).toBe(true);
    const by = rule({
      window_start: '22:00',
      window_end: '06:00',
      frequency_kind: 'by',
      frequency_value: null,
      due_time: '02:00',
    });
    expect(iso(windowsOfDay(by, '2026-01-15', HEL))).toEqual([
      ['2026-01-15T20:00:00.000Z', '2026-01-16T00:00:00.000Z'],
    ]);
  });
  it('counts real hours across the daylight-saving changes in Helsinki', () => {
    const night = rule({ window_start: '00:00', window_end: '06:00', frequency_value: 1 });
    // Spring: the night is five hours long, so five hourly slots.
    const spring = windowsOfDay(night, '2026-03-29', HEL);
    expect(spring).toHaveLength(5);
    expect(spring[0].start.toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(spring[4].end.toISOString()).toBe('2026-03-29T03:00:00.000Z');
    // Autumn: seven.
    expect(windowsOfDay(night, '2026-10-25', HEL)).toHaveLength(7);
    // A day-time window is unchanged but for the offset.
    expect(windowsOfDay(rule({}), '2026-03-29', HEL)[0].start.toISOString()).toBe('2026-03-29T03:00:00.000Z');
  });
  it('only on the chosen weekdays', () => {
    // 2026-01-17 is a Saturday.
    expect(windowsOfDay(rule({ days: [1, 2, 3, 4, 5] }), '2026-01-17', HEL)).toEqual([]);
    expect(windowsOfDay(rule({ days: [6] }), '2026-01-17', HEL)).toHaveLength(6);
  });
});

describe('a schedule changed mid-day', () => {
  it('the new rule judges only windows that start after the change; the earlier ones were judged by the old', () => {
    const old = rule({ frequency_value: 4 }); // 06–10, 10–14, 14–18
    const changedAt = new Date('2026-01-15T09:00:00Z'); // 11:00 in Helsinki
    const before = windowsToJudge(old, HEL, {
      from: new Date('2026-01-15T00:00:00Z'),
      to: changedAt,
      since: new Date('2026-01-01T00:00:00Z'),
    });
    expect(iso(before)).toEqual([['2026-01-15T04:00:00.000Z', '2026-01-15T08:00:00.000Z']]);
    const neu = rule({ frequency_value: 2 }); // 06–08, …, 16–18
    const after = windowsToJudge(neu, HEL, {
      from: changedAt,
      to: new Date('2026-01-15T23:00:00Z'),
      since: changedAt,
    });
    expect(after.map((w) => w.start.toISOString())).toEqual([
      '2026-01-15T10:00:00.000Z',
      '2026-01-15T12:00:00.000Z',
      '2026-01-15T14:00:00.000Z',
    ]);
  });
});

describe('verdicts', () => {
  const w = { start: new Date('2026-01-15T04:00:00Z'), end: new Date('2026-01-15T06:00:00Z') };
  const at = (id: number, t: string, taskId: number | null = null) => ({
    id,
    startedAt: new Date(t),
    taskId,
  });
  it('on time, late within the tolerance, missed after it', () => {
    expect(judge(w, rule({}), [at(1, '2026-01-15T05:00:00Z')])).toEqual({
      verdict: 'on_time',
      entryIds: [1],
    });
    expect(judge(w, rule({}), [at(2, '2026-01-15T06:10:00Z')])).toEqual({ verdict: 'late', entryIds: [2] });
    expect(judge(w, rule({}), [at(3, '2026-01-15T06:20:00Z')]).verdict).toBe('missed');
  });
  it('only the tasks that count', () => {
    const r = rule({ task_ids: [7] });
    expect(judge(w, r, [at(1, '2026-01-15T05:00:00Z', 8)]).verdict).toBe('missed');
    expect(judge(w, r, [at(1, '2026-01-15T05:00:00Z', 7)]).verdict).toBe('on_time');
  });
  it('percentages and rule checks', () => {
    expect(onTimePercent({ on_time: 2, late: 0, missed: 1, excused: 0 })).toBe(66.7);
    expect(onTimePercent({ on_time: 0, late: 0, missed: 0, excused: 0 })).toBeNull();
    expect(ruleProblem(rule({ frequency_kind: 'by', due_time: '20:00' }))?.field).toBe('due_time');
    expect(ruleProblem(rule({ frequency_value: 30 }))?.field).toBe('frequency_value');
    expect(ruleProblem(rule({ days: [] }))?.field).toBe('days');
    expect(ruleProblem(rule({}))).toBeNull();
  });
});
