import type { ListUsersParams } from '../../api/gen/model';
import { getListUsersQueryKey, useListUsers } from '../../api/gen/users/users.ts';

/**
 * The users list (shared with the dashboard's count card). Mutations refresh it, every filtered
 * variant included, by this key through useInvalidatingMutation.
 */
export const usersListKey = getListUsersQueryKey();

/** The site's users, or those the filters leave (search, role, status: the server filters). */
export function useUsersList(options: { enabled?: boolean; filters?: ListUsersParams } = {}) {
  // No filter in use is the plain list (one cache entry with the other screens that read it).
  const { filters } = options;
  const params = filters && Object.values(filters).some((v) => v !== undefined) ? filters : undefined;
  return useListUsers(params, {
    query: {
      select: (data) => data.users,
      enabled: options.enabled ?? true,
      // A new filter keeps the rows shown until its answer (no flash of skeleton rows).
      placeholderData: (previous) => previous,
    },
  });
}
