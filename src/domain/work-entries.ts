/** Work entry statuses (spec §3). */
export const WORK_ENTRY_STATUSES = ['in_progress', 'completed', 'failed', 'paused', 'cancelled'] as const;
export type WorkEntryStatus = (typeof WORK_ENTRY_STATUSES)[number];
