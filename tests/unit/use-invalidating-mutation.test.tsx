// @vitest-environment happy-dom
/** A generated mutation wrapped by useInvalidatingMutation refreshes its list before it resolves. */
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

const { getListUsersQueryKey, useDeleteUser } = await import('../../src/api/gen/users/users.ts');
const { useInvalidatingMutation } = await import('../../src/api/use-invalidating-mutation.ts');

describe('useInvalidatingMutation', () => {
  it('refetches the given lists, and only then resolves the mutation', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const listFn = vi.fn().mockResolvedValue({ users: [] });
    const otherFn = vi.fn().mockResolvedValue({ ok: true });
    // Lists on screen are observed queries: those are what an invalidation refetches.
    const unobserve = [
      new QueryObserver(client, { queryKey: getListUsersQueryKey(), queryFn: listFn }),
      new QueryObserver(client, { queryKey: ['/positions'], queryFn: otherFn }),
    ].map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() => expect(listFn).toHaveBeenCalledTimes(1));
    http.apiRequest.mockResolvedValue({ outcome: 'deleted', message: 'Deleted' });

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useInvalidatingMutation(useDeleteUser, [getListUsersQueryKey()]), {
      wrapper,
    });
    let outcome: string | undefined;
    await act(async () => {
      outcome = (await result.current.mutateAsync({ id: 7 })).outcome;
    });

    expect(outcome).toBe('deleted');
    expect(http.apiRequest.mock.calls[0][0]).toMatchObject({ url: '/users/7', method: 'DELETE' });
    expect(listFn).toHaveBeenCalledTimes(2);
    expect(otherFn).toHaveBeenCalledTimes(1);
    for (const stop of unobserve) stop();
  });

  it('a path refreshes the records read below it too, and nothing beside it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fns = {
      list: vi.fn().mockResolvedValue({ users: [] }),
      one: vi.fn().mockResolvedValue({ user: {} }),
      filtered: vi.fn().mockResolvedValue({ users: [] }),
      beside: vi.fn().mockResolvedValue({ user_groups: [] }),
    };
    const keys = {
      list: ['/users'],
      one: ['/users/7'],
      filtered: ['/users', { active: true }],
      beside: ['/users-archive'],
    };
    const unobserve = Object.entries(fns).map(([name, queryFn]) =>
      new QueryObserver(client, { queryKey: keys[name as keyof typeof keys], queryFn }).subscribe(() => {}),
    );
    await vi.waitFor(() => expect(fns.beside).toHaveBeenCalledTimes(1));
    http.apiRequest.mockResolvedValue({ outcome: 'deleted', message: 'Deleted' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useInvalidatingMutation(useDeleteUser, [['/users']]), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ id: 7 });
    });

    expect(fns.list).toHaveBeenCalledTimes(2);
    expect(fns.one).toHaveBeenCalledTimes(2);
    expect(fns.filtered).toHaveBeenCalledTimes(2);
    expect(fns.beside).toHaveBeenCalledTimes(1);
    for (const stop of unobserve) stop();
  });
});
