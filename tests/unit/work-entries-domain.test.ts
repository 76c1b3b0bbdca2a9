import { describe, expect, it } from 'vitest';
import {
  applyTransition,
  checkTransition,
  distanceMetres,
  isFinalStatus,
  sniffPhotoType,
  splitMinutes,
  WORK_ENTRY_STATUSES,
  workedMinutes,
} from '../../src/domain/work-entries.ts';

const CHART: Record<string, string[]> = {
  in_progress: ['paused', 'completed', 'failed', 'cancelled'],
  paused: ['in_progress', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

describe('the work entry state chart', () => {
  it.each(WORK_ENTRY_STATUSES)('from %s allows exactly the chart’s transitions', (from) => {
    for (const to of WORK_ENTRY_STATUSES) {
      const check = checkTransition(from, to);
      expect(check.ok, `${from} → ${to}`).toBe(CHART[from].includes(to));
      if (!check.ok) expect(check.message).toContain(`from ${from} to ${to}`);
    }
  });

  it('names why a final status cannot change, and where a paused entry may go', () => {
    expect(checkTransition('completed', 'in_progress')).toEqual({
      ok: false,
      message: 'Cannot change the status from completed to in_progress: completed is final',
    });
    expect(checkTransition('paused', 'completed')).toMatchObject({
      message: expect.stringContaining('can only become in_progress, cancelled'),
    });
    expect(['completed', 'failed', 'cancelled'].every((s) => isFinalStatus(s as never))).toBe(true);
    expect(isFinalStatus('paused')).toBe(false);
  });
});

describe('the worked time', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes));

  it('pausing stamps the pause; resuming adds it to the paused seconds', () => {
    const start = { startedAt: at(0), pausedSeconds: 0, pausedAt: null };
    const paused = applyTransition(start, 'paused', at(30));
    expect(paused).toMatchObject({
      pausedAt: at(30),
      pausedSeconds: 0,
      completedAt: null,
      durationMinutes: null,
    });
    const resumed = applyTransition(paused, 'in_progress', at(45));
    expect(resumed).toMatchObject({ pausedAt: null, pausedSeconds: 15 * 60 });
    const done = applyTransition(resumed, 'completed', at(100));
    expect(done).toMatchObject({ completedAt: at(100), durationMinutes: 85 });
  });

  it('cancelling while paused leaves the open pause out too', () => {
    const paused = { startedAt: at(0), pausedSeconds: 600, pausedAt: at(40) };
    expect(applyTransition(paused, 'cancelled', at(70)).durationMinutes).toBe(30);
  });

  it('never counts below zero, and rounds to whole minutes', () => {
    expect(workedMinutes(at(10), at(5), 0)).toBe(0);
    expect(workedMinutes(at(0), new Date(at(0).getTime() + 89_000), 0)).toBe(1);
  });

  it('splits minutes into hours and minutes', () => {
    expect(splitMinutes(135)).toEqual({ hours: 2, minutes: 15 });
    expect(splitMinutes(45)).toEqual({ hours: 0, minutes: 45 });
  });
});

describe('the distance from the position', () => {
  it('is the great-circle distance in whole metres', () => {
    // Helsinki Cathedral to Tampere Cathedral: about 160 km.
    const d = distanceMetres(
      { latitude: 60.1705, longitude: 24.9522 },
      { latitude: 61.5017, longitude: 23.7687 },
    );
    expect(d).toBeGreaterThan(159_000);
    expect(d).toBeLessThan(163_000);
    expect(distanceMetres({ latitude: 60, longitude: 24 }, { latitude: 60.001, longitude: 24 })).toBe(111);
  });
});

describe('photo types by their first bytes', () => {
  const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
  it('recognises JPEG, PNG and WebP, and nothing else', () => {
    expect(sniffPhotoType(bytes('ffd8ffe000104a464946'))).toBe('image/jpeg');
    expect(sniffPhotoType(bytes('89504e470d0a1a0a0000'))).toBe('image/png');
    expect(sniffPhotoType(bytes('52494646000000005745425056503820'))).toBe('image/webp');
    expect(sniffPhotoType(new TextEncoder().encode('just text, named .jpg'))).toBeNull();
    expect(sniffPhotoType(bytes('47494638396101'))).toBeNull(); // GIF
    expect(sniffPhotoType(bytes('ffd8'))).toBeNull();
  });
});
