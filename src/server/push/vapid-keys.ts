import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { appSecret } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid';

function isVapidKeys(value: unknown): value is VapidKeys {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.publicKey === 'string' && typeof v.privateKey === 'string';
}

/**
 * The keys that sign our pushes: from the environment when set; outside production, a pair made
 * once and kept in the database (one row, so two instances starting together cannot end up with
 * halves of different pairs); in production without keys, none, and push is off.
 */
export async function resolveVapidKeys(db: Db, config: AppConfig): Promise<VapidKeys | null> {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  if (config.isProduction) return null;
  await db
    .insert(appSecret)
    .values({ name: SECRET_NAME, value: JSON.stringify(webPush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecret).where(eq(appSecret.name, SECRET_NAME));
  const keys: unknown = row ? JSON.parse(row.value) : null;
  if (!isVapidKeys(keys)) throw new Error('The stored Web Push keys are unreadable.');
  return keys;
}
