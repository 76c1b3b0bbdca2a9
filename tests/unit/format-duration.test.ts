/** One duration style per language, wherever the console shows a duration. */
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/i18n/format-duration.ts';
import i18n from '../../src/i18n/index.ts';

describe('durations', () => {
  it('are hours and minutes in one short style in en, fi and sv', async () => {
    const shown: Record<string, string[]> = {};
    for (const lng of ['en', 'fi', 'sv']) {
      await i18n.changeLanguage(lng);
      shown[lng] = [142, 40, 0, null].map((m) => formatDuration(i18n.t, m));
    }
    expect(shown).toEqual({
      en: ['2 h 22 min', '40 min', '0 min', ''],
      fi: ['2 t 22 min', '40 min', '0 min', ''],
      sv: ['2 tim 22 min', '40 min', '0 min', ''],
    });
    // The task screens use the same words.
    await i18n.changeLanguage('fi');
    expect(i18n.t('tasks.duration.hours', { hours: 2, minutes: 22 })).toBe(shown.fi[0]);
    expect(i18n.t('tasks.duration.minutes', { minutes: 40 })).toBe(shown.fi[1]);
    await i18n.changeLanguage('en');
  });
});
