/**
 * Browser-test support: a real server (server/src/server.ts serving dist/) on a fresh PGlite
 * folder and a free port, and Debian's Chromium driven by playwright-core with a fresh profile.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { E2E_DATA_TEMPLATE } from '../server/support/template-db.ts';
import { E2E_DIST } from './dist-dir.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');
export const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
/** The manager most browser tests create through the API as the admin. */
export const MANAGER = {
  first_name: 'Maija',
  last_name: 'Manager',
  email: 'maija@example.com',
  password: 'Manager1!',
  role: 'manager',
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** Stops the server; throws when it had already ended by itself (a crash during the test). */
  stop(): Promise<void>;
}

const START_SECONDS = 150;

/**
 * Starts the server on a fresh folder. `seed` fills it first with the demo data (scripts/seed.ts,
 * e.g. ['--work-entries', '300', '--photos', '0']); its users sign in with 'Seed-Pass-1'. `env`
 * may be made from the server's own address (PUBLIC_URL for emailed links).
 */
export async function startServer(
  givenEnv: Record<string, string> | ((url: string) => Record<string, string>) = {},
  options: { seed?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const env = typeof givenEnv === 'function' ? givenEnv(`http://127.0.0.1:${port}`) : givenEnv;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagger-e2e-'));
  // A migrated folder from the global setup; the server then only finds nothing to migrate.
  if (existsSync(E2E_DATA_TEMPLATE)) cpSync(E2E_DATA_TEMPLATE, dataDir, { recursive: true });
  if (options.seed) {
    execFileSync(process.execPath, ['scripts/seed.ts', ...options.seed], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ...env },
      stdio: 'ignore',
    });
  }
  const child: ChildProcess = spawn(process.execPath, ['server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      STATIC_DIR: E2E_DIST,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // A server per file: compiling every route's schemas up front was 5 of its 8 s to start.
      SCHEMA_COMPILE: 'first-use',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A server that ends by itself (a crash) fails the file that ran it, with how it ended: a page
  // whose server is gone shows only network errors, which do not say why.
  let stopping = false;
  let ended: string | undefined;
  child.once('exit', (code, signal) => {
    if (!stopping) ended = `the server exited by itself during the test (${signal ?? `code ${code}`})`;
  });
  const url = `http://127.0.0.1:${port}`;
  // 5 s on an idle machine; over 60 s was seen with four browser files at once on a slow two-core
  // machine (29 Nov). Under the hook timeout (180 s), so the file fails with this message.
  const deadline = Date.now() + START_SECONDS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind: a server still starting kept Vitest from exiting after the run (29 Nov).
      stopping = true;
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start in ${START_SECONDS} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (ended) throw new Error(ended);
    },
  };
}

/** Runs one statement as TEST_DATABASE_URL's user, on its own connection. */
async function asPostgresAdmin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  await c.query(sql);
  await c.end();
}

export interface PostgresDatabase {
  /** The database's URL on TEST_DATABASE_URL's server. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database `name` of its own on TEST_DATABASE_URL's server, made empty (one left by an
 * interrupted run is dropped first); the server migrates it when it starts.
 */
export async function freshPostgresDatabase(name: string): Promise<PostgresDatabase> {
  await asPostgresAdmin(`drop database if exists ${name} with (force)`);
  await asPostgresAdmin(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asPostgresAdmin(`drop database if exists ${name} with (force)`) };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context (its own cookies and storage) with a desktop viewport. */
export async function newPage(
  browser: Browser,
  opts: { locale?: string; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
    locale: opts.locale ?? 'en-US',
  });
  // Playwright's 30 s for an action or a wait was too little for a sign-in and its first list
  // with four browser files at once on a slow two-core machine (29 Nov).
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  trackRequests(page);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // CI sets E2E_SCREENSHOTS=0: nobody looks at a fresh clone's pictures, and encoding a full
  // page as PNG is CPU the other browser tests wait for.
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Signs in through the login form and waits to leave /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * A fresh context signed in as `who`: opens `path` (the sign-in page unless given), which sends a
 * signed-out visitor to the sign-in form and back to `path` after it.
 */
export async function openSignedIn(
  browser: Browser,
  url: string,
  who: { email: string; password: string },
  path = '/login',
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await page.goto(`${url}${path}`);
  await signIn(page, who.email, who.password);
  return { context, page };
}

/** Calls the API directly (test set-up only: the browser is what is being tested). */
export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function apiToken(base: string, email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(base, 'POST', '/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return res.body.token;
}

export async function createUser(
  base: string,
  token: string,
  user: { first_name: string; last_name: string; email: string; password: string; role: string },
): Promise<void> {
  const res = await api(base, 'POST', '/users', user, token);
  if (res.status !== 201) throw new Error(`create ${user.email}: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Picks an option of the PrimeReact dropdown whose input has the given id, and waits until the
 * panel has closed and the choice shows (under load the fading panel would otherwise take the
 * next click, e.g. on Save).
 */
export async function chooseDropdownOption(page: Page, inputId: string, label: string): Promise<void> {
  const dropdown = page.locator('.p-dropdown').filter({ has: page.locator(`#${inputId}`) });
  // The option of the open panel, not the hidden native select's option of the same name.
  const option = page.locator('.p-dropdown-panel').getByRole('option', { name: label, exact: true });
  // A panel opened while the options were still loading can close again when they arrive (the
  // field is drawn anew): open it until the option shows.
  for (let attempt = 1; ; attempt++) {
    if (!(await page.locator('.p-dropdown-panel').count())) await dropdown.click();
    try {
      await option.waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 6) throw error;
    }
  }
  await option.click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'hidden' });
  await dropdown.locator('.p-dropdown-label', { hasText: label }).waitFor();
}

/**
 * Waits until a PrimeReact dialog has finished opening (its transition marks it enter-done). On
 * entering, the dialog moves the focus to its close button if the focus is outside it, and a
 * picker's menu is outside it (appended to the body): a menu opened before then loses the focus.
 */
export async function dialogOpened(dialog: Locator): Promise<void> {
  await dialog.and(dialog.page().locator('.p-dialog-enter-done')).waitFor();
}

/** Requests a page has open, per page, left out the live event stream (which never ends). */
const openRequests = new WeakMap<Page, { open: Set<unknown>; lastChange: number }>();
const LONG_LIVED = /\/api\/v1\/events(\?|$)/;

function trackRequests(page: Page) {
  let tracked = openRequests.get(page);
  if (tracked) return tracked;
  const state = { open: new Set<unknown>(), lastChange: Date.now() };
  tracked = state;
  openRequests.set(page, state);
  const done = (request: { url(): string }) => {
    if (state.open.delete(request)) state.lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (LONG_LIVED.test(request.url())) return;
    state.open.add(request);
    state.lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/**
 * Like waitForLoadState('networkidle') (no request for `quietMs`), but leaving out the live event
 * stream (GET /api/v1/events), which stays open as long as the page: with it, a page is never idle.
 * Requests are followed from the first call on a page (newPage starts following at once).
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const state = trackRequests(page);
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (state.open.size === 0 && Date.now() - state.lastChange >= quietMs) return;
    if (Date.now() > until)
      throw new Error(`network not quiet within ${timeoutMs} ms: ${state.open.size} open`);
    await page.waitForTimeout(50);
  }
}
