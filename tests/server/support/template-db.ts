/**
 * Migrated database templates for the server tests: migrations run once per test run (global
 * setup), and each test file copies the result — PostgreSQL by `CREATE DATABASE … TEMPLATE`,
 * PGlite by loading a dump of a migrated data folder. Both are named by a hash of the committed
 * migrations, so a new migration makes new templates and a stale one is never used. Without a
 * template (a script outside vitest, or a run whose global setup was skipped) a file migrates
 * its own database, as before.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../../server/src/db/client.ts';

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 12);
}

export const TEMPLATE_HASH = migrationsHash();
export const TEMPLATE_PREFIX = 'tagger_tpl_';
export const PG_TEMPLATE = `${TEMPLATE_PREFIX}${TEMPLATE_HASH}`;
export const PGLITE_TEMPLATE_PREFIX = 'tagger-test-pglite-';
export const PGLITE_TEMPLATE = path.join(os.tmpdir(), `${PGLITE_TEMPLATE_PREFIX}${TEMPLATE_HASH}.tar`);

let pgliteTemplate: Blob | undefined;

/** The migrated PGlite data folder to start from, when the global setup made one. */
export function pgliteTemplateBlob(): Blob | undefined {
  if (!pgliteTemplate && existsSync(PGLITE_TEMPLATE))
    pgliteTemplate = new Blob([readFileSync(PGLITE_TEMPLATE)]);
  return pgliteTemplate;
}

/** A migrated PGlite data folder the browser tests' servers start from (copied per server). */
export const E2E_DATA_TEMPLATE = path.join(os.tmpdir(), `tagger-e2e-data-${TEMPLATE_HASH}`);
