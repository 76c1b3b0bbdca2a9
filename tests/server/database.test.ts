/**
 * The embedded database: migrations on a fresh folder, data and the generated JWT key surviving
 * a restart, and a second process refused on a folder that is in use.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { DataDirLockedError } from '../../server/src/db/data-dir-lock.ts';
import { users } from '../../server/src/db/schema/index.ts';
import { testConfig } from './helpers.ts';

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'tagger-db-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// Each test starts PGlite on a new folder (initdb and every migration, 7–25 s alone), and some
// start a server process on it: beside the other server files that takes longer than 30 s.
describe('embedded database (PGlite in DATA_DIR)', { timeout: 120_000 }, () => {
  it('creates site main and the admin on first start, and keeps them and the JWT key across a restart', async () => {
    const dataDir = tempDir();
    // Schemas compiled at start, as the server does.
    const config = testConfig({ dataDir, jwtSecret: undefined, schemaCompile: 'start' });
    const first = await buildApp({ config, logger: false, serveConsole: false });
    const login = await first.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: config.adminEmail, password: config.adminPassword },
    });
    await first.close();

    const second = await buildApp({ config, logger: false, serveConsole: false });
    const rows = await second.database.db.select().from(users);
    expect(rows.map((u) => u.email)).toEqual([config.adminEmail]);
    expect(login.statusCode).toBe(200);
    // A token from before the restart is still accepted: the generated key was kept with the data.
    const me = await second.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    await second.close();
  });

  it('refuses a second opener of the same folder in this process', async () => {
    const dataDir = tempDir();
    const db = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await db.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('makes a second server process on the same folder exit with a clear message', async () => {
    const dataDir = tempDir();
    const db = await openDatabase({ dataDir });
    try {
      const result = await run(process.execPath, ['server/src/server.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', STATIC_DIR: '', LOG_LEVEL: 'silent' },
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/is in use by another Tagger server \(pid \d+\)/);
    } finally {
      await db.close();
    }
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dataDir = tempDir();
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'tagger.lock'), '999999999\n');
    const db = await openDatabase({ dataDir });
    await db.close();
  });

  it('runs postgres with fsync on', async () => {
    const db = await openDatabase({ dataDir: 'memory://' });
    const [row] = await db.query<{ fsync: string }>('show fsync');
    expect(row.fsync).toBe('on');
    await db.close();
  });
});
