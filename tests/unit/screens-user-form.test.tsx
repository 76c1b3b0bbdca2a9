// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { RoleInfo, User } from '../../src/api/gen/model';
import { hasPermission } from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';

// The boundary is the HTTP client: the generated hooks run for real and we see the request they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  usePermissions: () => ({
    role: 'owner',
    grant: 'owner',
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission('owner', p),
  }),
}));

const customRole = (id: number, name: string, level: number, permissions: string[]): RoleInfo => ({
  id,
  name,
  kind: 'custom',
  level,
  description: null,
  permissions: permissions as RoleInfo['permissions'],
  user_count: 0,
  created_at: null,
  updated_at: null,
});
// The owner (level 3) may give Site lead and Inspector; never Auditor, which holds system.logs.
const ROLES: RoleInfo[] = [
  { ...customRole(0, 'owner', 3, []), id: null, kind: 'built_in' },
  customRole(11, 'Site lead', 3, ['positions.read', 'positions.update']),
  customRole(12, 'Inspector', 1, ['positions.read', 'tasks.read']),
  customRole(13, 'Auditor', 2, ['system.logs']),
];
const site = vi.hoisted(() => ({ defaultUserRole: 'worker' }));

/** The reads every dialog makes answer at once; `write` answers the save. */
function serve(write: (config: AxiosRequestConfig) => unknown) {
  http.apiRequest.mockImplementation(async (config: AxiosRequestConfig) => {
    if (config.url === '/roles' && config.method === 'GET') return { roles: ROLES };
    if (config.url === '/site-settings/display')
      return { timezone: 'UTC', dateFormat: 'DD/MM/YYYY', defaultUserRole: site.defaultUserRole };
    return write(config);
  });
}
const writes = () => http.apiRequest.mock.calls.map(([c]) => c).filter((c) => c.method !== 'GET');

const { UserFormDialog } = await import('../../src/screens/users/user-form-dialog.tsx');

const maija: User = {
  id: 7,
  first_name: 'Maija',
  last_name: 'Test',
  email: 'maija@example.com',
  role: 'manager',
  is_active: true,
  site_id: 'main',
  last_login_at: null,
  created_at: '2026-03-05T10:00:00Z',
  updated_at: '2026-03-05T10:00:00Z',
};

let client = new QueryClient();
const dialog = (props: { user?: User | null; visible?: boolean; onSaved?: () => void }) => (
  <QueryClientProvider client={client}>
    <UserFormDialog
      user={props.user === undefined ? maija : props.user}
      visible={props.visible ?? true}
      onHide={() => {}}
      onSaved={props.onSaved ?? (() => {})}
    />
  </QueryClientProvider>
);

function renderDialog(onSaved = vi.fn()) {
  render(dialog({ onSaved }));
  return onSaved;
}

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  site.defaultUserRole = 'worker';
  serve(async () => ({ user: maija }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('user form dialog', () => {
  it('saves an edit without the empty password', async () => {
    const onSaved = renderDialog();
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      url: '/users/7',
      method: 'PUT',
      data: {
        first_name: 'Maija',
        last_name: 'Test',
        email: 'maija@example.com',
        role: 'manager',
        custom_role_id: null,
        is_active: true,
      },
    });
    expect(writes()[0].data).not.toHaveProperty('password');
  });

  it('shows server field errors on their fields', async () => {
    serve(() => {
      throw new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'A user with this email already exists',
        code: 'CONFLICT',
        details: [{ field: 'email', message: 'A user with this email already exists', rule: 'unique' }],
      });
    });
    const onSaved = renderDialog();
    await save();
    expect(await screen.findByText('A user with this email already exists')).toBeTruthy();
    expect(screen.queryByText('Failed to save user. Please try again')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the generic message when the failure names no field', async () => {
    serve(() => {
      throw new ApiError(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' });
    });
    renderDialog();
    await save();
    expect(await screen.findByText('Failed to save user. Please try again')).toBeTruthy();
  });

  it('keeps what was typed when the list refreshes, and starts afresh when reopened', async () => {
    const { rerender } = render(dialog({}));
    const firstName = () => screen.getByLabelText('First name') as HTMLInputElement;
    fireEvent.change(firstName(), { target: { value: 'Maria' } });
    rerender(dialog({ user: { ...maija } }));
    expect(firstName().value).toBe('Maria');
    rerender(dialog({ visible: false }));
    rerender(dialog({ user: null }));
    await waitFor(() => expect(firstName().value).toBe(''));
  });

  it('validates before calling the server', async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'M' } });
    await save();
    expect(await screen.findByText('Minimum length is 2 characters')).toBeTruthy();
    expect(writes()).toEqual([]);
  });
});

const roleDropdown = () =>
  screen.getByLabelText('Role', { selector: 'input' }).closest('.p-dropdown') as HTMLElement;
/** The open dropdown's options (its panel is still fading in, so they count as hidden). */
const options = () => [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel .p-dropdown-item')];
async function openRoles() {
  await act(async () => fireEvent.click(roleDropdown()));
  // The custom roles arrive with GET /roles.
  await waitFor(() => expect(options().map((o) => o.textContent)).toContain('Site lead'));
}
async function pickRole(name: string) {
  await openRoles();
  const option = options().find((o) => o.textContent === name) as HTMLElement;
  await act(async () => fireEvent.click(option));
}
async function optionNames() {
  await openRoles();
  return options().map((o) => o.textContent);
}
async function fillNewUser() {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ilona' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Inspector' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ilona@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
}

describe('user form roles', () => {
  it('offers the custom roles the viewer may give, after the built-in ones', async () => {
    render(dialog({ user: null }));
    expect(await optionNames()).toEqual(['Owner', 'Manager', 'Worker', 'Site lead', 'Inspector']);
  });

  it('preselects the site default role on a new user', async () => {
    site.defaultUserRole = 'manager';
    render(dialog({ user: null }));
    await waitFor(() => expect(roleDropdown().textContent).toContain('Manager'));
  });

  it('creates a user with a custom role as custom_role_id', async () => {
    const onSaved = vi.fn();
    render(dialog({ user: null, onSaved }));
    await fillNewUser();
    await pickRole('Inspector');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({
      url: '/users',
      method: 'POST',
      data: { email: 'ilona@example.com', role: 'worker', custom_role_id: 12 },
    });
  });

  it('shows a holder their custom role and takes it away for a built-in one', async () => {
    const holder = { ...maija, role: 'worker' as const, custom_role_id: 12, custom_role_name: 'Inspector' };
    const onSaved = vi.fn();
    render(dialog({ user: holder, onSaved }));
    await waitFor(() => expect(roleDropdown().textContent).toContain('Inspector'));
    await pickRole('Manager');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0].data).toMatchObject({ role: 'manager', custom_role_id: null });
  });

  it('puts a refusal of the custom role on the role field', async () => {
    serve(() => {
      throw new ApiError(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'You cannot give the role Inspector',
        details: [{ field: 'custom_role_id', message: 'You cannot give the role Inspector' }],
      });
    });
    render(dialog({ user: null }));
    await fillNewUser();
    await pickRole('Inspector');
    await save();
    expect(await screen.findByText('You cannot give the role Inspector')).toBeTruthy();
    expect(screen.queryByText('Failed to save user. Please try again')).toBeNull();
  });
});
