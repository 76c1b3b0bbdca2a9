// @vitest-environment happy-dom
/**
 * The site settings screen against a mocked HTTP client: the generated calls, the real machine and
 * the real form. What an admin sees: values loaded, Save enabled only by a change, the whole object
 * saved with its version and parsed numbers, the banners, the stale-save explanation and reload.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../src/domain/site-settings.ts';
import i18n from '../../src/i18n/index.ts';
import { renderScreen } from './support/render-screen.tsx';

const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);
const auth = vi.hoisted(() => ({
  send: vi.fn(),
  getSnapshot: () => ({ context: { token: 't', user: { id: 1, site_name: 'Tagger Site' } } }),
}));
vi.mock('../../src/machines/auth/auth-provider.tsx', () => ({ useAuthActor: () => auth }));

const { SiteSettingsScreen } = await import('../../src/screens/site-settings/site-settings-screen.tsx');

const SERVER: SiteSettings = { ...DEFAULT_SITE_SETTINGS, siteName: 'Harbour Tower' };

/** The server's list (the database's zones), with two the browser's own list may lack. */
const ZONES = ['UTC', 'Europe/Helsinki', 'Europe/Kyiv', 'Pacific/Kanton'];

type Answer = (config: AxiosRequestConfig) => unknown;
function serve(put: Answer, get: Answer = () => ({ settings: SERVER, version: '41', updated_at: null })) {
  http.apiRequest.mockImplementation(async (config: AxiosRequestConfig) => {
    if (config.url === '/site-settings/display')
      return { timezone: 'UTC', dateFormat: 'DD/MM/YYYY', defaultUserRole: 'worker' };
    if (config.url === '/site-settings/time-zones') return { time_zones: ZONES };
    if (config.url === '/site-settings' && config.method === 'GET') return get(config);
    if (config.url === '/site-settings' && config.method === 'PUT') return put(config);
    throw new Error(`unexpected ${config.method} ${config.url}`);
  });
}
const puts = () => http.apiRequest.mock.calls.filter(([c]) => c.method === 'PUT').map(([c]) => c.data);
const saveButton = () => screen.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ }) as HTMLButtonElement;
const type = (label: string, value: string) =>
  act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const clickSave = () => act(async () => fireEvent.click(saveButton()));

async function open() {
  await renderScreen(SiteSettingsScreen, { url: '/site-settings' });
  await screen.findByDisplayValue('Harbour Tower');
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('site settings screen', () => {
  it('shows the six cards with the server’s values; Save waits for a change', async () => {
    serve(() => ({}));
    await open();
    for (const card of ['General', 'User Management', 'NFC', 'Data Management', 'Notifications', 'Display']) {
      expect(screen.getByRole('heading', { name: card })).toBeTruthy();
    }
    expect(saveButton().disabled).toBe(true);
    expect((screen.getByLabelText('Admin e-mail') as HTMLInputElement).type).toBe('email');
    expect(screen.getAllByText('Saved, but it has no effect yet.')).toHaveLength(2);
    // Retention only with auto-archive on.
    expect((screen.getByLabelText('Retention (days)') as HTMLInputElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByLabelText('Auto-archive work entries')));
    expect((screen.getByLabelText('Retention (days)') as HTMLInputElement).disabled).toBe(false);
    expect(saveButton().disabled).toBe(false);
  });

  it('saves the whole object with its version and whole numbers, then shows the banner', async () => {
    serve((c) => ({
      settings: { ...(c.data as object), version: undefined },
      version: '42',
      updated_at: null,
    }));
    await open();
    await type('Site name', 'Harbour Tower II');
    await type('Max users per site', '250');
    expect(saveButton().disabled).toBe(false);
    await clickSave();
    await screen.findByText('Site settings saved successfully');
    expect(puts()).toEqual([
      { ...SERVER, siteName: 'Harbour Tower II', maxUsersPerSite: 250, version: '41' },
    ]);
    expect(saveButton().disabled).toBe(true);
    // The session's site name (the top bar chip) follows.
    expect(auth.send).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'auth.setCredentials',
        user: expect.objectContaining({ site_name: 'Harbour Tower II' }),
      }),
    );
  });

  it('reads unparseable numbers as 0, which the bounds refuse before anything is sent', async () => {
    serve(() => ({}));
    await open();
    await type('Max users per site', 'lots');
    await clickSave();
    await screen.findByText('Must be between 1 and 100000');
    expect(puts()).toEqual([]);
  });

  it('editing back to the saved values leaves nothing to save', async () => {
    serve(() => ({}));
    await open();
    await type('Site name', 'Changed');
    expect(saveButton().disabled).toBe(false);
    await type('Site name', 'Harbour Tower');
    expect(saveButton().disabled).toBe(true);
  });

  it('explains a stale save and reloads the newer settings on request', async () => {
    let version = '41';
    serve(
      () => {
        throw new ApiError(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'stale',
          code: 'STALE_SETTINGS',
        });
      },
      () => ({
        settings: version === '41' ? SERVER : { ...SERVER, siteName: 'Renamed Elsewhere' },
        version,
        updated_at: null,
      }),
    );
    await open();
    await type('Site name', 'Mine');
    await clickSave();
    await screen.findByText(/Someone else saved the site settings after you opened them/);
    version = '43';
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
    await screen.findByDisplayValue('Renamed Elsewhere');
    expect(screen.queryByText(/Someone else saved/)).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('puts a refused field’s message on the field, with the save failure banner', async () => {
    serve(() => {
      throw new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Unknown time zone',
        details: [{ field: 'adminEmail', message: 'Please enter a valid email address', rule: 'email' }],
      });
    });
    await open();
    await type('Site name', 'Changed');
    await clickSave();
    await screen.findByText('Failed to save site settings');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    // Any edit clears the banner.
    await type('Site name', 'Changed again');
    await waitFor(() => expect(screen.queryByText('Failed to save site settings')).toBeNull());
  });

  it('keeps and saves a zone of the server’s list that the browser’s own list lacks', async () => {
    serve(
      (config) => ({ settings: config.data, version: '42', updated_at: null }),
      () => ({ settings: { ...SERVER, timezone: 'Europe/Kyiv' }, version: '41', updated_at: null }),
    );
    await open();
    expect(Intl.supportedValuesOf('timeZone')).not.toContain('Europe/Kyiv');
    await waitFor(() =>
      expect(http.apiRequest.mock.calls.map(([c]) => c.url)).toContain('/site-settings/time-zones'),
    );
    const picker = screen.getByLabelText('Timezone', { selector: 'input' }).closest('.p-dropdown');
    expect(picker?.querySelector('.p-dropdown-label')?.textContent).toBe('Europe/Kyiv');
    await type('Site name', 'Changed');
    await clickSave();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ timezone: 'Europe/Kyiv', siteName: 'Changed', version: '41' });
  });

  it('shows the server’s refusal of a time zone on the field, in the user’s language', async () => {
    serve(() => {
      throw new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Unknown time zone',
        details: [{ field: 'timezone', message: 'Unknown time zone', rule: 'timezone' }],
      });
    });
    await open();
    await type('Site name', 'Changed');
    await clickSave();
    expect(await screen.findByText('Choose a time zone from the list')).toBeTruthy();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let fail = true;
    serve(
      () => ({}),
      () => {
        if (fail) throw new ApiError(0, { statusCode: 0, error: 'Network Error', message: 'Network Error' });
        return { settings: SERVER, version: '41', updated_at: null };
      },
    );
    await renderScreen(SiteSettingsScreen, { url: '/site-settings' });
    await screen.findByText('Failed to load site settings');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await screen.findByDisplayValue('Harbour Tower');
  });
});
