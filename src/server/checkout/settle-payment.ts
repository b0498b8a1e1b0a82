import { eq, sql } from 'drizzle-orm';
import { MINUTE_MS } from '../../domain/constants';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { booking } from '../db/schema';
import type { DeclineReason } from '../payments/payment-provider';
import { enqueueProviderTask } from '../payments/provider-tasks';
import { isPending, type BookingRow } from '../booking/booking-db';
import {
  confirmBooking,
  lockCreditFor,
  moveBooking,
  releaseBooking,
  saveCardOf,
  setPayment,
  type PaymentRow,
} from '../booking/booking-transitions';
import type { PaymentStep } from './payment-steps';
import {
  WAITING,
  afterSuccess,
  cardChanges,
  recordSuccess,
  successChange,
  type ProviderNews,
} from './provider-news';

export type { ProviderNews };

// Payment step 3 (docs/architecture.md#payments): applies what the provider says about an attempt —
// the answer to our own call, the customer's return from 3-D Secure, a webhook, or what the
// reconciler found out — under the booking's lock, in one short transaction with no network call.
// Every rule only moves forward, so the same news twice, or old news after new (a late
// "succeeded" after a refund), changes nothing. Money that arrives for a booking that can no
// longer be had is refunded in full, through a provider task that runs after the commit.

/** Gives back money that arrived for a booking that can no longer be had. */
async function refundInFull(
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  b: BookingRow,
  p: PaymentRow,
  now: Date,
) {
  if (p.providerPaymentId && p.provider === ctx.payments.name && p.amountPence > 0) {
    await enqueueProviderTask(
      tx,
      p.provider,
      {
        kind: 'refund',
        bookingId: b.id,
        providerPaymentId: p.providerPaymentId,
        amountPence: p.amountPence - p.refundedPence,
        idempotencyKey: `payment-${p.id}-refund-unclaimed`,
      },
      now,
    );
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

/**
 * Whether the attempt paid the booking's card share, and card, credit and discount make the price:
 * what the provider charged is the attempt's amount, fixed when it was sent.
 */
export function splitAddsUp(
  b: Pick<
    BookingRow,
    'totalPricePence' | 'amountDuePence' | 'creditAppliedPence' | 'referralDiscountPence'
  >,
  p: Pick<PaymentRow, 'amountPence'>,
): boolean {
  return (
    p.amountPence === b.amountDuePence &&
    p.amountPence + b.creditAppliedPence + b.referralDiscountPence === b.totalPricePence
  );
}

/** What a payment that has already been settled means for whoever asks again. */
export function settledStep(b: BookingRow, p: PaymentRow): PaymentStep {
  if (b.status === 'confirmed' || b.status === 'completed') return { kind: 'already-confirmed' };
  if (p.status === 'requires_action' && p.actionUrl && isPending(b.status))
    return { kind: 'requires_action', actionUrl: p.actionUrl, clientSecret: null };
  if ((p.status === 'failed' || p.status === 'canceled') && p.failureReason)
    return {
      kind: 'declined',
      reason: p.failureReason as DeclineReason,
      bookingId: b.id,
      holdKept: b.status === 'held',
    };
  return { kind: 'expired', bookingId: b.id };
}

async function settleSuccess(
  ctx: Pick<AppContext, 'config' | 'now' | 'payments'>,
  tx: Db,
  b: BookingRow,
  p: PaymentRow,
  news: Extract<ProviderNews, { status: 'succeeded' }>,
  now: Date,
): Promise<PaymentStep> {
  if (b.status === 'confirmed' || b.status === 'completed') {
    if (WAITING.has(p.status)) {
      // Another attempt already paid for this booking: this money is not needed.
      const paid = {
        ...p,
        providerPaymentId: p.providerPaymentId ?? news.providerPaymentId ?? null,
      };
      await setPayment(tx, p.id, { providerPaymentId: paid.providerPaymentId }, now);
      await refundInFull(ctx, tx, b, paid, now);
    }
    return { kind: 'already-confirmed' };
  }
  const paid = afterSuccess(p, news);
  if (!isPending(b.status)) {
    // The hold was released (ran out, cancelled) before the money arrived: nothing to sell.
    await recordSuccess(tx, paid, now);
    if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
    return { kind: 'expired', bookingId: b.id };
  }
  if (!splitAddsUp(b, p)) {
    // The card was charged for a split of the price this booking no longer has. Amounts are
    // frozen while an attempt is undecided (set-booking-credit.ts and a trigger), so this means
    // a path skipped both: keep nothing rather than confirm with the wrong money.
    await recordSuccess(tx, paid, now);
    if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
    await releaseBooking(tx, b, now, 'failed');
    return {
      kind: 'amount-changed',
      bookingId: b.id,
      chargedPence: p.amountPence,
      duePence: b.amountDuePence,
    };
  }
  if (!(await lockCreditFor(tx, b, now))) {
    await recordSuccess(tx, paid, now);
    if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
    await releaseBooking(tx, b, now, 'failed');
    return { kind: 'credit-changed', bookingId: b.id };
  }
  await saveCardOf(tx, b.customerId, paid);
  // The payment's success is written by the confirmation's own UPDATE (one statement for both
  // rows, whose locks this transaction holds): both commit, or neither.
  await confirmBooking(ctx, tx, b, now, p.method, successChange(paid, now));
  return { kind: 'confirmed', bookingId: b.id };
}

export async function settlePayment(
  ctx: Pick<AppContext, 'config' | 'now' | 'payments'>,
  tx: Db,
  b: BookingRow,
  p: PaymentRow,
  news: ProviderNews,
  now: Date,
): Promise<PaymentStep> {
  if (news.status === 'succeeded') return settleSuccess(ctx, tx, b, p, news, now);
  // A failure or a request for action after the payment settled changes nothing.
  if (!WAITING.has(p.status)) return settledStep(b, p);

  if (news.status === 'requires_action') {
    if (!isPending(b.status)) {
      // Released while we waited for the provider's answer: abandon the payment at the bank.
      await setPayment(
        tx,
        p.id,
        { status: 'canceled', providerPaymentId: news.providerPaymentId, actionUrl: null },
        now,
      );
      if (p.provider === ctx.payments.name)
        await enqueueProviderTask(
          tx,
          p.provider,
          {
            kind: 'cancel_payment',
            bookingId: b.id,
            providerPaymentId: news.providerPaymentId,
            idempotencyKey: `payment-${p.id}-abandon`,
          },
          now,
        );
      return { kind: 'expired', bookingId: b.id };
    }
    await setPayment(
      tx,
      p.id,
      {
        status: 'requires_action',
        providerPaymentId: news.providerPaymentId,
        actionUrl: news.actionUrl,
        ...cardChanges(p, news.card),
      },
      now,
    );
    // The bank's page gets a full hold period of its own; abandoned, the sweep releases it.
    const until = new Date(
      Math.max(b.holdExpiresAt?.getTime() ?? 0, now.getTime() + ctx.config.holdMinutes * MINUTE_MS),
    );
    await moveBooking(tx, b.id, ['held', 'requires_action'], {
      status: 'requires_action',
      holdExpiresAt: until,
      updatedAt: now,
    });
    return { kind: 'requires_action', actionUrl: news.actionUrl, clientSecret: news.clientSecret };
  }

  const reason: DeclineReason = news.status === 'failed' ? news.reason : 'authentication_failed';
  await setPayment(
    tx,
    p.id,
    {
      status: news.status === 'failed' ? 'failed' : 'canceled',
      failureReason: reason,
      actionUrl: null,
      ...(news.status === 'failed' && news.providerPaymentId
        ? { providerPaymentId: news.providerPaymentId }
        : {}),
      ...(news.status === 'failed' ? cardChanges(p, news.card) : {}),
    },
    now,
  );
  // A card refused at once leaves nothing half done and no money moved: the held time stays the
  // customer's until the hold runs out, so they can try another card (docs/decisions/0041). A
  // failure after the bank's own page (requires_action) releases it, as does an ended hold.
  const holdKept =
    news.status === 'failed' &&
    b.status === 'held' &&
    b.holdExpiresAt !== null &&
    b.holdExpiresAt.getTime() > now.getTime();
  if (isPending(b.status) && !holdKept) await releaseBooking(tx, b, now, 'failed');
  return { kind: 'declined', reason, bookingId: b.id, holdKept };
}
