import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentCustomer, user } from '../db/schema';
import type { PaymentProvider } from './payment-provider';

/**
 * The provider's customer record for this user (Stripe keeps saved cards on one), made once.
 * Called outside any transaction, since it may ask the provider: the provider's idempotency key
 * (one per user) and the insert that ignores a second row make two racing first payments agree.
 */
export async function ensureProviderCustomer(
  db: Db,
  provider: PaymentProvider,
  userId: string,
): Promise<string | null> {
  const known = async () => {
    const [row] = await db
      .select({ id: paymentCustomer.providerCustomerId })
      .from(paymentCustomer)
      .where(and(eq(paymentCustomer.userId, userId), eq(paymentCustomer.provider, provider.name)));
    return row?.id ?? null;
  };
  const existing = await known();
  if (existing) return existing;
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner) return null;
  const created = await provider.createCustomer({ id: userId, email: owner.email });
  if (!created) return null;
  await db
    .insert(paymentCustomer)
    .values({ userId, provider: provider.name, providerCustomerId: created })
    .onConflictDoNothing();
  return (await known()) ?? created;
}
