import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businessPayment } from '../db/schema';
import { unprocessable } from '../http/problem';
import { findUserByEmail } from './find-user-by-email';
import type { BusinessPaymentView } from '../../contract/internal';
import type { PaymentArrangement } from '../../contract/me';

export type { BusinessPaymentView, PaymentArrangement };

/** How a business account pays: by card at booking, or by invoice (confirmed without a card). */
export async function setBusinessPayment(
  db: Db,
  email: string,
  arrangement: PaymentArrangement,
): Promise<BusinessPaymentView> {
  const found = await findUserByEmail(db, email);
  if (found.accountType !== 'business') {
    throw unprocessable(
      `${found.email} is a ${found.accountType} account: only business accounts have a payment arrangement.`,
      'not_business_account',
    );
  }
  await db
    .insert(businessPayment)
    .values({ userId: found.id, arrangement })
    .onConflictDoUpdate({
      target: businessPayment.userId,
      set: { arrangement, updatedAt: sql`now()` },
    });
  return { email: found.email, arrangement };
}
