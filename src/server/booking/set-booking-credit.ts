import type { AppContext } from '../app-context';
import { conflict, notFound } from '../http/problem';
import type { HeldBooking } from '../../contract/booking';
import { inTransaction, lockBooking, lockWallet } from './booking-db';
import { moveBooking } from './booking-transitions';
import { availableCredit } from './booking-wallet';
import { heldSummary } from './hold-booking';

/**
 * The checkout's "use my wallet credit" switch: puts as much credit as the customer has towards
 * a held booking, or none. Only while it is held: once a payment is under way, its amount is fixed.
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
      throw conflict(
        b.status === 'requires_action'
          ? 'A payment for this booking is waiting for your bank, so its amount cannot change now.'
          : 'This booking is no longer waiting for payment.',
      );
    }
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
