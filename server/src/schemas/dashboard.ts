/** GET /dashboard/summary: the Dashboard screen's counts, chart and recent entries. */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { WorkEntryStatusSchema } from './work-entry.ts';

const RecentEntry = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  position_name: Nullable(Type.String()),
  task_name: Nullable(Type.String()),
  status: Type.Ref(WorkEntryStatusSchema),
  created_at: Type.String({ format: 'date-time' }),
});

const DayCounts = Type.Object({
  /** The day in the site's time zone, YYYY-MM-DD. */
  date: Type.String({ format: 'date' }),
  in_progress: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
  paused: Type.Integer(),
  cancelled: Type.Integer(),
});

export const DashboardSummary = Type.Object(
  {
    counts: Type.Object({
      /** Null without users.read (the card is not shown). */
      users: Nullable(Type.Integer()),
      positions: Nullable(Type.Integer()),
      /** The site's task templates (the library the Tasks card opens); null without tasks.read. */
      tasks: Nullable(Type.Integer()),
      /** The site's entries with work_entries.view_all, otherwise the caller's own. */
      work_entries: Type.Integer(),
      /** True when work_entries is a lower bound (a worker's own, counted up to 1,000). */
      work_entries_capped: Type.Boolean(),
    }),
    /** The five newest entries the caller may see. */
    recent: Type.Array(RecentEntry),
    /** The last 14 days in the site's time zone, oldest first, every day present. */
    per_day: Type.Array(DayCounts),
    time_zone: Type.String(),
  },
  { $id: 'DashboardSummary' },
);
