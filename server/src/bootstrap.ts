/**
 * First start on an empty database: site 'main' with the default settings, and an admin user
 * from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@example.com with a generated password printed once.
 * Safe to run on every start and from two processes at once.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail } from '#domain/email.ts';
import { DEFAULT_SITE_SETTINGS } from '#domain/site-settings.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { siteSettings, sites, users } from './db/schema/index.ts';
import type { PasswordService } from './infra/passwords.ts';
import { findPgError } from './lib/db-errors.ts';

export const MAIN_SITE_ID = 'main';

export async function bootstrapFirstStart(
  db: Db,
  config: Config,
  passwords: PasswordService,
  log: FastifyBaseLogger,
): Promise<void> {
  const existing = await db.select({ id: sites.id }).from(sites).limit(1);
  if (existing.length > 0) return;

  const email = config.adminEmail ?? 'admin@example.com';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await passwords.hash(password);

  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(sites)
      .values({ id: MAIN_SITE_ID, name: DEFAULT_SITE_SETTINGS.siteName })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false; // another process got there first
    await tx.insert(siteSettings).values({ siteId: MAIN_SITE_ID, settings: { ...DEFAULT_SITE_SETTINGS } });
    await tx.insert(users).values({
      siteId: MAIN_SITE_ID,
      email,
      emailNormalized: normalizeEmail(email),
      firstName: 'Admin',
      lastName: 'User',
      role: 'admin',
      passwordHash,
    });
    return true;
  });
  if (!created) return;
  if (config.adminPassword) {
    log.info({ email }, 'First start: created site "main" and its admin user');
  } else {
    // Printed once, on the console, never logged again and never stored in plain text.
    process.stdout.write(
      `\n  First start: created site "main" and the admin user.\n` +
        `    email:    ${email}\n    password: ${password}\n` +
        `  Sign in and change it, or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start.\n\n`,
    );
  }
}

/**
 * Rows normalised by SQL (migration 0003, or the trigger for rows written without the value) may
 * differ from normalizeEmail() where the address is not ASCII (lower() follows the database's
 * collation). At start those rows get the app's spelling, so the unique index, the sign-in lookup
 * and the limits agree. A row whose app spelling clashes with another account's is left as it is
 * and reported, for an admin to resolve.
 */
export async function renormalizeEmails(db: Db, log: FastifyBaseLogger): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email, emailNormalized: users.emailNormalized })
    .from(users)
    .where(sql`${users.email} ~ '[^[:ascii:]]'`);
  for (const row of rows) {
    const normalized = normalizeEmail(row.email);
    if (normalized === row.emailNormalized) continue;
    try {
      await db
        .update(users)
        .set({ emailNormalized: normalized, updatedAt: sql`${users.updatedAt}` })
        .where(eq(users.id, row.id));
    } catch (err) {
      if (findPgError(err)?.code !== '23505') throw err;
      log.warn(
        { userId: row.id },
        'email clashes with another account of the site once normalised; left as it is',
      );
    }
  }
}
