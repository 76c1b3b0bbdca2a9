import { describe, expect, it } from 'vitest';
import { overallStatus, serviceStatus } from '../../src/machines/system-status/overall-status.ts';

const s = (...statuses: unknown[]) => statuses.map((status) => ({ status }));

describe('overall system status', () => {
  it("is 'unknown' with no services", () => {
    expect(overallStatus([])).toBe('unknown');
  });

  it('is the worst: unhealthy over degraded over healthy', () => {
    expect(overallStatus(s('healthy', 'healthy'))).toBe('healthy');
    expect(overallStatus(s('healthy', 'degraded'))).toBe('degraded');
    expect(overallStatus(s('degraded', 'unhealthy', 'healthy'))).toBe('unhealthy');
    expect(overallStatus(s('unhealthy'))).toBe('unhealthy');
  });

  it('reads an unknown service status as unknown, which does not make the whole unhealthy', () => {
    expect(serviceStatus('starting')).toBe('unknown');
    expect(serviceStatus(undefined)).toBe('unknown');
    expect(overallStatus(s('healthy', 'starting'))).toBe('healthy');
    expect(overallStatus(s('starting', 'degraded'))).toBe('degraded');
  });
});
