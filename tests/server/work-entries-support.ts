/**
 * What the work entry tests share: a position with an NFC tag and coordinates, tasks assigned
 * there, entries written straight into the database (for the list's scale and shapes), and
 * small real images for the photo upload.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../server/src/config.ts';
import { positions, positionTaskAssignments, tasks, workEntries } from '../../server/src/db/schema/index.ts';
import { buildTestApp, type Driver, type TestApp } from './helpers.ts';

let seq = 0;
const next = () => `${++seq}`;

/** A test app whose photos go to a fresh temporary folder (unless `overrides` name another store). */
export function buildEntriesApp(driver: Driver, overrides: Partial<Config> = {}): Promise<TestApp> {
  return buildTestApp(driver, {
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tagger-entries-')),
    ...overrides,
  });
}

export async function makePosition(t: TestApp, over: Partial<typeof positions.$inferInsert> = {}) {
  const n = next();
  const [row] = await t.app.database.db
    .insert(positions)
    .values({
      siteId: 'main',
      positionCode: `WE-${n}`,
      positionName: `Bay ${n}`,
      nfcTagId: `TAG${n.padStart(5, '0')}`,
      latitude: 60.1699,
      longitude: 24.9384,
      ...over,
    })
    .returning();
  return row;
}

export async function makeTask(
  t: TestApp,
  positionId?: number,
  over: Partial<typeof tasks.$inferInsert> = {},
) {
  const n = next();
  const [row] = await t.app.database.db
    .insert(tasks)
    .values({ siteId: 'main', taskCode: `WT-${n}`, taskName: `Pour concrete ${n}`, ...over })
    .returning();
  if (positionId !== undefined) {
    await t.app.database.db
      .insert(positionTaskAssignments)
      .values({ siteId: row.siteId, positionId, taskId: row.id });
  }
  return row;
}

export async function insertEntry(
  t: TestApp,
  values: Omit<typeof workEntries.$inferInsert, 'siteId'> & { siteId?: string },
) {
  const [row] = await t.app.database.db
    .insert(workEntries)
    .values({ siteId: 'main', ...values })
    .returning();
  return row;
}

/** A 1×1 PNG, a minimal JPEG header and a WebP header: real first bytes, tiny files. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b0c2f10000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
  Buffer.from('ffd9', 'hex'),
]);

/** A multipart/form-data body with one file field. */
export function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----tagger${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Overrides some of a site's settings straight in the database (not what these tests are about). */
export async function setSiteSettings(t: TestApp, values: Record<string, unknown>, siteId = 'main') {
  const { siteSettings } = await import('../../server/src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [row] = await t.app.database.db.select().from(siteSettings).where(eq(siteSettings.siteId, siteId));
  const settings = { ...(row?.settings ?? {}), ...values };
  await t.app.database.db
    .insert(siteSettings)
    .values({ siteId, settings })
    .onConflictDoUpdate({ target: siteSettings.siteId, set: { settings } });
}
