import { keepPreviousData, type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListTaskInstancesParams } from '../../api/gen/model';
import { useListPositions } from '../../api/gen/positions/positions.ts';
import { useListTaskInstances } from '../../api/gen/unified-tasks/unified-tasks.ts';
import { TASK_CATEGORIES } from '../../domain/tasks.ts';

/** Every task query (instances, templates, per-position lists and stats) lives under this path. */
const TASKS_PATH = '/unified-tasks';

// biome-ignore lint/suspicious/noExplicitAny: only the bound; callers get the hook's own result type back.
type AnyMutationResult = UseMutationResult<any, any, any, any>;
type GeneratedMutationHook = (options?: { mutation?: { onSuccess?: () => unknown } }) => AnyMutationResult;

/**
 * A generated task mutation that refreshes every task query on success. A task change touches
 * several lists at once (the position's tasks, its stats, the templates it may still take, the
 * site-wide list), keyed per position, so they are matched by path rather than listed one by one.
 */
export function useTasksMutation<THook extends GeneratedMutationHook>(
  useGenerated: THook,
): ReturnType<THook> {
  const queryClient = useQueryClient();
  return useGenerated({
    mutation: {
      onSuccess: () =>
        queryClient.invalidateQueries({
          predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(TASKS_PATH),
        }),
    },
  }) as ReturnType<THook>;
}

/** One page of instances, filtered and sorted on the server; the previous page stays while the next loads. */
export function useInstancesPage(params: ListTaskInstancesParams, enabled = true) {
  return useListTaskInstances(params, { query: { placeholderData: keepPreviousData, enabled } });
}

/** The active positions, for the selector and the pickers (inactive ones are not offered). */
export function useActivePositions() {
  const list = useListPositions(undefined, { query: { select: (body) => body.positions } });
  const options = useMemo(
    () =>
      (list.data ?? [])
        .filter((p) => p.is_active)
        .map((p) => ({ value: p.id, label: `${p.position_code} – ${p.position_name}` })),
    [list.data],
  );
  return { options, loading: list.isPending, error: list.isError };
}

export function useCategoryOptions() {
  const { t } = useTranslation();
  return useMemo(() => TASK_CATEGORIES.map((c) => ({ value: c, label: t(`tasks.categories.${c}`) })), [t]);
}
