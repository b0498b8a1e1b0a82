import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { referral, WALLET_KINDS } from '../db/schema';
import { appendWalletEntry } from '../wallet/wallet-ledger';

// What a referred customer's booking does to the referral when it is paid or cancelled. Called
// in the booking's transaction, with its row lock held. See decision 0029.

interface DiscountedBooking {
  id: string;
  referralId: string | null;
  referralDiscountPence: number;
}

const hasDiscount = (b: DiscountedBooking): b is DiscountedBooking & { referralId: string } =>
  b.referralId !== null && b.referralDiscountPence > 0;

/** The discount this booking reserved is still its to use (no other booking has used it). */
export async function referralDiscountIsFree(tx: Db, b: DiscountedBooking): Promise<boolean> {
  if (!hasDiscount(b)) return true;
  const [row] = await tx
    .select({ usedBy: referral.discountBookingId })
    .from(referral)
    .where(eq(referral.id, b.referralId))
    .for('update');
  return row !== undefined && (row.usedBy === null || row.usedBy === b.id);
}

/**
 * The booking is paid: its discount is used, and the referrer is credited referralCredit — once
 * per referral, whatever webhooks, retries and crashes do (the pending → completed move, the
 * entry's idempotency key and a unique index on the referral's credit all say so).
 */
export async function completeReferral(tx: Db, b: DiscountedBooking, now: Date): Promise<void> {
  if (!hasDiscount(b)) return;
  const used = await tx
    .update(referral)
    .set({ discountBookingId: b.id })
    .where(
      and(
        eq(referral.id, b.referralId),
        or(isNull(referral.discountBookingId), eq(referral.discountBookingId, b.id)),
      ),
    )
    .returning({ id: referral.id });
  if (used.length !== 1) {
    throw new Error(`referral ${b.referralId} discount used by another booking than ${b.id}`);
  }
  const [completed] = await tx
    .update(referral)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(referral.id, b.referralId), eq(referral.status, 'pending')))
    .returning();
  if (!completed) return;
  // Only adds to the referrer's wallet, so it needs no lock on it (and takes none: a second
  // customer's wallet lock here could wait on a transaction that waits on ours).
  await appendWalletEntry(tx, {
    userId: completed.referrerUserId,
    kind: WALLET_KINDS.referral,
    amountPence: completed.valuePence,
    description: 'Referral credit',
    referralId: completed.id,
    bookingId: b.id,
    idempotencyKey: `referral-${completed.id}-referrer-credit`,
    createdAt: now,
  });
}

/**
 * The first booking was cancelled with everything paid given back: the discount was not used
 * after all and waits for the customer's next booking. The referrer keeps their credit.
 */
export async function returnReferralDiscount(tx: Db, b: DiscountedBooking): Promise<void> {
  if (!hasDiscount(b)) return;
  await tx
    .update(referral)
    .set({ discountBookingId: null })
    .where(and(eq(referral.id, b.referralId), eq(referral.discountBookingId, b.id)));
}
