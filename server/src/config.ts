/** Configuration from the environment; every option is documented in the README. */

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  redisUrl?: string;
  /** Access token lifetime, seconds. Well above the console's 600 s refresh advice. */
  accessTokenTtl: number;
  /** Refresh session: absolute lifetime and idle timeout, seconds. */
  sessionTtl: number;
  sessionIdleTtl: number;
  /** Two tabs refreshing at once: the rotated-out token stays good this long, seconds. */
  refreshGraceSeconds: number;
  logLevel: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Built console to serve; empty disables static serving. */
  staticDir?: string;
  /** Extra origins allowed to call the refresh endpoint (the dev server, a proxy). */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** Failed-login limits. */
  loginIpMaxFailures: number;
  loginIpWindowSeconds: number;
  loginAccountMaxFailures: number;
  loginAccountLockSeconds: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    redisUrl: env.REDIS_URL || undefined,
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 30 * 60, 'ACCESS_TOKEN_TTL'),
    sessionTtl: int(env.SESSION_TTL, 30 * 24 * 3600, 'SESSION_TTL'),
    sessionIdleTtl: int(env.SESSION_IDLE_TTL, 7 * 24 * 3600, 'SESSION_IDLE_TTL'),
    refreshGraceSeconds: int(env.REFRESH_GRACE_SECONDS, 10, 'REFRESH_GRACE_SECONDS'),
    logLevel: env.LOG_LEVEL || 'info',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    staticDir: env.STATIC_DIR ?? 'dist',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    loginIpMaxFailures: int(env.LOGIN_IP_MAX_FAILURES, 50, 'LOGIN_IP_MAX_FAILURES'),
    loginIpWindowSeconds: int(env.LOGIN_IP_WINDOW_SECONDS, 15 * 60, 'LOGIN_IP_WINDOW_SECONDS'),
    loginAccountMaxFailures: int(env.LOGIN_ACCOUNT_MAX_FAILURES, 5, 'LOGIN_ACCOUNT_MAX_FAILURES'),
    loginAccountLockSeconds: int(env.LOGIN_ACCOUNT_LOCK_SECONDS, 60, 'LOGIN_ACCOUNT_LOCK_SECONDS'),
    // OWASP ASVS 5 / OWASP cheat sheet minimum for argon2id: m=19 MiB, t=2, p=1.
    argon2: {
      memoryCost: int(env.ARGON2_MEMORY_KIB, 19456, 'ARGON2_MEMORY_KIB'),
      timeCost: int(env.ARGON2_TIME_COST, 2, 'ARGON2_TIME_COST'),
      parallelism: 1,
    },
  };
}
