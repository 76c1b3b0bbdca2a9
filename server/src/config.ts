/** Configuration from the environment; every option is documented in the README. */

import { isIP } from 'node:net';

export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * PGlite (no DATABASE_URL) on a worker thread of its own (PGLITE_THREAD=true); off by default:
   * measured, it frees the server's thread but delivers bursts slower (README, Embedded database).
   */
  pgliteThread: boolean;
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
  /**
   * The address phones reach the app at (no trailing slash): tags and QR codes carry
   * `{publicUrl}/t/{tag}`. Unset: the address each request came to.
   */
  publicUrl?: string;
  /**
   * Outgoing mail: `smtp://user:pass@host:port` (STARTTLS when the server offers it) or `smtps://`
   * (TLS from the start). Unset: no email leaves; each message's subject and link are logged, and
   * the answer to the admin who invited someone carries the link.
   */
  smtpUrl?: string;
  /** The From of every email, e.g. `Tagger Admin <no-reply@example.com>`. */
  mailFrom: string;
  /** Password-reset requests: per account (site and email, existing or not) and per client address. */
  resetAccountMaxRequests: number;
  resetAccountWindowSeconds: number;
  resetIpMaxRequests: number;
  resetIpWindowSeconds: number;
  /** Views of the public share-link report per minute: per client address and per link. */
  shareIpMaxRequests: number;
  shareLinkMaxRequests: number;
  /** Extra origins allowed to call the refresh endpoint (the dev server, a proxy). */
  allowedOrigins: string[];
  /**
   * Fastify's trustProxy: false; true (every proxy: clients can then choose their own address);
   * a hop count; or the proxies' addresses and networks.
   */
  trustProxy: TrustProxy;
  /** Failed-login limits (infra/index.ts LoginLimits). */
  loginIpMaxFailures: number;
  loginIpWindowSeconds: number;
  loginAccountMaxFailures: number;
  loginAccountLockSeconds: number;
  loginAccountLockMaxSeconds: number;
  loginAccountDailyMaxFailures: number;
  /** Lifetime of a trusted-device entry, seconds, checked by the server (renewed at every sign-in). */
  trustedDeviceTtl: number;
  /** CSV exports one user, and one site, may stream at once in this process (infra/export-slots.ts). */
  exportsPerUser: number;
  /** Seconds between the keep-alive comments of an event stream (GET /api/v1/events), when its session is checked again. */
  eventsHeartbeatSeconds: number;
  exportsPerSite: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** Where photo files live: a folder (the default) or an S3-compatible bucket (infra/photo-stores.ts). */
  photos: PhotoStorage;
  /**
   * WEBHOOKS_ALLOW_PRIVATE=true: webhooks may target private, loopback and link-local addresses and
   * plain http (a receiver on the same network, tests). Off: only https to public addresses. An
   * operator's choice, not a site setting: a site admin must not be able to aim the server at its
   * own network.
   */
  webhooksAllowPrivate: boolean;
  /**
   * MAP_TILE_ORIGINS: the https origins the console may load base-map tiles and styles from (the
   * site setting mapTileUrl names the URL; the Content Security Policy allows only these origins
   * besides the server's own). An operator's choice, as for webhooks.
   */
  mapTileOrigins: string[];
  /**
   * SCHEMA_COMPILE: when the routes' validators and serialisers are compiled. `start` (default):
   * all of them before the server listens (about 5 s on two cores; no call pays for it later).
   * `first-use`: each route's on its first call, so the server listens in about a third of the
   * time (development, and the browser tests, which start a server per file).
   */
  schemaCompile: 'start' | 'first-use';
}

export interface S3Settings {
  /** The store's address, e.g. `http://minio:9000`; unset: AWS S3 itself (by region). */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`{endpoint}/{bucket}/{key}`) rather than the host name: what S3-compatible servers expect. */
  forcePathStyle: boolean;
}

export type PhotoStorage =
  /** `dir` unset: DATA_DIR/photos. */
  { kind: 'local'; dir?: string } | { kind: 's3'; s3: S3Settings };

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative whole number, got "${value}"`);
  return n;
}

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR networks. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: `true`, `false`/empty, a hop count, or comma-separated proxy addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isProxyAddress(e));
  if (bad !== undefined || entries.length === 0)
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or comma-separated proxy addresses/CIDRs, got "${bad ?? text}"`,
    );
  return entries;
}

/**
 * The value for Fastify's trustProxy option. Fastify 5.12 no longer takes a bare hop count (it
 * fails closed: a server reachable directly could be sent made-up hops), so a count becomes the
 * trust function it used to be: the nearest `n` hops are proxies, whatever their address.
 */
export function trustProxyOption(
  tp: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  const hops = tp;
  return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
}

/** PUBLIC_URL: an http(s) address with no query or fragment, kept without its trailing slash. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https address, got "${value}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new Error(
      `PUBLIC_URL must be an http or https address without query, fragment or user, got "${value}"`,
    );
  return url.toString().replace(/\/+$/, '');
}

/**
 * PHOTO_STORE: `local` (default, the folder PHOTO_DIR) or `s3` (S3_BUCKET required, S3_REGION,
 * S3_ENDPOINT for a store other than AWS, credentials as a pair or from the SDK's usual chain).
 */
export function parsePhotoStorage(env: NodeJS.ProcessEnv): PhotoStorage {
  const kind = (env.PHOTO_STORE ?? '').trim() || 'local';
  if (kind === 'local') return { kind, dir: env.PHOTO_DIR || undefined };
  if (kind !== 's3') throw new Error(`PHOTO_STORE must be "local" or "s3", got "${kind}"`);
  const bucket = (env.S3_BUCKET ?? '').trim();
  if (!bucket) throw new Error('PHOTO_STORE=s3 needs S3_BUCKET, the name of the bucket photos are kept in');
  // A bucket name as S3 defines it: 3–63 of a–z 0–9 . -, starting and ending with a letter or digit.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`S3_BUCKET must be a bucket name (3–63 of a–z 0–9 . -), got "${bucket}"`);
  let endpoint: string | undefined;
  if (env.S3_ENDPOINT?.trim()) {
    let url: URL;
    try {
      url = new URL(env.S3_ENDPOINT.trim());
    } catch {
      throw new Error(`S3_ENDPOINT must be an http or https address, got "${env.S3_ENDPOINT}"`);
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password)
      throw new Error(
        `S3_ENDPOINT must be an http or https address without query, fragment or user, got "${env.S3_ENDPOINT}"`,
      );
    endpoint = url.toString().replace(/\/+$/, '');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (the SDK then finds credentials itself)',
    );
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim();
  if (!['', 'true', 'false'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  return {
    kind,
    s3: {
      endpoint,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId,
      secretAccessKey,
      // Path style unless told otherwise when an endpoint is given (MinIO and most S3-compatible servers).
      forcePathStyle: pathStyle === '' ? endpoint !== undefined : pathStyle === 'true',
    },
  };
}

/**
 * SMTP_URL: smtp:// or smtps:// with a host. Links in emails are built from PUBLIC_URL, never from
 * a request's Host header (a forged Host would otherwise put an attacker's address in front of a
 * real reset token), so sending mail needs PUBLIC_URL.
 */
export function parseSmtpUrl(value: string | undefined, publicUrl: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  }
  if (!['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname)
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address with a host');
  if (!publicUrl) throw new Error('SMTP_URL needs PUBLIC_URL: the links in emails are built from it');
  return value.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteThread: env.PGLITE_THREAD === 'true',
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
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    smtpUrl: parseSmtpUrl(env.SMTP_URL, parsePublicUrl(env.PUBLIC_URL)),
    mailFrom: env.MAIL_FROM?.trim() || 'Tagger Admin <no-reply@localhost>',
    resetAccountMaxRequests: int(env.RESET_ACCOUNT_MAX_REQUESTS, 3, 'RESET_ACCOUNT_MAX_REQUESTS'),
    resetAccountWindowSeconds: int(env.RESET_ACCOUNT_WINDOW_SECONDS, 3600, 'RESET_ACCOUNT_WINDOW_SECONDS'),
    resetIpMaxRequests: int(env.RESET_IP_MAX_REQUESTS, 20, 'RESET_IP_MAX_REQUESTS'),
    resetIpWindowSeconds: int(env.RESET_IP_WINDOW_SECONDS, 15 * 60, 'RESET_IP_WINDOW_SECONDS'),
    shareIpMaxRequests: int(env.SHARE_IP_MAX_REQUESTS, 60, 'SHARE_IP_MAX_REQUESTS'),
    shareLinkMaxRequests: int(env.SHARE_LINK_MAX_REQUESTS, 300, 'SHARE_LINK_MAX_REQUESTS'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    loginIpMaxFailures: int(env.LOGIN_IP_MAX_FAILURES, 100, 'LOGIN_IP_MAX_FAILURES'),
    loginIpWindowSeconds: int(env.LOGIN_IP_WINDOW_SECONDS, 15 * 60, 'LOGIN_IP_WINDOW_SECONDS'),
    loginAccountMaxFailures: int(env.LOGIN_ACCOUNT_MAX_FAILURES, 5, 'LOGIN_ACCOUNT_MAX_FAILURES'),
    loginAccountLockSeconds: int(env.LOGIN_ACCOUNT_LOCK_SECONDS, 60, 'LOGIN_ACCOUNT_LOCK_SECONDS'),
    loginAccountLockMaxSeconds: int(
      env.LOGIN_ACCOUNT_LOCK_MAX_SECONDS,
      15 * 60,
      'LOGIN_ACCOUNT_LOCK_MAX_SECONDS',
    ),
    loginAccountDailyMaxFailures: int(
      env.LOGIN_ACCOUNT_DAILY_MAX_FAILURES,
      100,
      'LOGIN_ACCOUNT_DAILY_MAX_FAILURES',
    ),
    trustedDeviceTtl: int(env.TRUSTED_DEVICE_TTL, 30 * 24 * 3600, 'TRUSTED_DEVICE_TTL'),
    // Each export holds at most one database connection: the site bound keeps half the default pool free.
    exportsPerUser: int(env.EXPORTS_PER_USER, 2, 'EXPORTS_PER_USER'),
    eventsHeartbeatSeconds: int(env.EVENTS_HEARTBEAT_SECONDS, 20, 'EVENTS_HEARTBEAT_SECONDS'),
    exportsPerSite: int(env.EXPORTS_PER_SITE, 5, 'EXPORTS_PER_SITE'),
    // OWASP ASVS 5 / OWASP cheat sheet minimum for argon2id: m=19 MiB, t=2, p=1.
    argon2: {
      memoryCost: int(env.ARGON2_MEMORY_KIB, 19456, 'ARGON2_MEMORY_KIB'),
      timeCost: int(env.ARGON2_TIME_COST, 2, 'ARGON2_TIME_COST'),
      parallelism: 1,
    },
    photos: parsePhotoStorage(env),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true',
    mapTileOrigins: origins(env.MAP_TILE_ORIGINS, 'MAP_TILE_ORIGINS'),
    schemaCompile: parseSchemaCompile(env.SCHEMA_COMPILE),
  };
}

function parseSchemaCompile(value: string | undefined): Config['schemaCompile'] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'start') return 'start';
  if (text === 'first-use') return 'first-use';
  throw new Error(`SCHEMA_COMPILE must be start or first-use, got "${text}"`);
}

/** A comma-separated list of https origins (scheme, host and port only); anything else stops the start. */
function origins(value: string | undefined, name: string): string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        throw new Error(`${name}: "${v}" is not an origin such as https://tiles.example.com`);
      }
      if (url.protocol !== 'https:' || url.origin !== v.replace(/\/$/, ''))
        throw new Error(`${name}: "${v}" is not an https origin such as https://tiles.example.com`);
      return url.origin;
    });
}
