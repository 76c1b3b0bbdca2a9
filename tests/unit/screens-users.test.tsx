// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/api/gen/model';
import { hasPermission, type Role } from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ user: { id: 1, role: 'admin' as string } }));
// The boundary is the HTTP client: the generated hooks run for real and we see the requests they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { ...session.user, first_name: 'Me', last_name: 'Myself', site_name: 'Main' },
    isLoading: false,
    error: null,
  }),
  usePermissions: () => ({
    role: session.user.role,
    grant: session.user.role,
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission(session.user.role, p),
  }),
}));

const { UsersScreen } = await import('../../src/screens/users/users-screen.tsx');
const { usersListKey } = await import('../../src/screens/users/use-users-api.ts');
const { getListRolesQueryKey } = await import('../../src/api/gen/roles/roles.ts');

// Two custom roles: a site lead ranking with owners (level 3), an inspector with workers (level 1).
const custom = (id: number, name: string, level: number) => ({
  id,
  name,
  kind: 'custom',
  level,
  description: null,
  permissions: ['positions.read'],
  user_count: 1,
  created_at: null,
  updated_at: null,
});
const ROLES = [custom(11, 'Site lead', 3), custom(12, 'Inspector', 1)];

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
  return renderScreen(UsersScreen, {
    url: '/users',
    data: [
      [usersListKey, { users }],
      [getListRolesQueryKey(), { roles: ROLES }],
    ],
  });
}

const row = (name: string) => screen.getByText(`${name} Test`).closest('tr') as HTMLElement;
const buttonsIn = (name: string) =>
  within(row(name))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('users screen', () => {
  it('sorts by first name and shows role, status and created date', async () => {
    await renderAs({ id: 1, role: 'admin' });
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent?.match(/Ada|Maija|Olli|Wille/)?.[0]);
    expect(names).toEqual(['Ada', 'Maija', 'Olli', 'Wille']);
    expect(within(row('Ada')).getByText('You')).toBeTruthy();
    expect(within(row('Wille')).getByText('Inactive')).toBeTruthy();
    expect(within(row('Maija')).getByText('Manager')).toBeTruthy();
    expect(within(row('Maija')).getByText('05/03/2026')).toBeTruthy();
  });

  it('gives an admin every action except on themselves', async () => {
    await renderAs({ id: 1, role: 'admin' });
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
    expect(buttonsIn('Ada')).toEqual([]);
    expect(buttonsIn('Olli')).toEqual(['Edit Olli Test', 'Delete Olli Test']);
    expect(buttonsIn('Wille')).toEqual(['Edit Wille Test', 'Delete Wille Test']);
  });

  it('lets an owner manage only lower ranks', async () => {
    await renderAs({ id: 2, role: 'owner' });
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
    expect(buttonsIn('Ada')).toEqual([]);
    expect(buttonsIn('Olli')).toEqual([]);
    expect(buttonsIn('Maija')).toEqual(['Edit Maija Test', 'Delete Maija Test']);
  });

  it('shows a manager the list without any action', async () => {
    await renderAs({ id: 3, role: 'manager' });
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(buttonsIn('Wille')).toEqual([]);
  });

  it('shows a custom role by its name and ranks its holder by its level', async () => {
    const holders = [
      ...USERS,
      user(5, 'Sanna', 'worker', { custom_role_id: 11, custom_role_name: 'Site lead' }),
      user(6, 'Iiro', 'worker', { custom_role_id: 12, custom_role_name: 'Inspector' }),
    ];
    await renderAs({ id: 2, role: 'owner' }, holders);
    expect(within(row('Sanna')).getByText('Site lead')).toBeTruthy();
    expect(within(row('Sanna')).queryByText('Worker')).toBeNull();
    expect(within(row('Iiro')).getByText('Inspector')).toBeTruthy();
    // Level 3 is the owner's own rank: out of reach, like another owner.
    expect(buttonsIn('Sanna')).toEqual([]);
    expect(buttonsIn('Iiro')).toEqual(['Edit Iiro Test', 'Delete Iiro Test']);
  });

  it('shows the empty state', async () => {
    await renderAs({ id: 1, role: 'admin' }, []);
    expect(screen.getByText('No data available')).toBeTruthy();
  });

  it('asks before deleting, and says when the user was only deactivated', async () => {
    http.apiRequest.mockImplementation(async (config: { method: string }) =>
      config.method === 'DELETE' ? { outcome: 'deactivated', message: 'Deactivated' } : { users: USERS },
    );
    await renderAs({ id: 1, role: 'admin' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete Maija Test' })));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog.textContent).toContain('Are you sure you want to delete Maija Test?');
    expect(http.apiRequest).not.toHaveBeenCalledWith(
      expect.objectContaining({ method: 'DELETE' }),
      undefined,
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/users/3', method: 'DELETE' }),
        undefined,
      ),
    );
    expect(
      await screen.findByText(
        'Maija Test has recorded work, so the account was deactivated instead of deleted.',
      ),
    ).toBeTruthy();
    // The list was refreshed after the delete.
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/users', method: 'GET' }),
        undefined,
      ),
    );
  });

  it('reports a failed delete', async () => {
    http.apiRequest.mockRejectedValue(new Error('offline'));
    await renderAs({ id: 1, role: 'admin' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete Olli Test' })));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(await screen.findByText('Error deleting')).toBeTruthy();
  });

  it("follows the language, and dates the site's date format whatever the language", async () => {
    await i18n.changeLanguage('fi');
    await renderAs({ id: 1, role: 'admin' });
    expect(screen.getByRole('button', { name: 'Lisää käyttäjä' })).toBeTruthy();
    expect(within(row('Maija')).getByText('05/03/2026')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('shows an invited user with their link, resends (showing the link on a server without email) and revokes', async () => {
    const expires = new Date(Date.now() + 6 * 86_400_000).toISOString();
    const invited = user(5, 'Iida', 'worker', { invited: true, invitation_expires_at: expires });
    const link = 'http://localhost/set-password?token=abc';
    http.apiRequest.mockImplementation(async (config: { method: string; url: string }) => {
      if (config.url === '/users/5/invitation' && config.method === 'POST')
        return { user: invited, invitation: { expires_at: expires, delivery: 'logged', link } };
      if (config.url === '/users/5/invitation' && config.method === 'DELETE')
        return { user: { ...invited, invitation_expires_at: null } };
      return { users: [...USERS, invited] };
    });
    await renderAs({ id: 1, role: 'admin' }, [...USERS, invited]);
    const cells = within(row('Iida'));
    expect(cells.getByText('Invited')).toBeTruthy();
    expect(cells.getByText(/^Link valid until /)).toBeTruthy();

    await act(async () =>
      fireEvent.click(cells.getByRole('button', { name: 'Resend invitation Iida Test' })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect((within(dialog).getByLabelText('Invitation link for Iida Test') as HTMLInputElement).value).toBe(
      link,
    );

    await act(async () =>
      fireEvent.click(cells.getByRole('button', { name: 'Revoke invitation Iida Test' })),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke invitation' });
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke invitation' })),
    );
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/users/5/invitation', method: 'DELETE' }),
        undefined,
      ),
    );
    expect(await screen.findByText('Invitation of Iida Test revoked')).toBeTruthy();
  });

  it('says an invited user without a working link has none, and offers no revoke', async () => {
    const lapsed = user(6, 'Lassi', 'worker', { invited: true, invitation_expires_at: null });
    await renderAs({ id: 1, role: 'admin' }, [...USERS, lapsed]);
    const cells = within(row('Lassi'));
    expect(cells.getByText('No valid link')).toBeTruthy();
    expect(cells.getByRole('button', { name: 'Resend invitation Lassi Test' })).toBeTruthy();
    expect(cells.queryByRole('button', { name: 'Revoke invitation Lassi Test' })).toBeNull();
  });
});
