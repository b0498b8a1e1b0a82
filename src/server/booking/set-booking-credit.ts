import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { payment } from '../db/schema';
import { HttpProblem, conflict, notFound } from '../http/problem';
import type { HeldBooking } from '../../contract/booking';
import { inTransaction } from '../db/transaction';
import { lockBooking, lockWallet } from './booking-db';
import { moveBooking } from './booking-transitions';
import { availableCredit } from '../wallet/available-credit';
import { heldSummary } from './hold-booking';

/** A payment attempt whose outcome is not known yet: its amount was sent to the provider. */
const UNDECIDED = ['pending', 'processing', 'requires_action'];

/**
 * Whether an attempt is under way. Read after the booking's lock: paying records its attempt
 * under the same lock, so either this sees the attempt or the attempt sees our new amounts.
 */
async function attemptUnderWay(tx: Db, bookingId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.bookingId, bookingId), inArray(payment.status, UNDECIDED)))
    .limit(1);
  return rows.length > 0;
}

export const paymentUnderWay = () =>
  new HttpProblem(
    409,
    'Your payment for this booking is under way, so the amount cannot change now. If it does not go through, you can choose again how much credit to use.',
    { code: 'payment_under_way' },
  );

/**
 * The checkout's "use my wallet credit" switch: puts as much credit as the customer has towards
 * a held booking, or none. Only while it is held and no payment is under way: an attempt's card
 * amount is fixed when it is sent, and the split must still add up when it is settled
 * (docs/decisions/0064).
 */
export async function setBookingCredit(
  ctx: AppContext,
  customerId: string,
  bookingId: string,
  useCredit: boolean,
): Promise<HeldBooking> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const b = await lockBooking(tx, bookingId);
    if (!b || b.customerId !== customerId) throw notFound('Booking not found.');
    if (b.status !== 'held' || !b.holdExpiresAt || b.holdExpiresAt <= now) {
      throw b.status === 'requires_action'
        ? conflict(
            'A payment for this booking is waiting for your bank, so its amount cannot change now.',
            'awaiting_bank',
          )
        : conflict('This booking is no longer waiting for payment.', 'booking_not_held');
    }
    if (await attemptUnderWay(tx, b.id)) throw paymentUnderWay();
    await lockWallet(tx, customerId);
    const available = await availableCredit(tx, customerId, now, b.id);
    const payable = b.totalPricePence - b.referralDiscountPence;
    const credit = useCredit ? Math.min(available, payable) : 0;
    const changes = {
      creditAppliedPence: credit,
      amountDuePence: payable - credit,
      updatedAt: now,
    };
    await moveBooking(tx, b.id, ['held'], changes);
    return heldSummary({ ...b, ...changes }, available);
  });
}
