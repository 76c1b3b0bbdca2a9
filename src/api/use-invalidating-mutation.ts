/**
 * A generated orval mutation hook that refreshes the lists it changes (CONVENTIONS 3): on
 * success it invalidates every given query key and waits for them, so a dialog that closes
 * after `mutateAsync` shows the new row at once. Pass keys from the generated key getters:
 *
 *   const createUser = useInvalidatingMutation(useCreateUser, [getListUsersQueryKey()]);
 *
 * Keys match by prefix, so a list key without params also refreshes that list's filtered
 * variants (e.g. ['/positions'] covers ['/positions', { include_inactive: true }]).
 */
import { type QueryKey, type UseMutationResult, useQueryClient } from '@tanstack/react-query';

/**
 * Any generated mutation hook (`useCreateUser`, `useDeleteUser`, …). The result is typed from the
 * hook itself (ReturnType), because TypeScript cannot infer through the hooks' own generics.
 */
type GeneratedMutationHook = (options?: { mutation?: { onSuccess?: () => unknown } }) => AnyMutationResult;
// biome-ignore lint/suspicious/noExplicitAny: only the bound; callers get the hook's own result type back.
type AnyMutationResult = UseMutationResult<any, any, any, any>;

export function useInvalidatingMutation<THook extends GeneratedMutationHook>(
  useGeneratedMutation: THook,
  invalidates: readonly QueryKey[],
): ReturnType<THook> {
  const queryClient = useQueryClient();
  return useGeneratedMutation({
    mutation: {
      onSuccess: async () => {
        await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    },
  }) as ReturnType<THook>;
}
