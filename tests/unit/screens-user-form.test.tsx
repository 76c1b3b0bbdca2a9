// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { User } from '../../src/api/gen/model';
import { hasPermission } from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';

// The boundary is the HTTP client: the generated hooks run for real and we see the request they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  usePermissions: () => ({
    role: 'owner',
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission('owner', p),
  }),
}));

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

const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
const dialog = (props: { user?: User | null; visible?: boolean; onSaved?: () => void }) => (
  <QueryClientProvider client={client}>
    <UserFormDialog
      mode={props.user === null ? 'create' : 'edit'}
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
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('user form dialog', () => {
  it('saves an edit without the empty password', async () => {
    http.apiRequest.mockResolvedValue({ user: maija });
    const onSaved = renderDialog();
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(http.apiRequest).toHaveBeenCalledTimes(1);
    expect(http.apiRequest.mock.calls[0][0]).toMatchObject({
      url: '/users/7',
      method: 'PUT',
      data: {
        first_name: 'Maija',
        last_name: 'Test',
        email: 'maija@example.com',
        role: 'manager',
        is_active: true,
      },
    });
    expect(http.apiRequest.mock.calls[0][0].data).not.toHaveProperty('password');
  });

  it('shows server field errors on their fields', async () => {
    http.apiRequest.mockRejectedValue(
      new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'A user with this email already exists',
        code: 'CONFLICT',
        details: [{ field: 'email', message: 'A user with this email already exists', rule: 'unique' }],
      }),
    );
    const onSaved = renderDialog();
    await save();
    expect(await screen.findByText('A user with this email already exists')).toBeTruthy();
    expect(screen.queryByText('Failed to save user. Please try again')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the generic message when the failure names no field', async () => {
    http.apiRequest.mockRejectedValue(
      new ApiError(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
    );
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
    expect(http.apiRequest).not.toHaveBeenCalled();
  });
});
