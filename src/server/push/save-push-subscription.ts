import { asc, eq, inArray } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../contract/push';
import type { AppContext } from '../app-context';
import { pushSubscription } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { unprocessable } from '../http/problem';
import { pushEndpointProblem } from './push-endpoint';

/** Old devices beyond this many are forgotten, oldest first: nobody has more phones than this. */
export const MAX_DEVICES_PER_CUSTOMER = 10;

/**
 * Merge-writes this device's subscription: the same endpoint again
 * refreshes its keys; an endpoint last registered by another account (a shared device, someone
 * else signed in) becomes this customer's, and the pushes still queued for the other account are
 * dropped with the old row rather than shown to the wrong person.
 */
export async function savePushSubscription(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  userId: string,
  input: PushSubscriptionInput,
): Promise<{ id: string; devices: number }> {
  const problem = pushEndpointProblem(input.endpoint, ctx.config.push);
  if (problem) throw unprocessable(problem, 'push_endpoint_refused');
  const now = ctx.now();
  const keys = {
    p256dh: input.keys.p256dh.replace(/=+$/, ''),
    auth: input.keys.auth.replace(/=+$/, ''),
  };
  return inTransaction(ctx.db, async (tx) => {
    const [existing] = await tx
      .select({ id: pushSubscription.id, userId: pushSubscription.userId })
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, input.endpoint))
      .for('update');
    let id: string;
    if (existing && existing.userId === userId) {
      await tx
        .update(pushSubscription)
        .set({ ...keys, updatedAt: now })
        .where(eq(pushSubscription.id, existing.id));
      id = existing.id;
    } else {
      if (existing) await tx.delete(pushSubscription).where(eq(pushSubscription.id, existing.id));
      const [row] = await tx
        .insert(pushSubscription)
        .values({ userId, endpoint: input.endpoint, ...keys, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          // Two first registrations of one endpoint at once: the later one refreshes the first.
          target: pushSubscription.endpoint,
          set: { userId, ...keys, updatedAt: now },
        })
        .returning({ id: pushSubscription.id });
      if (!row) throw new Error('push_subscription upsert returned no row');
      id = row.id;
    }
    const devices = await tx
      .select({ id: pushSubscription.id })
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, userId))
      .orderBy(asc(pushSubscription.updatedAt), asc(pushSubscription.createdAt));
    const surplus = devices
      .filter((d) => d.id !== id)
      .slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_CUSTOMER))
      .map((d) => d.id);
    if (surplus.length > 0) {
      await tx.delete(pushSubscription).where(inArray(pushSubscription.id, surplus));
    }
    return { id, devices: devices.length - surplus.length };
  });
}
