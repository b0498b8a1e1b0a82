import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { booking, payment, savedCard } from '../db/schema';
import { lockWallet, type BookingRow } from './booking-db';
import { availableCredit, spendCredit } from './booking-wallet';

// The status changes of a booking that waits for payment. Callers hold the booking row lock
// (lockBooking) and pass the row they locked.

export type PaymentRow = typeof payment.$inferSelect;

export async function latestPayment(tx: Db, bookingId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payment)
    .where(eq(payment.bookingId, bookingId))
    .orderBy(desc(payment.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the wallet lock and answers whether the credit this booking reserved is still there
 * (another booking or a wallet change cannot have used it, but check before money moves).
 */
export async function lockCreditFor(tx: Db, b: BookingRow, now: Date): Promise<boolean> {
  await lockWallet(tx, b.customerId);
  if (b.creditAppliedPence === 0) return true;
  return (await availableCredit(tx, b.customerId, now, b.id)) >= b.creditAppliedPence;
}

/** Payment done: the slot is the customer's and the reserved credit is spent. Wallet lock held. */
export async function confirmBooking(
  tx: Db,
  b: BookingRow,
  now: Date,
  method: string,
): Promise<void> {
  await spendCredit(tx, b);
  await tx
    .update(booking)
    .set({ status: 'confirmed', holdExpiresAt: null, paymentMethod: method, updatedAt: now })
    .where(eq(booking.id, b.id));
}

/** Gives the slot back: a decline ('failed'), a hold that ran out ('expired') or the customer ('cancelled'). */
export async function releaseBooking(
  tx: Db,
  b: BookingRow,
  now: Date,
  status: 'failed' | 'expired' | 'cancelled',
): Promise<void> {
  await tx
    .update(booking)
    .set({
      status,
      updatedAt: now,
      ...(status === 'cancelled' ? { cancelledAt: now } : {}),
    })
    .where(eq(booking.id, b.id));
}

/** The customer ticked "save this card": kept once the payment has succeeded, never twice. */
export async function saveCardOf(tx: Db, userId: string, p: PaymentRow): Promise<void> {
  if (!p.saveCard || !p.providerPaymentMethodId || !p.cardBrand || !p.cardLast4) return;
  if (p.cardExpMonth === null || p.cardExpYear === null) return;
  await tx
    .insert(savedCard)
    .values({
      userId,
      provider: p.provider,
      providerCardId: p.providerPaymentMethodId,
      brand: p.cardBrand,
      last4: p.cardLast4,
      expMonth: p.cardExpMonth,
      expYear: p.cardExpYear,
    })
    .onConflictDoNothing({
      target: [savedCard.userId, savedCard.provider, savedCard.providerCardId],
    });
}

export async function setPayment(
  tx: Db,
  paymentId: string,
  changes: Partial<typeof payment.$inferInsert>,
  now: Date,
): Promise<void> {
  await tx
    .update(payment)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(payment.id, paymentId)));
}
