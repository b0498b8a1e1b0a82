import { cancellationTerms, refundSplit } from '../../domain/cancellation';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { HttpProblem, conflict, notFound } from '../http/problem';
import { announceBookingChange } from './announce-booking-change';
import { enqueueProviderTask } from '../payments/provider-tasks';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { latestPayment, setPayment } from '../payments/payment-rows';
import { isPending, lockBooking, lockWallet, type BookingRow } from './booking-db';
import { returnCredit } from './booking-wallet';
import { returnReferralDiscount } from '../referrals/settle-referral';
import { releaseBooking } from './booking-transitions';
import { cancelPendingPayments } from './expire-holds';
import type { CancelAnswer } from '../../contract/booking';

// Cancelling follows the policy in config (free until 24 h before, a share until 2 h before,
// nothing later): the card part goes back through the provider, the credit part to the wallet,
// by the same share. A booking still waiting for payment is simply let go. Cancelling twice
// answers the first result. See docs/decisions "refund mechanics".

/** What cancelling needs: no request, no session, so the admin command line can cancel too. */
export type CancelContext = Pick<
  AppContext,
  'db' | 'config' | 'now' | 'payments' | 'availabilityCache' | 'mailer'
>;

/** Who cancels, and how much goes back. */
export interface CancelOrder {
  by: 'customer' | 'company';
  /** policy: what the cancellation policy gives back now; full: everything that was paid. */
  refund: 'policy' | 'full';
  reason: string | null;
}

/**
 * Cancels a confirmed booking whose row lock the caller holds, in the caller's transaction (one
 * still held for payment is only let go, 'expired'): the card part of the refund is queued for the provider, the credit part goes back
 * to the wallet by the same share, the slot is freed and the customer told (mail and push).
 * Throws 409 once the appointment has started. Callers deal with other statuses first.
 */
export async function cancelLockedBooking(
  ctx: CancelContext,
  tx: Db,
  b: BookingRow,
  now: Date,
  order: CancelOrder,
): Promise<CancelAnswer> {
  if (isPending(b.status)) {
    // Never paid, so never an appointment: let go as a hold that ran out, which no customer list,
    // email, record or webhook shows as a cancellation (docs/decisions/0081).
    await cancelPendingPayments(ctx, tx, [b.id], now);
    await releaseBooking(tx, b, now, 'expired');
    return { status: 'expired', refundPence: 0, cardRefundPence: 0, walletRefundPence: 0 };
  }
  const terms = cancellationTerms(ctx.config.cancellation, b.startsAt.getTime(), now.getTime());
  if (!terms.allowed) {
    throw new HttpProblem(409, 'This appointment has already started, so it cannot be cancelled.', {
      code: 'already_started',
    });
  }
  const refundPercent = order.refund === 'full' ? 100 : terms.refundPercent;
  const paid = await latestPayment(tx, b.id);
  const amountPaidPence = paid && paid.status !== 'failed' ? paid.amountPence : 0;
  const split = refundSplit(
    { amountPaidPence, creditAppliedPence: b.creditAppliedPence },
    refundPercent,
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
  if (refundPercent === 100) await returnReferralDiscount(tx, b);
  await releaseBooking(tx, b, now, 'cancelled', {
    cancelledBy: order.by,
    cancelReason: order.reason,
    refundedPence: split.refundPence,
  });
  await announceBookingChange(ctx, tx, b.id, 'cancelled');
  return { status: 'cancelled', ...split };
}

/** After the commit: other pages see the free slot, the mail goes, the refund is made. */
export async function afterCancel(ctx: CancelContext, log: WarnLog): Promise<void> {
  ctx.availabilityCache.clear();
  ctx.mailer.wake();
  await runProviderTasksNow(ctx, log);
}

export async function cancelBooking(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  log: WarnLog,
): Promise<CancelAnswer> {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const b = await lockBooking(tx, bookingId);
    if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
    if (b.status === 'cancelled') {
      // Cancelling twice answers the first result.
      const card = (await latestPayment(tx, b.id))?.refundedPence ?? 0;
      return {
        status: 'cancelled' as const,
        refundPence: b.refundedPence,
        cardRefundPence: card,
        walletRefundPence: Math.max(0, b.refundedPence - card),
      };
    }
    if (!isPending(b.status) && b.status !== 'confirmed') {
      throw conflict(
        'This booking is not active, so there is nothing to cancel.',
        'not_cancellable',
      );
    }
    return cancelLockedBooking(ctx, tx, b, ctx.now(), {
      by: 'customer',
      refund: 'policy',
      reason: null,
    });
  });
  await afterCancel(ctx, log);
  return outcome;
}
