/**
 * The users screen's URL state: the search text and the role and status filters, which the server
 * applies, so a reload or a shared link shows the same list. Kept apart from the screen so the
 * registry can import it without the screen's chunk.
 */
import { enumParam, textParam } from '../../components/routing/search-params.ts';
import { ROLES } from '../../domain/permissions.ts';
import { LIMITS } from '../../domain/validation.ts';

export const USER_STATUSES = ['active', 'invited', 'inactive'] as const;

export const validateUsersSearch = (search: Record<string, unknown>) => ({
  /** Text within the first, last or full name or the email. */
  q: textParam(search.q, LIMITS.searchMax),
  role: enumParam(search.role, ROLES),
  status: enumParam(search.status, USER_STATUSES),
});

export type UsersSearch = ReturnType<typeof validateUsersSearch>;

/** How many filters are in use (the phone's Filters button counts them). */
export const usersFilterCount = (search: UsersSearch) =>
  [search.q, search.role, search.status].filter((v) => v !== undefined).length;
