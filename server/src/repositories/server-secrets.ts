/** Secrets the server keeps in its database when the configuration gives none. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';

/** JWT_SECRET, or a key generated once and kept, so tokens survive a restart. */
export async function loadJwtSecret(db: Db, config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(serverSecrets).values({ name: 'jwt_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt_secret'));
  return row.value;
}
