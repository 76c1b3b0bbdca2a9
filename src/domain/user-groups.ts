/** User group types. 'system' groups exist but are never listed, created or deleted through the API. */
export const USER_GROUP_TYPES = ['custom', 'subcontractor', 'department', 'team', 'system'] as const;
export type UserGroupType = (typeof USER_GROUP_TYPES)[number];

/** The types a user may choose when creating a group. */
export const CREATABLE_USER_GROUP_TYPES = ['custom', 'subcontractor', 'department', 'team'] as const;
export type CreatableUserGroupType = (typeof CREATABLE_USER_GROUP_TYPES)[number];

/** Generated user group codes are cut to this length. */
export const USER_GROUP_CODE_MAX = 50;

/** What a user group code may contain: exactly the generator's alphabet. */
export const USER_GROUP_CODE_PATTERN = '^[a-z0-9_]+$';

/**
 * The code of a user group from its name, the same in the create dialog and on the server:
 * "Työmaa Ääni Ö" → "tyomaa_aani_o".
 * Whitespace becomes an underscore before other characters are dropped, or the words would run
 * together; å/ä/ö are mapped before the drop so Finnish and Swedish names keep their letters.
 * Runs of whitespace give one underscore, and no underscore is left at either end (also after the cut).
 */
export function userGroupCode(name: string): string {
  return name
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .slice(0, USER_GROUP_CODE_MAX)
    .replace(/^_+|_+$/g, '');
}
