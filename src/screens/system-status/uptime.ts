/** Uptime as days, hours and minutes (seconds are dropped, never rounded up). */
export function splitUptime(seconds: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
  };
}
