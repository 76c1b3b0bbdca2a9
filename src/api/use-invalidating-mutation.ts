/**
 * A generated orval mutation hook that refreshes the lists it changes: on success it invalidates
 * every given query key and waits for them, so a dialog that closes after `mutateAsync` shows the
 * new row at once. Pass keys from the generated key getters:
 *
 *   const createUser = useInvalidatingMutation(useCreateUser, [getListUsersQueryKey()]);
 *
 * Keys match by prefix, so a list key without params also refreshes that list's filtered
 * variants (e.g. ['/positions'] covers ['/positions', { include_inactive: true }]), and a path
 * covers the paths below it: ['/position-groups'] refreshes the list and every group read by id
 * (['/position-groups/9']), so a mutation names its resource once.
 */
import {
  partialMatchKey,
  type Query,
  type QueryKey,
  type UseMutationResult,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * Any generated mutation hook (`useCreateUser`, `useDeleteUser`, …). The result is typed from the
 * hook itself (ReturnType), because TypeScript cannot infer through the hooks' own generics.
 */
type GeneratedMutationHook = (options?: { mutation?: { onSuccess?: () => unknown } }) => AnyMutationResult;
// biome-ignore lint/suspicious/noExplicitAny: only the bound; callers get the hook's own result type back.
type AnyMutationResult = UseMutationResult<any, any, any, any>;

/** `key` is a prefix of the query's key (TanStack's own match), or a path above the query's path. */
function covers(key: QueryKey, query: Query): boolean {
  if (partialMatchKey(query.queryKey, key)) return true;
  const [path, ...rest] = key;
  const [queryPath] = query.queryKey;
  return (
    rest.length === 0 &&
    typeof path === 'string' &&
    typeof queryPath === 'string' &&
    queryPath.startsWith(`${path}/`)
  );
}

export function useInvalidatingMutation<THook extends GeneratedMutationHook>(
  useGeneratedMutation: THook,
  invalidates: readonly QueryKey[],
): ReturnType<THook> {
  const queryClient = useQueryClient();
  return useGeneratedMutation({
    mutation: {
      onSuccess: async () => {
        await Promise.all(
          invalidates.map((key) =>
            queryClient.invalidateQueries({ predicate: (query) => covers(key, query) }),
          ),
        );
      },
    },
  }) as ReturnType<THook>;
}
