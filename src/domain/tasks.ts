/** Task vocabularies (spec §3, §9), shared by the forms, the API schemas and the database checks. */
export const TASK_CATEGORIES = ['safety', 'quality', 'installation', 'testing', 'documentation'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/** Legacy templates name their priority; the current task form uses a number (default 1). */
export const LEGACY_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type LegacyPriority = (typeof LEGACY_PRIORITIES)[number];

export const DEPENDENCY_TYPES = ['blocks', 'requires', 'optional'] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];
export const DEFAULT_DEPENDENCY_TYPE: DependencyType = 'requires';
