// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { User } from '../../src/api/gen/model';
import { hasPermission } from '../../src/domain/permissions.ts';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

// The boundary is the HTTP client: the generated hooks run for real and we see the request they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({
  usePermissions: () => ({
    role: 'admin',
    can: (p: Parameters<typeof hasPermission>[1]) => hasPermission('admin', p),
  }),
}));

const { UserGroupFormDialog } = await import('../../src/screens/user-groups/user-group-form-dialog.tsx');
const { userGroupFormSchema, userGroupFormValues } = await import(
  '../../src/screens/user-groups/user-group-form.schema.ts'
);
const { usersListKey } = await import('../../src/screens/users/use-users-api.ts');

const stamp = '2026-03-05T10:00:00Z';
const person = (id: number, first: string, is_active = true): User => ({
  id,
  first_name: first,
  last_name: 'Test',
  email: `${first.toLowerCase()}@example.com`,
  role: 'manager',
  is_active,
  site_id: 'main',
  last_login_at: null,
  created_at: stamp,
  updated_at: stamp,
});

async function renderDialog(onCreated = vi.fn()) {
  await renderScreen(
    () => (
      <UserGroupFormDialog
        visible
        group={null}
        onHide={() => {}}
        onCreated={onCreated}
        onUpdated={() => {}}
      />
    ),
    {
      data: [[usersListKey, { users: [person(2, 'Maija'), person(3, 'Ville', false)] }]],
    },
  );
  return onCreated;
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const codeInput = () => screen.getByLabelText('Code') as HTMLInputElement;
const createButton = () => screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
const type = (value: string) => act(async () => fireEvent.change(nameInput(), { target: { value } }));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('user group form schema', () => {
  it('needs a name of two characters and a code of two made from it', async () => {
    const check = (values: object) =>
      userGroupFormSchema.validate({ ...userGroupFormValues(), ...values }, { abortEarly: false }).then(
        () => [],
        (e: { inner: { path: string }[] }) => [...new Set(e.inner.map((i) => i.path))],
      );
    expect(await check({})).toEqual(['group_name', 'group_code']);
    expect(await check({ group_name: 'Ö!', group_code: 'o' })).toEqual(['group_code']);
    expect(await check({ group_name: 'Crew', group_code: 'crew', group_type: 'system' })).toEqual([
      'group_type',
    ]);
    expect(await check({ group_name: 'Crew', group_code: 'crew' })).toEqual([]);
  });
});

describe('user group create dialog', () => {
  it('shows the generated code read-only as the name is typed; Create waits for a name and a code', async () => {
    await renderDialog();
    expect(codeInput().readOnly).toBe(true);
    expect(createButton().disabled).toBe(true);
    await type('Työmaa Ääni Ö');
    expect(codeInput().value).toBe('tyomaa_aani_o');
    expect(createButton().disabled).toBe(false);
    await type('!!!');
    expect(codeInput().value).toBe('');
    expect(createButton().disabled).toBe(true);
  });

  it('offers only active users as manager and sends the group', async () => {
    http.apiRequest.mockResolvedValue({ data: { id: 12 } });
    const onCreated = await renderDialog();
    await type('Night crew');
    await act(async () =>
      fireEvent.click(
        screen.getByLabelText('Manager', { selector: 'input' }).closest('.p-dropdown') as HTMLElement,
      ),
    );
    const options = [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel .p-dropdown-item')];
    expect(options.map((o) => o.textContent)).toEqual(['Maija Test (maija@example.com)']);
    await act(async () => fireEvent.click(options[0]));
    await act(async () => fireEvent.click(createButton()));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(12));
    expect(http.apiRequest.mock.calls[0][0]).toMatchObject({
      url: '/user-groups',
      method: 'POST',
      data: {
        group_name: 'Night crew',
        group_code: 'night_crew',
        group_type: 'custom',
        description: null,
        manager_user_id: 2,
      },
    });
  });

  it('shows a taken code under the code, and any other failure in the dialog', async () => {
    http.apiRequest.mockRejectedValueOnce(
      new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'A user group with this code already exists',
        code: 'CONFLICT',
        details: [
          { field: 'group_code', message: 'A user group with this code already exists', rule: 'unique' },
        ],
      }),
    );
    const onCreated = await renderDialog();
    await type('Night crew');
    await act(async () => fireEvent.click(createButton()));
    expect(await screen.findByText('A user group with this code already exists')).toBeTruthy();

    http.apiRequest.mockRejectedValueOnce(
      new ApiError(500, { statusCode: 500, error: 'Error', message: 'x' }),
    );
    await act(async () => fireEvent.click(createButton()));
    expect(await screen.findByText('Failed to save user group. Please try again')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
