import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentCustomer, user } from '../db/schema';
import type { PaymentProvider } from './payment-provider';

/** The provider's customer record for this user (Stripe keeps saved cards on one), made once. */
export async function providerCustomerId(
  tx: Db,
  provider: PaymentProvider,
  userId: string,
): Promise<string | null> {
  const [known] = await tx
    .select({ id: paymentCustomer.providerCustomerId })
    .from(paymentCustomer)
    .where(and(eq(paymentCustomer.userId, userId), eq(paymentCustomer.provider, provider.name)));
  if (known) return known.id;
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner) return null;
  const created = await provider.createCustomer({ id: userId, email: owner.email });
  if (!created) return null;
  await tx
    .insert(paymentCustomer)
    .values({ userId, provider: provider.name, providerCustomerId: created })
    .onConflictDoNothing();
  return created;
}
