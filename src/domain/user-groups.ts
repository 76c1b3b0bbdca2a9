/** User group types (spec §3). 'system' groups exist but are never listed, created or deleted through the API. */
export const USER_GROUP_TYPES = ['custom', 'subcontractor', 'department', 'team', 'system'] as const;
export type UserGroupType = (typeof USER_GROUP_TYPES)[number];

/** The types a user may choose when creating a group (spec §5). */
export const CREATABLE_USER_GROUP_TYPES = ['custom', 'subcontractor', 'department', 'team'] as const;
