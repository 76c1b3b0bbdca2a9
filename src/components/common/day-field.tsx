/**
 * A day picked in the site's date format (Site settings → Display), not the browser's own
 * (a native date input shows mm/dd/yyyy or whatever the browser's locale says): PrimeReact's
 * Calendar, typed or picked, Today and Clear below the month. The value is the calendar day,
 * YYYY-MM-DD, as the URL and the API carry it; undefined when empty.
 */
import { Calendar, type CalendarPassThroughOptions } from 'primereact/calendar';
import { useTranslation } from 'react-i18next';
import { isDateFormat } from '../../domain/site-settings.ts';
import { calendarDateFormat, dateToDay, dayToDate } from '../../i18n/format-date.ts';
import { useSiteSettings } from './use-site-settings.ts';

/**
 * PrimeReact's calendar for axe: a day's selected and disabled state sat on a plain span
 * (aria-allowed-attr), a day cell and the month and year buttons were named otherwise than they
 * read ('15' named '15/11/2026', 'November' named 'Choose Month': label-content-name-mismatch).
 * They are named by what they show.
 */
const CALENDAR_PT = {
  day: { 'aria-label': undefined },
  dayLabel: { 'aria-selected': undefined, 'aria-disabled': undefined },
  monthTitle: { 'aria-label': undefined },
  yearTitle: { 'aria-label': undefined },
} as unknown as CalendarPassThroughOptions;

type Props = {
  /** The input's id, for its `<label htmlFor>`. */
  id: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  className?: string;
};

export function DayField({ id, value, onChange, className }: Props) {
  const { t } = useTranslation();
  const { dateFormat } = useSiteSettings();
  const pattern = isDateFormat(dateFormat) ? dateFormat : 'DD/MM/YYYY';
  const letters = t('common.dateLetters', { returnObjects: true });
  const placeholder = pattern
    .replace('YYYY', letters.year)
    .replace('MM', letters.month)
    .replace('DD', letters.day);
  return (
    <Calendar
      inputId={id}
      value={dayToDate(value) ?? null}
      onChange={(e) => onChange(e.value instanceof Date ? dateToDay(e.value) : undefined)}
      dateFormat={calendarDateFormat(pattern)}
      placeholder={placeholder}
      showIcon
      showButtonBar
      className={className}
      inputClassName="day-field__input"
      pt={CALENDAR_PT}
    />
  );
}
