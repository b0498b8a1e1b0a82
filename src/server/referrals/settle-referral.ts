import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { referral } from '../db/schema';

// What a referred customer's booking does to the referral's discount when it is paid or
// cancelled. Called in the booking's transaction, with its row lock held. The referrer's credit
// is not this file's business: it follows the friend's first completed appointment (decision
// 0067). See decision 0029 for the discount.

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
 * The booking is paid: the discount it reserved is used (compare-and-set from unused, or already
 * this booking's when a payment is settled twice). The referrer is not credited here: that waits
 * for the friend's first appointment to take place (credit-referrers.ts, decision 0067).
 */
export async function useReferralDiscount(tx: Db, b: DiscountedBooking): Promise<void> {
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
}

/**
 * The first booking was cancelled with everything paid given back: the discount was not used
 * after all and waits for the customer's next booking. The referral's status is left alone: the
 * referrer is credited for an appointment that took place, never for a payment (decision 0067).
 */
export async function returnReferralDiscount(tx: Db, b: DiscountedBooking): Promise<void> {
  if (!hasDiscount(b)) return;
  await tx
    .update(referral)
    .set({ discountBookingId: null })
    .where(and(eq(referral.id, b.referralId), eq(referral.discountBookingId, b.id)));
}
