// @vitest-environment happy-dom
/** The roles screen: who may select a card, the matrix counts, creating a role. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RoleInfo } from '../../src/api/gen/model';
import { getListRolesQueryKey } from '../../src/api/gen/roles/roles.ts';
import {
  hasPermission,
  type Permission,
  ROLE_PERMISSIONS,
  ROLE_RANK,
  ROLES,
  type RoleLike,
} from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

const session = vi.hoisted(() => ({ grant: 'admin' as unknown }));
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  usePermissions: () => ({
    role: typeof session.grant === 'string' ? session.grant : 'worker',
    grant: session.grant,
    can: (p: Permission) => hasPermission(session.grant as RoleLike, p),
  }),
}));

const { RolesScreen } = await import('../../src/screens/roles/roles-screen.tsx');

const builtIn = (name: (typeof ROLES)[number]): RoleInfo => ({
  id: null,
  name,
  kind: 'built_in',
  level: ROLE_RANK[name],
  description: null,
  permissions: [...ROLE_PERMISSIONS[name]],
  user_count: 1,
  created_at: null,
  updated_at: null,
});
const INSPECTOR: RoleInfo = {
  ...builtIn('worker'),
  id: 21,
  name: 'Inspector',
  kind: 'custom',
  level: 2,
  permissions: ['positions.read', 'positions.update', 'tasks.read'],
};
const ROLE_LIST = [...ROLES.map(builtIn), INSPECTOR];

function open(grant: RoleLike) {
  session.grant = grant;
  http.apiRequest.mockImplementation(async (config: AxiosRequestConfig) => {
    if (config.url === '/roles' && config.method === 'POST')
      return { role: { ...INSPECTOR, id: 22, ...config.data } };
    if (config.url === '/roles') return { roles: ROLE_LIST };
    throw new Error(`unexpected ${config.method} ${config.url}`);
  });
  return renderScreen(RolesScreen, { url: '/roles', data: [[getListRolesQueryKey(), { roles: ROLE_LIST }]] });
}

const cards = () => within(screen.getByRole('list', { name: 'Role Overview' }));
/** The cards a viewer can select are buttons named by their text. */
const selectable = () =>
  cards()
    .queryAllByRole('button')
    .map((b) => b.querySelector('.role-card__name')?.textContent);

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('roles screen', () => {
  it('shows each role with its level and permission count', async () => {
    await open('admin');
    const owner = cards().getByText('Owner').closest('li') as HTMLElement;
    expect(within(owner).getByText('Level 3')).toBeTruthy();
    expect(within(owner).getByText(`${ROLE_PERMISSIONS.owner.length} permissions`)).toBeTruthy();
    expect(within(owner).getByText('Site owner with management abilities')).toBeTruthy();
    const inspector = cards().getByText('Inspector').closest('li') as HTMLElement;
    expect(within(inspector).getByText('Custom')).toBeTruthy();
    expect(within(inspector).getByText('3 permissions')).toBeTruthy();
  });

  it('lets a viewer select only the roles strictly below them, and only with roles.update', async () => {
    await open('admin');
    expect(selectable()).toEqual(['Owner', 'Manager', 'Worker', 'Inspector']);
    cleanup();
    await open('owner');
    expect(selectable()).toEqual(['Manager', 'Worker', 'Inspector']);
    cleanup();
    // Level 3 but without roles.update: nothing to select.
    await open({ level: 3, permissions: ['roles.read'] });
    expect(selectable()).toEqual([]);
  });

  it('highlights the selected card', async () => {
    await open('owner');
    const worker = cards().getByRole('button', { name: /Worker/ });
    await act(async () => fireEvent.click(worker));
    expect(worker.getAttribute('aria-pressed')).toBe('true');
    expect(worker.closest('li')?.className).toContain('role-card--selected');
  });

  it('counts granted over total per role on each category row', async () => {
    await open('admin');
    const matrix = screen.getByRole('table', { name: 'Permission Matrix' });
    const headers = within(matrix)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Permission', 'Admin', 'Owner', 'Manager', 'Worker', 'Inspector']);
    const positions = within(matrix)
      .getByRole('rowheader', { name: 'Positions' })
      .closest('tr') as HTMLElement;
    expect([...positions.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '4/4',
      '4/4',
      '2/4',
      '1/4',
      '2/4',
    ]);
    const system = within(matrix).getByRole('rowheader', { name: 'System' }).closest('tr') as HTMLElement;
    expect([...system.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '4/4',
      '0/4',
      '0/4',
      '0/4',
      '0/4',
    ]);
  });

  it('hides Create Custom Role without roles.create', async () => {
    await open('manager');
    expect(screen.queryByRole('button', { name: 'Create Custom Role' })).toBeNull();
  });

  it('creates a role: Create Role stays disabled while the name is blank, then posts the role', async () => {
    await open('owner');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Custom Role' })));
    const dialog = await screen.findByRole('dialog', { name: 'Create Custom Role' });
    const create = within(dialog).getByRole('button', { name: 'Create Role' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Role Name'), { target: { value: '   ' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Role Name'), { target: { value: '  Surveyor ' } });
    expect(create.disabled).toBe(false);
    // An owner cannot give what they lack.
    expect((dialog.querySelector('#create-role-system-logs') as HTMLInputElement).disabled).toBe(true);
    for (const id of ['positions-read', 'positions-update', 'tasks-read'])
      await act(async () => fireEvent.click(dialog.querySelector(`#create-role-${id}`) as HTMLElement));
    await act(async () => fireEvent.click(create));
    await waitFor(() =>
      expect(http.apiRequest).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/roles', method: 'POST' }),
        undefined,
      ),
    );
    const post = http.apiRequest.mock.calls.find(([c]) => c.method === 'POST')?.[0];
    expect(post.data).toEqual({
      name: 'Surveyor',
      level: 1,
      permissions: expect.arrayContaining(['positions.read', 'positions.update', 'tasks.read']),
    });
    expect(post.data.permissions).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Custom Role' })).toBeNull());
  });
});
