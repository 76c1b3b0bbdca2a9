import { roundCoordinate } from '../../domain/positions.ts';

/**
 * The device's position from the browser (the use-current-location button), to 6 decimals. Rejects
 * when the browser has no geolocation, the user refuses, or no fix comes in time.
 */
export function currentCoordinates(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: roundCoordinate(coords.latitude), longitude: roundCoordinate(coords.longitude) }),
      reject,
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
