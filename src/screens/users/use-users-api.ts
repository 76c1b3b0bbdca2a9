import { getListUsersQueryKey, useListUsers } from '../../api/gen/users/users.ts';

/**
 * The users list (shared with the dashboard's count card). Mutations refresh it by this key
 * through useInvalidatingMutation.
 */
export const usersListKey = getListUsersQueryKey();

export function useUsersList(options: { enabled?: boolean } = {}) {
  return useListUsers({ query: { select: (data) => data.users, enabled: options.enabled ?? true } });
}
