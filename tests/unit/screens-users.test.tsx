// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/api/gen/model';
import { hasPermission, type Role } from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';

const session = vi.hoisted(() => ({ user: { id: 1, role: 'admin' as string } }));

vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { ...session.user, first_name: 'Me', last_name: 'Myself', site_name: 'Main' },
    isLoading: false,
    error: null,
  }),
  usePermissions: () => ({
    role: session.user.role,
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission(session.user.role, p),
  }),
}));

const { UsersScreen } = await import('../../src/screens/users/users-screen.tsx');
const { usersListKey } = await import('../../src/screens/users/use-users-api.ts');

function user(id: number, first: string, role: Role, extra: Partial<User> = {}): User {
  return {
    id,
    first_name: first,
    last_name: 'Test',
    email: `${first.toLowerCase()}@example.com`,
    role,
    is_active: true,
    site_id: 'main',
    last_login_at: null,
    created_at: '2026-03-05T10:00:00Z',
    updated_at: '2026-03-05T10:00:00Z',
    ...extra,
  };
}

const USERS = [
  user(4, 'Wille', 'worker', { is_active: false }),
  user(1, 'Ada', 'admin'),
  user(3, 'Maija', 'manager'),
  user(2, 'Olli', 'owner'),
];

function renderAs(viewer: { id: number; role: Role }, users: User[] = USERS) {
  session.user = viewer;
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(usersListKey, { users });
  return render(
    <QueryClientProvider client={client}>
      <UsersScreen />
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByText(`${name} Test`).closest('tr') as HTMLElement;
const buttonsIn = (name: string) =>
  within(row(name))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('users screen', () => {
  it('sorts by first name and shows role, status and created date', () => {
    renderAs({ id: 1, role: 'admin' });
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent?.match(/Ada|Maija|Olli|Wille/)?.[0]);
    expect(names).toEqual(['Ada', 'Maija', 'Olli', 'Wille']);
    expect(within(row('Ada')).getByText('You')).toBeTruthy();
    expect(within(row('Wille')).getByText('Inactive')).toBeTruthy();
    expect(within(row('Maija')).getByText('Manager')).toBeTruthy();
    expect(within(row('Maija')).getByText('5 Mar 2026')).toBeTruthy();
  });

  it('gives an admin every action except on themselves', () => {
    renderAs({ id: 1, role: 'admin' });
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
    expect(buttonsIn('Ada')).toEqual([]);
    expect(buttonsIn('Olli')).toEqual(['Edit Olli Test', 'Delete Olli Test']);
    expect(buttonsIn('Wille')).toEqual(['Edit Wille Test', 'Delete Wille Test']);
  });

  it('lets an owner manage only lower ranks', () => {
    renderAs({ id: 2, role: 'owner' });
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
    expect(buttonsIn('Ada')).toEqual([]);
    expect(buttonsIn('Olli')).toEqual([]);
    expect(buttonsIn('Maija')).toEqual(['Edit Maija Test', 'Delete Maija Test']);
  });

  it('shows a manager the list without any action', () => {
    renderAs({ id: 3, role: 'manager' });
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(buttonsIn('Wille')).toEqual([]);
  });

  it('shows the empty state', () => {
    renderAs({ id: 1, role: 'admin' }, []);
    expect(screen.getByText('No data available')).toBeTruthy();
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('fi');
    renderAs({ id: 1, role: 'admin' });
    expect(screen.getByRole('button', { name: 'Lisää käyttäjä' })).toBeTruthy();
    expect(within(row('Maija')).getByText('5.3.2026')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
