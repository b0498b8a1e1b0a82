import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { appSecret } from '../db/schema';

/** AUTH_SECRET when set (required in production); otherwise one generated once and kept in the database. */
export async function resolveAuthSecret(db: Db, config: AppConfig): Promise<string> {
  if (config.authSecret) return config.authSecret;
  await db
    .insert(appSecret)
    .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecret).where(eq(appSecret.name, 'auth'));
  if (!row) throw new Error('Could not create the session signing secret.');
  return row.value;
}
