import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { booking } from '../db/schema';
import type { CardDetails, DeclineReason } from '../payments/payment-provider';
import { isPending, type BookingRow } from './booking-db';
import {
  confirmBooking,
  lockCreditFor,
  releaseBooking,
  saveCardOf,
  setPayment,
  type PaymentRow,
} from './booking-transitions';
import type { PaymentStep } from './payment-steps';

// Applies what the provider says about a payment that was waiting for the customer (3-D Secure,
// a redirect, a webhook). Every rule only moves forward, so the same news twice, or old news after
// new (a late "succeeded" after a refund), changes nothing. Caller holds the booking row lock.

const SETTLED = new Set(['succeeded', 'partially_refunded', 'refunded', 'invoiced']);

export type ProviderNews =
  | { status: 'succeeded'; card?: CardDetails }
  | { status: 'failed'; reason: DeclineReason }
  | { status: 'canceled' };

/** Gives back money that arrived for a booking that can no longer be had. */
async function refundInFull(ctx: AppContext, tx: Db, b: BookingRow, p: PaymentRow, now: Date) {
  if (p.providerPaymentId && p.provider === ctx.payments.name && p.amountPence > 0) {
    await ctx.payments.refund({
      providerPaymentId: p.providerPaymentId,
      amountPence: p.amountPence,
      idempotencyKey: `booking-${b.id}-refund-unclaimed`,
    });
  }
  await setPayment(tx, p.id, { status: 'refunded', refundedPence: p.amountPence }, now);
  await tx
    .update(booking)
    .set({
      refundedPence: sql`greatest(${booking.refundedPence}, ${p.amountPence})`,
      updatedAt: now,
    })
    .where(eq(booking.id, b.id));
}

export async function settlePayment(
  ctx: AppContext,
  tx: Db,
  b: BookingRow,
  p: PaymentRow,
  news: ProviderNews,
  now: Date,
): Promise<PaymentStep> {
  if (news.status === 'succeeded') {
    if (b.status === 'confirmed' || b.status === 'completed') return { kind: 'already-confirmed' };
    const card = news.card;
    const known = SETTLED.has(p.status);
    const paid: PaymentRow = {
      ...p,
      // A refund that arrived first keeps its status: news only moves a payment forward.
      status: known ? p.status : 'succeeded',
      cardBrand: p.cardBrand ?? card?.brand ?? null,
      cardLast4: p.cardLast4 ?? card?.last4 ?? null,
      cardExpMonth: p.cardExpMonth ?? card?.expMonth ?? null,
      cardExpYear: p.cardExpYear ?? card?.expYear ?? null,
      providerPaymentMethodId: p.providerPaymentMethodId ?? card?.paymentMethodId ?? null,
    };
    await setPayment(
      tx,
      p.id,
      {
        status: paid.status,
        cardBrand: paid.cardBrand,
        cardLast4: paid.cardLast4,
        cardExpMonth: paid.cardExpMonth,
        cardExpYear: paid.cardExpYear,
        providerPaymentMethodId: paid.providerPaymentMethodId,
        actionUrl: null,
      },
      now,
    );
    if (!isPending(b.status)) {
      // The hold was released (ran out, cancelled) before the bank answered: nothing to sell.
      if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
      return { kind: 'expired', bookingId: b.id };
    }
    if (!(await lockCreditFor(tx, b, now))) {
      if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
      await releaseBooking(tx, b, now, 'failed');
      return { kind: 'credit-changed', bookingId: b.id };
    }
    await saveCardOf(tx, b.customerId, paid);
    await confirmBooking(tx, b, now, p.method);
    return { kind: 'confirmed', bookingId: b.id };
  }

  if (p.status !== 'requires_action' && p.status !== 'processing') {
    // Already settled one way or the other: a late failure cannot undo a success.
    if (b.status === 'confirmed') return { kind: 'already-confirmed' };
    return p.status === 'failed' && p.failureReason
      ? { kind: 'declined', reason: p.failureReason as DeclineReason, bookingId: b.id }
      : { kind: 'expired', bookingId: b.id };
  }
  const reason: DeclineReason = news.status === 'failed' ? news.reason : 'authentication_failed';
  await setPayment(
    tx,
    p.id,
    {
      status: news.status === 'failed' ? 'failed' : 'canceled',
      failureReason: reason,
      actionUrl: null,
    },
    now,
  );
  if (isPending(b.status)) await releaseBooking(tx, b, now, 'failed');
  return { kind: 'declined', reason, bookingId: b.id };
}
