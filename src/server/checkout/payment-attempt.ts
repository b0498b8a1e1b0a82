import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { booking, payment } from '../db/schema';
import { HttpProblem } from '../http/problem';
import type { ChargeOutcome, RecoveredCharge } from '../payments/payment-provider';
import { inTransaction, type BookingRow } from '../booking/booking-db';
import { lockBookingAndPayment, type PaymentRow } from '../booking/booking-transitions';
import type { PaymentStep } from './payment-steps';
import { settledStep, settlePayment, type ProviderNews } from './settle-payment';

// A card payment, in three steps (docs/architecture.md#payments): (1) record it, pending,
// with its own idempotency key, and commit; (2) call the provider outside any transaction; (3)
// settle it under the booking's lock. A crash between (2) and (3) leaves a pending attempt that the
// reconciler settles by asking the provider; news from elsewhere (a webhook) settles it the same
// way, and whichever comes first wins because settling is a compare-and-set from "pending".

export const attemptKey = (bookingId: string, attempt: number) =>
  `booking-${bookingId}-attempt-${attempt}`;

export const giftCardAttemptKey = (giftCardId: string, attempt: number) =>
  `gift-card-${giftCardId}-attempt-${attempt}`;

/** What a payment pays for: exactly one of the two (the payment_for_one_purchase constraint). */
export type Purchase = { kind: 'booking'; id: string } | { kind: 'gift-card'; id: string };

export function purchaseOf(p: Pick<PaymentRow, 'id' | 'bookingId' | 'giftCardId'>): Purchase {
  if (p.bookingId) return { kind: 'booking', id: p.bookingId };
  if (p.giftCardId) return { kind: 'gift-card', id: p.giftCardId };
  throw new Error(`payment ${p.id} pays for nothing`);
}

export async function nextAttemptNumber(tx: Db, purchase: Purchase): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${payment.attempt}), 0)::int` })
    .from(payment)
    .where(
      purchase.kind === 'booking'
        ? eq(payment.bookingId, purchase.id)
        : eq(payment.giftCardId, purchase.id),
    );
  return Number(row?.last ?? 0) + 1;
}

/** The query that tells /authorisation/confirm what is being paid for. */
export const purchaseQuery = (purchase: Purchase) =>
  purchase.kind === 'booking' ? `booking=${purchase.id}` : `gift_card=${purchase.id}`;

/**
 * Where the customer goes to authenticate: the provider's own page when it gives one, else our
 * /authorisation/confirm (the demo bank page for `payment=`, the re-check page for `payment_intent=`).
 */
export function actionUrlOf(
  provider: string,
  purchase: Purchase,
  paymentId: string,
  outcome: Extract<ChargeOutcome, { kind: 'requires_action' }>,
): string {
  if (outcome.redirectUrl) return outcome.redirectUrl;
  return provider === 'demo'
    ? `/authorisation/confirm?${purchaseQuery(purchase)}&payment=${paymentId}`
    : `/authorisation/confirm?${purchaseQuery(purchase)}&payment_intent=${outcome.providerPaymentId}`;
}

export function newsOf(p: PaymentRow, outcome: RecoveredCharge): ProviderNews {
  switch (outcome.kind) {
    case 'succeeded':
      return {
        status: 'succeeded',
        providerPaymentId: outcome.providerPaymentId,
        card: outcome.card,
      };
    case 'requires_action':
      return {
        status: 'requires_action',
        providerPaymentId: outcome.providerPaymentId,
        actionUrl: actionUrlOf(p.provider, purchaseOf(p), p.id, outcome),
        clientSecret: outcome.clientSecret,
        card: outcome.card,
      };
    case 'declined':
      return {
        status: 'failed',
        reason: outcome.reason,
        providerPaymentId: outcome.providerPaymentId,
        card: outcome.card,
      };
    case 'not_charged':
      return { status: 'failed', reason: 'processing_error' };
  }
}

/**
 * Step 3 of a booking's payment: applies the provider's answer unless someone settled it first.
 * The caller that made the attempt knows its booking; others (the reconciler) leave it to be read.
 */
export async function settleBookingAttempt(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'payments'>,
  paymentId: string,
  outcome: RecoveredCharge,
  knownBookingId?: string,
): Promise<PaymentStep> {
  return inTransaction(ctx.db, async (tx) => {
    const bookingId = knownBookingId ?? (await bookingOfPayment(tx, paymentId));
    // Booking row first, then the payment row, in one statement (one round trip fewer).
    const locked = await lockBookingAndPayment(tx, bookingId, paymentId);
    if (!locked) throw new Error(`payment ${paymentId} lost its booking`);
    const { b, p } = locked;
    if (p.status !== 'pending') return settledStep(b, p);
    return settlePayment(ctx, tx, b, p, newsOf(p, outcome), ctx.now());
  });
}

async function bookingOfPayment(tx: Db, paymentId: string): Promise<string> {
  const [row] = await tx
    .select({ bookingId: payment.bookingId })
    .from(payment)
    .where(eq(payment.id, paymentId));
  if (!row?.bookingId) throw new Error(`payment ${paymentId} is not a booking's`);
  return row.bookingId;
}

export const paymentPending = () =>
  new HttpProblem(
    503,
    'We are still confirming your payment with your bank. Please check your appointments in a minute before trying again: you will not be charged twice.',
    { title: 'Service Unavailable', extensions: { code: 'payment_pending' } },
  );

/**
 * The attempt once someone has settled it (our own call, a webhook, the reconciler), polling with
 * a growing pause; a 503 "still confirming" when that takes longer than `timeoutMs`.
 */
export async function waitForPaymentRow(
  ctx: Pick<AppContext, 'db'>,
  paymentId: string,
  timeoutMs: number,
): Promise<PaymentRow> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
    const [p] = await ctx.db.select().from(payment).where(eq(payment.id, paymentId));
    if (p && p.status !== 'pending') return p;
    if (Date.now() >= deadline) throw paymentPending();
    await sleep(pause);
  }
}

/**
 * A second request for a booking whose payment is under way (a double click, a retry after a
 * dropped connection) waits for the first to be settled and answers what it ended in.
 */
export async function waitForSettlement(
  ctx: Pick<AppContext, 'db'>,
  paymentId: string,
  b: BookingRow,
  timeoutMs = 20_000,
): Promise<PaymentStep> {
  const p = await waitForPaymentRow(ctx, paymentId, timeoutMs);
  const [fresh] = await ctx.db.select().from(booking).where(eq(booking.id, b.id));
  return settledStep(fresh ?? b, p);
}
