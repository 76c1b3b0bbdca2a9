import { useQueryClient } from '@tanstack/react-query';
import {
  getListUsersQueryKey,
  useCreateUser,
  useDeleteUser,
  useListUsers,
  useUpdateUser,
} from '../../api/gen/users/users.ts';

/** The users list and its mutations, through the generated hooks; every mutation refreshes the list. */
export const usersListKey = getListUsersQueryKey();

export function useUsersList(options: { enabled?: boolean } = {}) {
  return useListUsers({ query: { select: (data) => data.users, enabled: options.enabled ?? true } });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersListKey });
}

export function useCreateUserMutation() {
  return useCreateUser({ mutation: { onSuccess: useInvalidateUsers() } });
}

export function useUpdateUserMutation() {
  return useUpdateUser({ mutation: { onSuccess: useInvalidateUsers() } });
}

export function useDeleteUserMutation() {
  return useDeleteUser({ mutation: { onSuccess: useInvalidateUsers() } });
}
