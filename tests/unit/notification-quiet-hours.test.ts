/** Quiet hours: how long an email due now is held, on both sides of midnight. */
import { describe, expect, it } from 'vitest';
import { defaultPreferences, minutesUntilQuietEnds } from '../../src/domain/notifications.ts';

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('quiet hours', () => {
  it('hold an email due inside them until they end, across midnight', () => {
    expect(minutesUntilQuietEnds(at('23:00'), '22:00', '07:00')).toBe(8 * 60);
    expect(minutesUntilQuietEnds(at('06:59'), '22:00', '07:00')).toBe(1);
    expect(minutesUntilQuietEnds(at('22:00'), '22:00', '07:00')).toBe(9 * 60);
  });

  it('let an email due outside them go at once', () => {
    expect(minutesUntilQuietEnds(at('07:00'), '22:00', '07:00')).toBe(0);
    expect(minutesUntilQuietEnds(at('12:00'), '22:00', '07:00')).toBe(0);
    expect(minutesUntilQuietEnds(at('12:00'), '13:00', '14:00')).toBe(0);
    expect(minutesUntilQuietEnds(at('13:30'), '13:00', '14:00')).toBe(30);
  });

  it('none when unset or when both ends are the same', () => {
    expect(minutesUntilQuietEnds(at('23:00'), null, null)).toBe(0);
    expect(minutesUntilQuietEnds(at('23:00'), '08:00', '08:00')).toBe(0);
  });

  it('defaults: failed entries and missed visits for managers and up, nothing for workers', () => {
    expect(defaultPreferences('manager')).toMatchObject({
      failed_entries: true,
      missed_visits: true,
      late_visits: false,
      daily_digest: false,
    });
    expect(defaultPreferences('admin').failed_entries).toBe(true);
    expect(Object.values(defaultPreferences('worker')).some((v) => v === true)).toBe(false);
  });
});
