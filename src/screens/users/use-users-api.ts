import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UpdateUserBody } from '../../api/gen/model';
import { createUser, deleteUser, listUsers, updateUser } from '../../api/gen/users/users.ts';

/**
 * The users list and its mutations. The generated request functions are used directly because
 * the current orval output wraps GET /users in useMutation and POST/PUT/DELETE in useQuery
 * (orval.config.ts sets useQuery and useMutation for every operation). When the client is
 * regenerated with proper hooks, swap these for useListUsers/useCreateUser/... one-to-one.
 */
export const usersListKey = ['GET', '/users'] as const;

export function useUsersList(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: usersListKey,
    queryFn: ({ signal }) => listUsers(undefined, signal),
    select: (data) => data.users,
    enabled: options.enabled ?? true,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersListKey });
}

export function useCreateUserMutation() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (data: CreateUserBody) => createUser(data), onSuccess: invalidate });
}

export function useUpdateUserMutation() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: UpdateUserBody }) => updateUser(id, data),
    onSuccess: invalidate,
  });
}

export function useDeleteUserMutation() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (id: number) => deleteUser(id), onSuccess: invalidate });
}
