/** A position's state now and the base map setting's rule. */
import { describe, expect, it } from 'vitest';
import type { ScheduleRule } from '../../src/domain/coverage.ts';
import { positionState, tileUrlKind, windowsAround } from '../../src/domain/coverage-map.ts';

const rule: ScheduleRule = {
  days: [1, 2, 3, 4, 5, 6, 7],
  window_start: '08:00',
  window_end: '12:00',
  frequency_kind: 'every',
  frequency_value: 2,
  due_time: null,
  tolerance_minutes: 30,
  task_ids: null,
};
const since = new Date('2026-01-01T00:00:00Z');
const at = (iso: string) => new Date(`2026-03-10T${iso}:00Z`);
const stateAt = (now: Date, visits: Date[] = [], last: string | null = null) =>
  positionState(
    now,
    [{ rule, since, windows: windowsAround(rule, 'UTC', now) }],
    visits.map((startedAt) => ({ startedAt, taskId: null })),
    last,
  );

describe('positionState', () => {
  it('is no_schedule without schedules', () => {
    expect(positionState(at('09:00'), [], [], 'missed').state).toBe('no_schedule');
  });
  it('is due soon within the hour before an unvisited deadline, with that deadline next', () => {
    const s = stateAt(at('09:15'));
    expect(s.state).toBe('due_soon');
    expect(s.nextDue?.toISOString()).toBe('2026-03-10T10:00:00.000Z');
  });
  it('is on time when the open window was visited, or nothing is owed yet', () => {
    expect(stateAt(at('09:15'), [at('08:30')]).state).toBe('on_time');
    expect(stateAt(at('06:00')).state).toBe('on_time');
  });
  it('is late past an unvisited deadline inside the tolerance', () => {
    expect(stateAt(at('10:10')).state).toBe('late');
  });
  it('shows the last judged verdict when nothing is open', () => {
    expect(stateAt(at('14:00'), [], 'missed').state).toBe('missed');
    expect(stateAt(at('14:00'), [], 'late').state).toBe('late');
    expect(stateAt(at('14:00'), [], 'excused').state).toBe('on_time');
  });
});

describe('tileUrlKind', () => {
  it('accepts an https template or style and nothing else', () => {
    expect(tileUrlKind('')).toBe('none');
    expect(tileUrlKind('https://tile.example.com/{z}/{x}/{y}.png')).toBe('tiles');
    expect(tileUrlKind('https://maps.example.com/styles/basic/style.json')).toBe('style');
    expect(tileUrlKind('http://tile.example.com/{z}/{x}/{y}.png')).toBe('invalid');
    expect(tileUrlKind('https://tile.example.com/{z}/{x}.png')).toBe('invalid');
    expect(tileUrlKind('https://user:pw@tile.example.com/{z}/{x}/{y}.png')).toBe('invalid');
    expect(tileUrlKind('javascript:alert(1)')).toBe('invalid');
  });
});
