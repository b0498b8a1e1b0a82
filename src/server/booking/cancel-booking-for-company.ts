import type { CancelForCompanyAnswer, CancelForCompanyOrder } from '../../contract/booking-records';
import { findBookingId } from '../booking-records/find-booking-id';
import { loadBookingRecords } from '../booking-records/load-booking-records';
import { conflict } from '../http/problem';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { isPending, lockBooking } from './booking-db';
import { afterCancel, cancelLockedBooking, type CancelContext } from './cancel-booking';

// Customer service cancels on the company's behalf (admin command line, /api/internal): the same
// path as a customer's own cancel — refund through the provider and the wallet, the slot freed,
// the customer told by mail and push — with the refund chosen by support: everything paid, or
// what the policy gives now. A booking already cancelled, or one that has started or is over, is
// refused, so a repeated command never refunds twice.

export async function cancelBookingForCompany(
  ctx: CancelContext,
  bookingKey: string,
  order: CancelForCompanyOrder,
  log: WarnLog,
): Promise<CancelForCompanyAnswer> {
  const bookingId = await findBookingId(ctx.db, bookingKey);
  const refund = await inTransaction(ctx.db, async (tx) => {
    const b = await lockBooking(tx, bookingId);
    if (!b) throw conflict('The booking disappeared while it was being cancelled.', 'booking_gone');
    if (b.status === 'cancelled') {
      throw conflict(
        `Booking ${b.reference} is already cancelled; nothing was changed.`,
        'already_cancelled',
      );
    }
    if (!isPending(b.status) && b.status !== 'confirmed') {
      throw conflict(
        `Booking ${b.reference} is ${b.status}, so there is nothing to cancel; nothing was changed.`,
        'not_cancellable',
      );
    }
    return cancelLockedBooking(ctx, tx, b, ctx.now(), {
      by: 'company',
      refund: order.refund,
      reason: order.reason,
    });
  });
  await afterCancel(ctx, log);
  const [booking] = await loadBookingRecords(ctx.db, [bookingId]);
  if (!booking) throw new Error(`booking ${bookingId} vanished after its cancellation`);
  return {
    booking,
    refundPence: refund.refundPence,
    cardRefundPence: refund.cardRefundPence,
    walletRefundPence: refund.walletRefundPence,
  };
}
