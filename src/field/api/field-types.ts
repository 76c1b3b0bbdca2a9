/** The field API's bodies under the names the field app uses; the generated models are the source. */
import type { FieldPosition, FieldTask } from '../../api/gen/model';

export type {
  FieldEntry,
  FieldPosition,
  FieldTask,
  FieldTaskEntry,
  GetFieldMyWork200 as FieldMyWork,
  WorkEntryStatus as EntryStatus,
} from '../../api/gen/model';

export type FieldTaskState = FieldTask['state'];

/**
 * The site's time zone and date format the phone shows dates in (kept with each position copy, so
 * offline too); a copy saved before the server sent them shows the site defaults' format.
 */
export function siteDisplayOf(body: FieldPosition | undefined): { timezone?: string; dateFormat?: string } {
  const display = (body as Partial<FieldPosition> | undefined)?.display;
  return display ? { timezone: display.timezone, dateFormat: display.date_format } : {};
}
