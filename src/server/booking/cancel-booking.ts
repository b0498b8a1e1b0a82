import { eq } from 'drizzle-orm';
import { cancellationTerms, refundSplit } from '../../domain/cancellation';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { booking } from '../db/schema';
import { HttpProblem, conflict, notFound } from '../http/problem';
import { announceBookingChange } from './announce-booking-change';
import { enqueueProviderTask } from '../payments/provider-tasks';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { inTransaction, isPending, lockBooking, lockWallet, type WarnLog } from './booking-db';
import { returnCredit } from './booking-wallet';
import { returnReferralDiscount } from '../referrals/settle-referral';
import { latestPayment, releaseBooking, setPayment } from './booking-transitions';
import { cancelPendingPayments } from './expire-holds';
import type { CancelAnswer } from '../../contract/booking';

// Cancelling follows the policy in config (free until 24 h before, a share until 2 h before,
// nothing later): the card part goes back through the provider, the credit part to the wallet,
// by the same share. A booking still waiting for payment is simply released. Cancelling twice
// answers the first result. See docs/decisions "refund mechanics".

export async function cancelBooking(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  log: WarnLog,
): Promise<CancelAnswer> {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const b = await lockBooking(tx, bookingId);
    if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
    const none = { status: 'cancelled' as const, cardRefundPence: 0, walletRefundPence: 0 };

    if (b.status === 'cancelled') {
      const card = (await latestPayment(tx, b.id))?.refundedPence ?? 0;
      const result: CancelAnswer = {
        status: 'cancelled' as const,
        refundPence: b.refundedPence,
        cardRefundPence: card,
        walletRefundPence: Math.max(0, b.refundedPence - card),
      };
      return result;
    }
    if (isPending(b.status)) {
      await cancelPendingPayments(ctx, tx, [b.id], now);
      await releaseBooking(tx, b, now, 'cancelled');
      return { ...none, refundPence: 0 };
    }
    if (b.status !== 'confirmed') {
      throw conflict('This booking is not active, so there is nothing to cancel.');
    }
    const terms = cancellationTerms(ctx.config.cancellation, b.startsAt.getTime(), now.getTime());
    if (!terms.allowed) {
      throw new HttpProblem(
        409,
        'This appointment has already started, so it cannot be cancelled.',
        {
          extensions: { code: 'already_started' },
        },
      );
    }
    const paid = await latestPayment(tx, b.id);
    const amountPaidPence = paid && paid.status !== 'failed' ? paid.amountPence : 0;
    const split = refundSplit(
      { amountPaidPence, creditAppliedPence: b.creditAppliedPence },
      terms.refundPercent,
    );
    if (paid && split.cardRefundPence > 0) {
      // A card refund goes through the provider; an invoice is simply reduced by it.
      // The refund is decided here and made by the provider after this commits.
      if (paid.providerPaymentId && paid.provider === ctx.payments.name) {
        await enqueueProviderTask(
          tx,
          paid.provider,
          {
            kind: 'refund',
            bookingId: b.id,
            providerPaymentId: paid.providerPaymentId,
            amountPence: split.cardRefundPence,
            idempotencyKey: `booking-${b.id}-cancel-refund`,
          },
          now,
        );
      }
      await setPayment(
        tx,
        paid.id,
        {
          refundedPence: split.cardRefundPence,
          status: split.cardRefundPence >= paid.amountPence ? 'refunded' : 'partially_refunded',
        },
        now,
      );
    }
    if (split.walletRefundPence > 0) {
      await lockWallet(tx, b.customerId);
      await returnCredit(tx, b, split.walletRefundPence);
    }
    // Everything paid given back: the referral discount was not used after all (decision 0029).
    if (terms.refundPercent === 100) await returnReferralDiscount(tx, b);
    await releaseBooking(tx, b, now, 'cancelled');
    await tx.update(booking).set({ refundedPence: split.refundPence }).where(eq(booking.id, b.id));
    await announceBookingChange(ctx, tx, b.id, 'cancelled');
    return { status: 'cancelled' as const, ...split };
  });
  ctx.availabilityCache.clear();
  ctx.mailer.wake();
  await runProviderTasksNow(ctx, log);
  return outcome;
}
