import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { pushSubscription } from '../db/schema';

/**
 * Forgets this device for this customer (signing out, or turning pushes off). Only one's own
 * device can be removed, and removing one already gone is not an error: the outcome is the same.
 */
export async function removePushSubscription(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  endpoint: string,
): Promise<void> {
  await ctx.db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.endpoint, endpoint), eq(pushSubscription.userId, userId)));
}
