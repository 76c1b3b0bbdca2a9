/**
 * Server test helpers: every test file builds its own app on its own fresh database, with the
 * real migrations (run once per test run into a template each file copies: support/template-db.ts).
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (a new database per file, dropped
 * afterwards).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { type Config, loadConfig } from '../../server/src/config.ts';
import { type Database, openDatabase } from '../../server/src/db/client.ts';
import { createSession } from '../../server/src/infra/sessions.ts';
import type { AuthContext } from '../../server/src/types.ts';
import { PG_TEMPLATE, pgliteTemplateBlob } from './support/template-db.ts';

export type Driver = 'pglite' | 'postgres';

export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };

/**
 * The server files' PGlite runs on the test's own thread, as the server's does by default. Each
 * file opens and closes several databases in one long-lived Vitest process, and a thread per
 * database compiles and frees PGlite's WebAssembly each time: one full run with threads ended a
 * process in a V8 check (`jit_page_->allocations_.erase(addr) == 1`, nodejs/node#64500).
 * pglite-thread.test.ts holds the two modes to the same answers.
 */
export const TEST_PGLITE_THREAD = false;

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await openDatabase({
      dataDir: 'memory://',
      pgliteTemplate: pgliteTemplateBlob(),
      pgliteThread: TEST_PGLITE_THREAD,
    });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `tagger_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${PG_TEMPLATE}`);
  } catch {
    // No template (outside vitest's global setup): this database runs the migrations itself.
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    staticDir: '',
    logLevel: 'silent',
    // Cheap hashing keeps tests fast; the benchmark measures the real cost.
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    // Each route's schemas compiled when a test first calls it: compiling them all up front is
    // 5-8 s per app idle and far more under load (database.test.ts keeps the server's `start`).
    schemaCompile: 'first-use',
    pgliteThread: TEST_PGLITE_THREAD,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  driver: Driver;
  /** The PostgreSQL URL of this file's database (postgres driver only), for a second connection. */
  url?: string;
  close(): Promise<void>;
}

export async function buildTestApp(driver: Driver, overrides: Partial<Config> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(driver);
  const app = await buildApp({
    config: testConfig(overrides),
    database: testDb.database,
    logger: false,
    lazyCompile: true,
  });
  await app.ready();
  return {
    app,
    database: testDb.database,
    driver,
    url: testDb.url,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

export interface Session {
  token: string;
  /** The refresh cookie as a Cookie header value. */
  cookie: string;
  user: { id: number; role: string; email: string };
}

export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((k) => k.name === 'tagger_refresh');
  return c ? `${c.name}=${c.value}` : undefined;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  siteId?: string,
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password, ...(siteId ? { site_id: siteId } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.token, cookie: refreshCookieOf(res) ?? '', user: body.user };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An access token for a user without going through the sign-in: a real session row is opened,
 * because a token is accepted only while the session it names is live (and the role it carries
 * is the user's role).
 */
export async function sessionToken(
  app: FastifyInstance,
  who: Omit<AuthContext, 'sessionId'>,
): Promise<string> {
  const { session } = await createSession(app, { userId: who.userId, siteId: who.siteId });
  return app.services.tokens.sign({ ...who, sessionId: session.id });
}
