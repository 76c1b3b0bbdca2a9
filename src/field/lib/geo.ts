/** The phone's position for a check-in: one reading, given up after a timeout (no fix is no position). */
export interface PhonePosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

export const GEO_TIMEOUT_MS = 8_000;

export function currentPosition(timeoutMs = GEO_TIMEOUT_MS): Promise<PhonePosition | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    // Some browsers never call back when the permission prompt is ignored: our own timer ends it.
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
