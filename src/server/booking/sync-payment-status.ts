import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { notFound } from '../http/problem';
import { DECLINE_MESSAGES, type DeclineReason } from '../payments/payment-provider';
import { inTransaction, lockBooking, type WarnLog } from './booking-db';
import { latestPayment } from './booking-transitions';
import type { PaymentStep } from './payment-steps';
import { sendBookingConfirmation } from '../notifications/send-booking-confirmation';
import { settlePayment, type ProviderNews } from './settle-payment';

// Where /authorisation/confirm lands after a provider's own 3-D Secure page (Stripe returns with
// ?booking=…&payment_intent=…): asks the provider how the payment stands and applies it, so the
// customer sees the outcome without waiting for the webhook. Safe to call any number of times.

export interface PaymentStatus {
  bookingId: string;
  status: string;
  paymentStatus: string | null;
  /** Why the payment failed, in the customer's words. */
  detail: string | null;
  actionUrl: string | null;
}

export async function syncPaymentStatus(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  log: WarnLog,
): Promise<PaymentStatus> {
  const { step, status } = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const b = await lockBooking(tx, bookingId);
    if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
    const p = await latestPayment(tx, b.id);
    let step: PaymentStep | null = null;
    const asksProvider =
      p &&
      (p.status === 'requires_action' || p.status === 'processing') &&
      p.provider === ctx.payments.name &&
      ctx.payments.name !== 'demo' &&
      p.providerPaymentId;
    if (asksProvider && p.providerPaymentId) {
      const state = await ctx.payments.retrieve(p.providerPaymentId);
      const news: ProviderNews | null =
        state.status === 'succeeded'
          ? { status: 'succeeded', card: state.card }
          : state.status === 'failed'
            ? { status: 'failed', reason: state.reason }
            : state.status === 'canceled'
              ? { status: 'canceled' }
              : null;
      if (news) step = await settlePayment(ctx, tx, b, p, news, now);
    }
    const after = await lockBooking(tx, b.id);
    const paid = await latestPayment(tx, b.id);
    return {
      step,
      status: {
        bookingId: b.id,
        status: after?.status ?? b.status,
        paymentStatus: paid?.status ?? null,
        detail:
          paid?.status === 'failed' || paid?.status === 'canceled'
            ? (DECLINE_MESSAGES[(paid.failureReason ?? 'card_declined') as DeclineReason] ?? null)
            : null,
        actionUrl: paid?.status === 'requires_action' ? paid.actionUrl : null,
      },
    };
  });
  if (step?.kind === 'confirmed') await sendBookingConfirmation(ctx, step.bookingId, log);
  if (step && step.kind !== 'confirmed' && step.kind !== 'already-confirmed')
    ctx.availabilityCache.clear();
  return status;
}
