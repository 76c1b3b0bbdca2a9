import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, withDefaults } from '../../src/domain/site-settings.ts';
import { formatSiteDate, formatSiteDateTime, formatSiteDay } from '../../src/i18n/format-date.ts';

// 2025-12-31 22:30 UTC is already 1 January 2026 in Helsinki (UTC+2) and still 31 December in New York.
const AT = '2025-12-31T22:30:00Z';

describe('dates in the site’s time zone and format', () => {
  it('renders every date format the settings offer', () => {
    const shown = DATE_FORMATS.map((dateFormat) => formatSiteDate(AT, { timezone: 'UTC', dateFormat }));
    expect(shown).toEqual(['31/12/2025', '12/31/2025', '2025-12-31', '31.12.2025']);
  });

  it('moves the date and time into the site’s zone', () => {
    expect(formatSiteDateTime(AT, { timezone: 'Europe/Helsinki', dateFormat: 'DD.MM.YYYY' })).toBe(
      '01.01.2026 00:30',
    );
    expect(formatSiteDateTime(AT, { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' })).toBe(
      '12/31/2025 17:30',
    );
  });

  it('falls back to UTC and DD/MM/YYYY for settings it cannot use, and shows nothing for no date', () => {
    expect(formatSiteDate(AT, { timezone: 'Nowhere/Land', dateFormat: 'YY' })).toBe('31/12/2025');
    expect(formatSiteDate(AT)).toBe('31/12/2025');
    expect(formatSiteDate(null)).toBe('');
    expect(formatSiteDate('not a date')).toBe('');
  });
});

describe('site settings domain', () => {
  it('overlays stored values on the defaults, ignoring values of the wrong type', () => {
    const merged = withDefaults({ maxUsersPerSite: 5, timezone: 7, unknown: true });
    expect(merged.maxUsersPerSite).toBe(5);
    expect(merged.timezone).toBe('UTC');
    expect(merged).not.toHaveProperty('unknown');
  });
});

describe('a day in the site’s format', () => {
  it('with its year, or without it for a chart of days, in every format', () => {
    expect(DATE_FORMATS.map((f) => formatSiteDay('2026-03-05', f))).toEqual([
      '05/03/2026',
      '03/05/2026',
      '2026-03-05',
      '05.03.2026',
    ]);
    expect(DATE_FORMATS.map((f) => formatSiteDay('2026-03-05', f, false))).toEqual([
      '05/03',
      '03/05',
      '03-05',
      '05.03.',
    ]);
    expect(formatSiteDay('5.3.2026', 'DD.MM.YYYY')).toBe('');
  });
});
