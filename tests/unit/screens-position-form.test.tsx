// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { Position } from '../../src/api/gen/model';
import i18n from '../../src/i18n/index.ts';
import { positionFormSchema, positionFormValues } from '../../src/screens/positions/position-form.schema.ts';

// The boundary is the HTTP client: the generated hooks run for real and we see the request they make.
const http = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('../../src/api/http-client.ts', () => http);

const { PositionFormDialog } = await import('../../src/screens/positions/position-form-dialog.tsx');

const pump: Position = {
  id: 7,
  position_code: 'P-7',
  position_name: 'Pump room',
  description: 'Main pumps',
  location_details: 'Basement',
  nfc_tag_id: 'TAG00007',
  coordinates: { latitude: 60.1, longitude: 24.9 },
  is_active: true,
  created_at: '2026-03-05T10:00:00Z',
  updated_at: '2026-03-05T10:00:00Z',
};

const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
function renderDialog(position: Position | null, onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={client}>
      <PositionFormDialog position={position} visible onHide={() => {}} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const sent = () => http.apiRequest.mock.calls[0][0];
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent;

function mockGeolocation(result: { latitude: number; longitude: number } | 'denied') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if (result === 'denied') fail({ code: 1, message: 'denied' } as GeolocationPositionError);
    else ok({ coords: result } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('position form dialog', () => {
  it('creates with the API’s names, a generated NFC id and the device’s location to 6 decimals', async () => {
    http.apiRequest.mockResolvedValue({ position: pump });
    mockGeolocation({ latitude: 60.16985512345, longitude: 24.93837949 });
    const onSaved = renderDialog(null);
    type('Position code', ' B-12 ');
    type('Name', 'Boiler');
    type('Location', 'Roof');
    fireEvent.click(screen.getByRole('button', { name: 'Generate a random NFC tag ID' }));
    const nfc = (screen.getByLabelText('NFC tag ID') as HTMLInputElement).value;
    expect(nfc).toMatch(/^[A-Z0-9]{8}$/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use current location' })));
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()).toMatchObject({ url: '/positions', method: 'POST' });
    expect(sent().data).toEqual({
      position_code: 'B-12',
      position_name: 'Boiler',
      description: null,
      location_details: 'Roof',
      nfc_tag_id: nfc,
      is_active: true,
      coordinates: { latitude: 60.169855, longitude: 24.938379 },
    });
  });

  it('leaves coordinates out of a new position without them', async () => {
    http.apiRequest.mockResolvedValue({ position: pump });
    renderDialog(null);
    type('Position code', 'B-13');
    type('Name', 'Boiler two');
    await save();
    await waitFor(() => expect(http.apiRequest).toHaveBeenCalled());
    expect(sent().data).not.toHaveProperty('coordinates');
  });

  it('shows "Unable to get current location" on the location field when the lookup fails', async () => {
    mockGeolocation('denied');
    renderDialog(null);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use current location' })));
    expect(errorOf('position-location')).toBe('Unable to get current location');
  });

  it('puts server field errors on their fields, under the form’s own names', async () => {
    http.apiRequest.mockRejectedValue(
      new ApiError(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'This NFC tag is already used by another position',
        details: [
          {
            field: 'nfc_tag_id',
            message: 'This NFC tag is already used by another position',
            rule: 'unique',
          },
        ],
      }),
    );
    renderDialog(pump);
    await save();
    await waitFor(() =>
      expect(errorOf('position-nfc')).toBe('This NFC tag is already used by another position'),
    );
    expect(screen.queryByText('Failed to save position. Please try again')).toBeNull();

    cleanup();
    http.apiRequest.mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Some fields are not valid',
        details: [
          {
            field: 'position_name',
            message: 'Minimum length is 2 characters',
            rule: 'minLength',
            params: { min: 2 },
          },
          {
            field: 'coordinates.longitude',
            message: 'Must be at most 180',
            rule: 'maximum',
            params: { max: 180 },
          },
        ],
      }),
    );
    renderDialog(pump);
    await save();
    await waitFor(() => expect(errorOf('position-name')).toBe('Minimum length is 2 characters'));
    expect(errorOf('position-longitude')).toBe('Longitude must be between -180 and 180');
  });

  it('shows the spec’s message inside the dialog when the failure names no field', async () => {
    http.apiRequest.mockRejectedValue(
      new ApiError(500, { statusCode: 500, error: 'Error', message: 'boom' }),
    );
    renderDialog(pump);
    await save();
    expect(await screen.findByText('Failed to save position. Please try again')).toBeTruthy();
  });

  it('edits with PUT and sends null when the coordinates were emptied', async () => {
    http.apiRequest.mockResolvedValue({ position: pump });
    renderDialog({ ...pump, coordinates: null });
    fireEvent.click(screen.getByLabelText('Active'));
    await save();
    await waitFor(() => expect(http.apiRequest).toHaveBeenCalled());
    expect(sent()).toMatchObject({ url: '/positions/7', method: 'PUT' });
    expect(sent().data).toMatchObject({
      position_name: 'Pump room',
      location_details: 'Basement',
      coordinates: null,
      is_active: false,
    });
  });

  it('validates before calling the server', async () => {
    renderDialog(null);
    type('Position code', 'B');
    type('NFC tag ID', 'AB1');
    await save();
    expect(errorOf('position-code')).toBe('Minimum length is 2 characters');
    expect(errorOf('position-name')).toBe('This field is required');
    expect(errorOf('position-nfc')).toBe('Minimum length is 4 characters');
    expect(http.apiRequest).not.toHaveBeenCalled();
  });
});

describe('position form schema', () => {
  const check = (values: Record<string, unknown>) =>
    positionFormSchema()
      .validate(
        { ...positionFormValues(null), position_code: 'AB', name: 'CD', ...values },
        { abortEarly: false },
      )
      .then(
        () => [],
        (e: { inner: { path: string; message: string }[] }) => e.inner.map((i) => `${i.path}: ${i.message}`),
      );

  it('needs both coordinates or neither', async () => {
    expect(await check({ latitude: 60 })).toEqual(['longitude: validation.required']);
    expect(await check({ longitude: 24 })).toEqual(['latitude: validation.required']);
    expect(await check({ latitude: 60, longitude: 24 })).toEqual([]);
  });

  it('bounds the coordinates', async () => {
    expect(await check({ latitude: 91, longitude: -181 })).toEqual([
      'latitude: positions.form.latitudeRange',
      'longitude: positions.form.longitudeRange',
    ]);
  });

  it('allows an empty NFC id but not a short one', async () => {
    expect(await check({ nfc_tag_id: '' })).toEqual([]);
    expect(await check({ nfc_tag_id: ' AB ' })).toEqual(['nfc_tag_id: validation.minLength|{"min":4}']);
  });
});
