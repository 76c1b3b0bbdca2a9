/** The field API's bodies under the names the field app uses; the generated models are the source. */
import type { FieldTask } from '../../api/gen/model';

export type {
  FieldEntry,
  FieldPosition,
  FieldTask,
  FieldTaskEntry,
  GetFieldMyWork200 as FieldMyWork,
  WorkEntryStatus as EntryStatus,
} from '../../api/gen/model';

export type FieldTaskState = FieldTask['state'];
