/**
 * A service is healthy, degraded or unhealthy, anything else is unknown (the screen shows a
 * spinner). The overall status is the worst of them, 'unknown' with none.
 */
export const SERVICE_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
export type KnownStatus = (typeof SERVICE_STATUSES)[number];
export type DisplayStatus = KnownStatus | 'unknown';

export function serviceStatus(value: unknown): DisplayStatus {
  return (SERVICE_STATUSES as readonly unknown[]).includes(value) ? (value as KnownStatus) : 'unknown';
}

export function overallStatus(services: readonly { status?: unknown }[]): DisplayStatus {
  if (services.length === 0) return 'unknown';
  const statuses = services.map((s) => serviceStatus(s.status));
  if (statuses.includes('unhealthy')) return 'unhealthy';
  if (statuses.includes('degraded')) return 'degraded';
  return 'healthy';
}

/** PrimeReact Tag severities: healthy success, degraded warning, unhealthy error. */
export const STATUS_SEVERITY: Record<DisplayStatus, 'success' | 'warning' | 'danger' | 'secondary'> = {
  healthy: 'success',
  degraded: 'warning',
  unhealthy: 'danger',
  unknown: 'secondary',
};
