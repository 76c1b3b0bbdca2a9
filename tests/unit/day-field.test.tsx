// @vitest-environment happy-dom
/** The date filter field: the site's date format (not the browser's), typed or picked, as a day. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getGetSiteDisplaySettingsQueryKey } from '../../src/api/gen/site-settings/site-settings.ts';
import { DayField } from '../../src/components/common/day-field.tsx';
import { calendarDateFormat, dateToDay, dayToDate } from '../../src/i18n/format-date.ts';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

const picked = vi.fn();

function Field({ initial }: { initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <label htmlFor="from">From</label>
      <DayField
        id="from"
        value={day}
        onChange={(value) => {
          picked(value);
          setDay(value);
        }}
      />
    </>
  );
}

const open = (dateFormat: string, initial?: string) =>
  renderScreen(() => <Field initial={initial} />, {
    data: [[getGetSiteDisplaySettingsQueryKey(), { timezone: 'UTC', dateFormat, defaultUserRole: 'worker' }]],
  });

afterEach(async () => {
  cleanup();
  picked.mockReset();
  await i18n.changeLanguage('en');
});

describe('day field', () => {
  it('shows the day in the site’s format, with the format as its placeholder in the viewer’s language', async () => {
    await open('DD.MM.YYYY', '2026-03-01');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('01.03.2026');
    cleanup();
    await act(() => i18n.changeLanguage('fi'));
    await open('DD.MM.YYYY');
    expect(screen.getByLabelText('From').getAttribute('placeholder')).toBe('PP.KK.VVVV');
    cleanup();
    await open('MM/DD/YYYY', '2026-03-01');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('03/01/2026');
  });

  it('gives the picked day as YYYY-MM-DD, and undefined when cleared', async () => {
    await open('DD/MM/YYYY', '2026-03-01');
    fireEvent.focus(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('15'));
    await waitFor(() => expect(picked).toHaveBeenLastCalledWith('2026-03-15'));
    fireEvent.blur(screen.getByLabelText('From'));
    fireEvent.focus(screen.getByLabelText('From'));
    fireEvent.click(await screen.findByText('Clear'));
    await waitFor(() => expect(picked).toHaveBeenLastCalledWith(undefined));
  });
});

describe('calendar days', () => {
  it('maps the site’s formats to the calendar’s patterns', () => {
    expect(calendarDateFormat('DD/MM/YYYY')).toBe('dd/mm/yy');
    expect(calendarDateFormat('MM/DD/YYYY')).toBe('mm/dd/yy');
    expect(calendarDateFormat('YYYY-MM-DD')).toBe('yy-mm-dd');
    expect(calendarDateFormat('DD.MM.YYYY')).toBe('dd.mm.yy');
    expect(calendarDateFormat('nonsense')).toBe('dd/mm/yy');
  });

  it('turns a day into the local date a calendar shows and back, whatever the zone', () => {
    expect(dateToDay(dayToDate('2026-12-31') as Date)).toBe('2026-12-31');
    expect(dayToDate('2026-3-1')).toBeUndefined();
    expect(dayToDate(undefined)).toBeUndefined();
  });
});
