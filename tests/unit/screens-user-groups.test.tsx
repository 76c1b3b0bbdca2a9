// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PositionGroup, User, UserGroup, UserGroupDetail } from '../../src/api/gen/model';
import { hasPermission, type Role } from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ role: 'admin' as string }));
// The boundary is the HTTP client: the generated hooks run for real and we see the requests they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  usePermissions: () => ({
    role: session.role,
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission(session.role, p),
  }),
}));

const { UserGroupsScreen } = await import('../../src/screens/user-groups/user-groups-screen.tsx');
const { validateUserGroupsSearch } = await import('../../src/screens/user-groups/user-groups-search.ts');
const gen = await import('../../src/api/gen/user-groups/user-groups.ts');
const { usersListKey } = await import('../../src/screens/users/use-users-api.ts');
const { getListPositionGroupsQueryKey } = await import(
  '../../src/api/gen/position-groups/position-groups.ts'
);

const stamp = '2026-03-05T10:00:00Z';
const person = (id: number, first: string, role: Role, is_active = true): User => ({
  id,
  first_name: first,
  last_name: 'Test',
  email: `${first.toLowerCase()}@example.com`,
  role,
  is_active,
  site_id: 'main',
  last_login_at: null,
  created_at: stamp,
  updated_at: stamp,
});
const USERS = [
  person(1, 'Ada', 'admin'),
  person(2, 'Maija', 'manager'),
  person(3, 'Ville', 'worker', false),
  person(4, 'Wilma', 'worker'),
];

const group = (id: number, name: string, extra: Partial<UserGroup> = {}): UserGroup => ({
  id,
  group_name: name,
  group_code: name.toLowerCase().replace(/\s+/g, '_'),
  description: null,
  group_type: 'team',
  manager_user_id: null,
  manager_first_name: null,
  manager_last_name: null,
  active_member_count: 0,
  is_active: true,
  created_at: stamp,
  updated_at: stamp,
  ...extra,
});
const CREW = group(5, 'Night crew', {
  group_type: 'subcontractor',
  manager_user_id: 2,
  manager_first_name: 'Maija',
  manager_last_name: 'Test',
  active_member_count: 1,
});
const CREW_DETAIL: UserGroupDetail = {
  ...CREW,
  members: [
    {
      user_id: 2,
      first_name: 'Maija',
      last_name: 'Test',
      email: 'maija@example.com',
      role: 'manager',
      is_active: true,
      added_at: stamp,
    },
  ],
};
const AREA: PositionGroup = {
  id: 9,
  group_name: 'North wing',
  group_code: 'north',
  description: null,
  is_active: true,
  position_count: 3,
  active_position_count: 2,
  created_at: stamp,
  updated_at: stamp,
};

async function renderAs(role: Role, url = '/user-groups') {
  session.role = role;
  return renderScreen(UserGroupsScreen, {
    url,
    validateSearch: validateUserGroupsSearch,
    data: [
      [gen.getListUserGroupsQueryKey({}), { data: [CREW, group(6, 'Painters')] }],
      [gen.getGetUserGroupQueryKey(5), { data: CREW_DETAIL }],
      [gen.getListUserGroupPositionAccessQueryKey(5), { data: [] }],
      [usersListKey, { users: USERS }],
      [
        getListPositionGroupsQueryKey(),
        { position_groups: [AREA, { ...AREA, id: 10, group_name: 'Old yard', is_active: false }] },
      ],
    ],
  });
}

/**
 * The server: GETs answer what the screen was seeded with (a mutation's refresh refetches them),
 * anything else the test's `write` answer; unknown reads (the site display settings) stay pending.
 */
function serve(write: (config: { url: string; method: string }) => unknown = () => ({})) {
  const reads: Record<string, unknown> = {
    '/user-groups': { data: [CREW, group(6, 'Painters')] },
    '/user-groups/5': { data: CREW_DETAIL },
    '/user-groups/5/position-access': { data: [] },
    '/users': { users: USERS },
  };
  http.apiRequest.mockImplementation(async (config: { url: string; method: string }) => {
    if (config.method !== 'GET') return write(config);
    return config.url in reads ? reads[config.url] : new Promise(() => {});
  });
}
const openPicker = async (label: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await act(async () => fireEvent.click(input.closest('.p-dropdown') as HTMLElement));
};
/** The open picker's options (its panel is still fading in, so they count as hidden). */
const pickerOptions = () => [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel .p-dropdown-item')];
const optionTexts = () => pickerOptions().map((o) => o.textContent);

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('user groups screen', () => {
  it('lists the groups with code, active members and translated type, and keeps the selection in the URL', async () => {
    serve();
    const { router } = await renderAs('admin');
    const list = screen.getByRole('list', { name: 'User groups' });
    expect(within(list).getByText('night_crew')).toBeTruthy();
    expect(within(list).getByText('1 active member')).toBeTruthy();
    expect(within(list).getByText('0 active members')).toBeTruthy();
    expect(within(list).getByText('Subcontractor')).toBeTruthy();
    expect(screen.getByText('Select a group to see its members and position access.')).toBeTruthy();

    await act(async () => fireEvent.click(within(list).getByText('Night crew')));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ group: 5 }));
    expect(screen.getByRole('heading', { name: 'Night crew' })).toBeTruthy();
    expect(screen.getByText('Group manager')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Position access' })));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ group: 5, tab: 'access' }));
    expect(screen.getByText('No position access')).toBeTruthy();
  });

  it('offers only active users who are not members yet, and adds several picked at once', async () => {
    serve(() => ({ data: { ...CREW_DETAIL.members[0], user_id: 4, first_name: 'Wilma' } }));
    await renderAs('manager', '/user-groups?group=5');
    const input = screen.getByLabelText('Users to add', { selector: 'input' });
    await act(async () => fireEvent.click(input.closest('.p-multiselect') as HTMLElement));
    const options = () => [
      ...document.querySelectorAll<HTMLElement>('.p-multiselect-panel .p-multiselect-item'),
    ];
    // Maija is a member already, Ville is inactive.
    expect(options().map((o) => o.textContent)).toEqual([
      'Ada Test (ada@example.com)',
      'Wilma Test (wilma@example.com)',
    ]);
    await act(async () => fireEvent.click(options()[0]));
    await act(async () => fireEvent.click(options()[1]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add member (2)' })));
    for (const userId of [1, 4])
      await waitFor(() =>
        expect(http.apiRequest).toHaveBeenCalledWith(
          expect.objectContaining({
            url: '/user-groups/5/members',
            method: 'POST',
            data: { user_id: userId },
          }),
          undefined,
        ),
      );
    expect(await screen.findByText('2 members were added to the group')).toBeTruthy();
  });

  it('offers active position groups not yet granted on the access tab', async () => {
    serve();
    await renderAs('admin', '/user-groups?group=5&tab=access');
    await openPicker('Position group');
    expect(optionTexts()).toEqual(['North wing (north)']);
  });

  it('hides create and delete from a manager, and the manager’s remove button from everyone', async () => {
    serve();
    await renderAs('manager', '/user-groups?group=5');
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete group/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Maija Test from the group' })).toBeNull();
    cleanup();
    await renderAs('owner', '/user-groups?group=5');
    expect(screen.getByRole('button', { name: 'New group' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete group Night crew' })).toBeTruthy();
  });

  it('deletes a group after the confirmation and clears the selection', async () => {
    serve(() => ({ message: 'User group deleted' }));
    const { router } = await renderAs('admin', '/user-groups?group=5');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete group Night crew' })));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user group' });
    expect(within(dialog).getByText(/Delete Night crew\?/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/user-groups/5', method: 'DELETE' }),
        undefined,
      ),
    );
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('group'));
  });
});
