// @vitest-environment happy-dom
/**
 * The Profile dialog's own-account forms: what they send, how the session and the language follow
 * a save, and how the server's answers (field errors, a locked account) reach the user.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { SessionUser } from '../../src/api/gen/model';
import { getGetSiteDisplaySettingsQueryKey } from '../../src/api/gen/site-settings/site-settings.ts';
import i18n from '../../src/i18n/index.ts';

// The boundary is the HTTP client: the generated hooks run for real and we see the requests.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
/** The dialog's calls but the notification choices it reads for its own section. */
const writes = () =>
  http.apiRequest.mock.calls.filter(
    ([config]) => (config as { url?: string }).url !== '/auth/me/notifications',
  );
vi.mock('../../src/api/http-client.ts', () => http);
const session = vi.hoisted(() => ({
  send: vi.fn(),
  getSnapshot: () => ({ context: { token: 'current-token' } }),
}));
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({ useAuthActor: () => session }));
const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn(), confirm: vi.fn() }));
vi.mock('../../src/components/notify/notify-context.ts', () => ({ useNotify: () => notify }));

const { ProfileDialog } = await import('../../src/components/layout/profile-dialog.tsx');

const maija: SessionUser = {
  id: 7,
  first_name: 'Maija',
  last_name: 'Test',
  email: 'maija@example.com',
  role: 'manager',
  is_active: true,
  site_id: 'main',
  site_name: 'Main site',
  created_at: '2026-03-05T10:00:00Z',
  language: null,
};

function renderDialog(user: SessionUser = maija) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  // The member-since date follows the site's display settings, here already answered.
  client.setQueryData(getGetSiteDisplaySettingsQueryKey(), {
    timezone: 'UTC',
    dateFormat: 'YYYY-MM-DD',
    defaultUserRole: 'worker',
  });
  render(
    <QueryClientProvider client={client}>
      <ProfileDialog user={user} visible onHide={() => {}} />
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const languageDropdown = () =>
  screen.getByLabelText('Language', { selector: 'input' }).closest('.p-dropdown') as HTMLElement;
async function pickLanguage(label: string) {
  await act(async () => fireEvent.click(languageDropdown()));
  const option = [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel .p-dropdown-item')].find(
    (item) => item.textContent === label,
  );
  await act(async () => fireEvent.click(option as HTMLElement));
}
const apiError = (status: number, details: object[] = [], code?: string) =>
  new ApiError(status, { statusCode: status, error: 'Error', message: 'refused', code, details });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('profile: own name and language', () => {
  it('saves the trimmed name and the language, hands the saved user to the session and switches the language', async () => {
    const saved = { ...maija, first_name: 'Maria', language: 'fi' as const };
    http.apiRequest.mockResolvedValue({ user: saved });
    renderDialog();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Maija');
    type('First name', '  Maria ');
    await pickLanguage('Suomi');
    await click('Save changes');

    await waitFor(() => expect(session.send).toHaveBeenCalled());
    expect(writes()[0][0]).toMatchObject({
      url: '/auth/me',
      method: 'PUT',
      data: { first_name: 'Maria', last_name: 'Test', language: 'fi' },
    });
    expect(session.send).toHaveBeenCalledWith({
      type: 'auth.setCredentials',
      token: 'current-token',
      user: saved,
    });
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('fi'));
    expect(notify.success).toHaveBeenCalledWith('Tietosi tallennettiin');
  });

  it('starts from the saved language, and checks the name before calling the server', async () => {
    renderDialog({ ...maija, language: 'sv' });
    expect(languageDropdown().textContent).toContain('Svenska');
    type('Last name', 'T');
    await click('Save changes');
    expect(await screen.findByText('Minimum length is 2 characters')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("puts the server's field errors on the fields", async () => {
    http.apiRequest.mockRejectedValue(
      apiError(400, [{ field: 'first_name', rule: 'required', message: 'This field is required' }]),
    );
    renderDialog();
    await click('Save changes');
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.queryByText('Failed to save your details. Please try again')).toBeNull();
    expect(session.send).not.toHaveBeenCalled();
  });
});

describe('profile: own password', () => {
  const fill = (current: string, next: string, again = next) => {
    type(i18n.t('account.currentPassword'), current);
    type(i18n.t('account.newPassword'), next);
    type(i18n.t('account.confirmPassword'), again);
  };

  it('sends the current and the new password (not the repeat), then clears the form', async () => {
    http.apiRequest.mockResolvedValue({ message: 'Password changed' });
    renderDialog();
    fill('Old123!', 'New123!');
    await click('Change password');
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(writes()[0][0]).toMatchObject({
      url: '/auth/me/password',
      method: 'POST',
      data: { current_password: 'Old123!', new_password: 'New123!' },
    });
    expect(writes()[0][0].data).not.toHaveProperty('confirm_password');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('refuses a short or unrepeated new password before calling the server', async () => {
    renderDialog();
    fill('Old123!', 'abc');
    await click('Change password');
    expect(await screen.findByText('Minimum length is 6 characters')).toBeTruthy();
    fill('Old123!', 'New123!', 'New124!');
    await click('Change password');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('shows a wrong current password on its field, in the language shown', async () => {
    http.apiRequest.mockRejectedValue(
      apiError(
        400,
        [
          {
            field: 'current_password',
            rule: 'currentPassword',
            message: 'The current password is not correct',
          },
        ],
        'WRONG_CURRENT_PASSWORD',
      ),
    );
    await i18n.changeLanguage('sv');
    renderDialog();
    fill('Wrong123!', 'New123!');
    await click('Byt lösenord');
    expect(await screen.findByText('Det nuvarande lösenordet är fel')).toBeTruthy();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says so when too many wrong passwords have locked the account', async () => {
    http.apiRequest.mockRejectedValue(apiError(429, [], 'RATE_LIMITED'));
    renderDialog();
    fill('Wrong123!', 'New123!');
    await click('Change password');
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeTruthy();
  });
});

describe('profile: details', () => {
  it("shows since when the user is a member in the site's date format", () => {
    renderDialog();
    expect(screen.getByText('2026-03-05')).toBeTruthy();
  });
});
