/**
 * Proof of coverage: visit schedules, and the windows they made with their stored
 * verdicts. A closed window keeps the rule it was judged by (`rule`), so changing or deleting a
 * schedule never rewrites the past.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FREQUENCY_KINDS, type ScheduleRule, VERDICTS } from '#domain/coverage.ts';
import { createdAt, id, inList, isActive, optionalRef, ref, siteId, updatedAt } from './columns.ts';
import { positionGroups, positions } from './positions.ts';
import { users } from './users.ts';

export const visitSchedules = pgTable(
  'visit_schedules',
  {
    id: id(),
    siteId: siteId(),
    scheduleName: text('schedule_name').notNull(),
    /** Exactly one of position and group (the check below). */
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'cascade' }),
    positionGroupId: integer('position_group_id').references(() => positionGroups.id, {
      onDelete: 'cascade',
    }),
    /** ISO weekdays, 1 Monday … 7 Sunday. */
    days: integer('days').array().notNull(),
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    frequencyKind: text('frequency_kind').notNull(),
    frequencyValue: integer('frequency_value'),
    dueTime: text('due_time'),
    toleranceMinutes: integer('tolerance_minutes').notNull().default(0),
    /** Null: any task counts. */
    taskIds: integer('task_ids').array(),
    isActive: isActive(),
    /** When the current rule took effect: windows starting earlier are never judged by it. */
    ruleFrom: timestamp('rule_from', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visit_schedules_site_idx').on(t.siteId, t.isActive),
    index('visit_schedules_position_idx').on(t.positionId),
    index('visit_schedules_group_idx').on(t.positionGroupId),
    check('visit_schedules_kind_check', inList(t.frequencyKind, FREQUENCY_KINDS)),
    check('visit_schedules_target_check', sql`(${t.positionId} is null) <> (${t.positionGroupId} is null)`),
  ],
);

export const coverageWindows = pgTable(
  'coverage_windows',
  {
    id: id(),
    siteId: siteId(),
    /** Emptied when the schedule is deleted; the window and its rule stay. */
    scheduleId: integer('schedule_id').references(() => visitSchedules.id, { onDelete: 'set null' }),
    scheduleName: text('schedule_name').notNull(),
    positionId: ref('position_id', () => positions.id, 'cascade'),
    /** The local day (site time zone) the window starts on. */
    day: text('day').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    verdict: text('verdict').notNull(),
    /** The verdict the job gave, kept when a manager excuses the window. */
    judgedVerdict: text('judged_verdict').notNull(),
    entryIds: integer('entry_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The worker of the first visiting entry. */
    visitedBy: integer('visited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The schedule's rule when the window was judged. */
    rule: jsonb('rule').$type<ScheduleRule & { time_zone: string }>().notNull(),
    judgedAt: timestamp('judged_at', { withTimezone: true }).notNull().defaultNow(),
    excuseReason: text('excuse_reason'),
    excusedBy: optionalRef('excused_by', () => users.id),
    excusedAt: timestamp('excused_at', { withTimezone: true }),
    /** The worker's own reason for a missed or late window (the field app), apart from an excuse. */
    workerReason: text('worker_reason'),
    workerReasonBy: optionalRef('worker_reason_by', () => users.id),
    workerReasonAt: timestamp('worker_reason_at', { withTimezone: true }),
  },
  (t) => [
    // The close job's idempotence: two instances insert the same window, one row wins.
    uniqueIndex('coverage_windows_schedule_position_start_unique').on(
      t.scheduleId,
      t.positionId,
      t.windowStart,
    ),
    // The report reads a period's windows by day and needs only these columns: an index-only scan.
    index('coverage_windows_site_day_idx').on(t.siteId, t.day, t.positionId, t.verdict, t.visitedBy),
    index('coverage_windows_site_position_idx').on(t.siteId, t.positionId, t.windowStart),
    check('coverage_windows_verdict_check', inList(t.verdict, VERDICTS)),
  ],
);
