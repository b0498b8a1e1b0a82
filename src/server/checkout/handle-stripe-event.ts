import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../app-context';
import { inTransaction, lockBooking, type BookingRow, type WarnLog } from '../booking/booking-db';
import { lockPayment, setPayment } from '../booking/booking-transitions';
import { nextAttemptNumber } from './payment-attempt';
import type { PaymentStep } from './payment-steps';
import { settlePayment, type ProviderNews } from './settle-payment';
import type { Db } from '../db/client';
import { booking, payment, paymentEvent } from '../db/schema';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import type { StripeEventResult as EventResult } from '../../contract/payments';

// Stripe delivers each event at least once, in any order. The event id is recorded in the same
// transaction that applies it (payment_event is unique per provider event id), so a replay finds
// the row and changes nothing; and each rule only moves a payment forward, so old news arriving
// after new news (a "succeeded" after a refund) cannot undo anything. See docs/decisions.

const REFUND_RANK: Record<string, number> = {
  requires_action: 0,
  processing: 0,
  succeeded: 1,
  invoiced: 1,
  partially_refunded: 2,
  refunded: 3,
};

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function intentNews(
  event: Stripe.Event,
): { intent: Stripe.PaymentIntent; news: ProviderNews } | null {
  if (!event.type.startsWith('payment_intent.')) return null;
  const intent = event.data.object as Stripe.PaymentIntent;
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const method = intent.payment_method;
      const card =
        method && typeof method !== 'string' && method.card
          ? {
              brand: method.card.brand,
              last4: method.card.last4,
              expMonth: method.card.exp_month,
              expYear: method.card.exp_year,
              paymentMethodId: method.id,
            }
          : undefined;
      return {
        intent,
        news: card
          ? { status: 'succeeded', providerPaymentId: intent.id, card }
          : { status: 'succeeded', providerPaymentId: intent.id },
      };
    }
    case 'payment_intent.payment_failed': {
      const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code;
      return {
        intent,
        news: {
          status: 'failed',
          providerPaymentId: intent.id,
          reason:
            code === 'insufficient_funds'
              ? 'insufficient_funds'
              : code === 'payment_intent_authentication_failure'
                ? 'authentication_failed'
                : 'card_declined',
        },
      };
    }
    case 'payment_intent.canceled':
      return { intent, news: { status: 'canceled' } };
    default:
      return null;
  }
}

/**
 * The attempt a PaymentIntent belongs to: by our payment id in its metadata (the attempt exists
 * before Stripe is called, so this finds it even when our own call has not come back yet), else
 * by the intent's id. With neither — a payment our records lost — one is written from the
 * intent's metadata so that the money is settled like any other: never ignored.
 */
async function attemptFor(tx: Db, b: BookingRow, intent: Stripe.PaymentIntent, now: Date) {
  const ours = intent.metadata?.paymentId;
  if (ours && /^[0-9a-f-]{36}$/i.test(ours)) {
    const found = await lockPayment(tx, ours);
    if (found && found.bookingId === b.id) return found;
  }
  const byIntent = await paymentFor(tx, intent.id);
  if (byIntent) return byIntent.bookingId === b.id ? lockPayment(tx, byIntent.id) : null;
  const attempt = await nextAttemptNumber(tx, b.id);
  const [row] = await tx
    .insert(payment)
    .values({
      bookingId: b.id,
      provider: 'stripe',
      method: 'card',
      attempt,
      idempotencyKey: `stripe-${intent.id}`,
      providerPaymentId: intent.id,
      status: 'pending',
      amountPence: intent.amount,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row ?? null;
}

async function paymentFor(tx: Db, providerPaymentId: string) {
  const [row] = await tx
    .select()
    .from(payment)
    .where(and(eq(payment.provider, 'stripe'), eq(payment.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

/** A refund (ours echoed back, or one made in Stripe's dashboard): amounts only ever grow. */
async function applyRefund(tx: Db, charge: Stripe.Charge, now: Date): Promise<boolean> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return false;
  const first = await paymentFor(tx, intentId);
  if (!first) return false;
  await lockBooking(tx, first.bookingId);
  const p = await paymentFor(tx, intentId);
  if (!p || charge.amount_refunded <= p.refundedPence) return true;
  const refunded = Math.min(charge.amount_refunded, p.amountPence);
  const status = refunded >= p.amountPence ? 'refunded' : 'partially_refunded';
  const delta = refunded - p.refundedPence;
  await setPayment(
    tx,
    p.id,
    {
      refundedPence: refunded,
      ...((REFUND_RANK[status] ?? 0) > (REFUND_RANK[p.status] ?? 0) ? { status } : {}),
    },
    now,
  );
  await tx
    .update(booking)
    .set({ refundedPence: sql`${booking.refundedPence} + ${delta}`, updatedAt: now })
    .where(eq(booking.id, p.bookingId));
  return true;
}

export async function handleStripeEvent(
  ctx: AppContext,
  event: Stripe.Event,
  log: WarnLog,
): Promise<EventResult> {
  const { result, step } = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const [recorded] = await tx
      .insert(paymentEvent)
      .values({
        provider: 'stripe',
        providerEventId: event.id,
        type: event.type,
        payload: event,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvent.id });
    if (!recorded) return { result: 'duplicate' as const, step: null };
    const done = async (result: EventResult, step: PaymentStep | null = null) => {
      await tx
        .update(paymentEvent)
        .set({ processedAt: now })
        .where(eq(paymentEvent.id, recorded.id));
      return { result, step };
    };

    if (event.type === 'charge.refunded') {
      const applied = await applyRefund(tx, event.data.object, now);
      return done(applied ? 'applied' : 'ignored');
    }
    const found = intentNews(event);
    if (!found) return done('ignored');
    const { intent, news } = found;
    // Lock the booking before reading its payment: if our own payment call is still committing,
    // this waits for it instead of missing the row.
    const bookingId = intent.metadata?.bookingId ?? (await paymentFor(tx, intent.id))?.bookingId;
    if (!bookingId || !/^[0-9a-f-]{36}$/i.test(bookingId)) return done('ignored');
    const b = await lockBooking(tx, bookingId);
    if (!b) return done('ignored');
    const p = await attemptFor(tx, b, intent, now);
    if (!p) return done('ignored');
    return done('applied', await settlePayment(ctx, tx, b, p, news, now));
  });
  if (step?.kind === 'confirmed') ctx.mailer.wake();
  if (step && step.kind !== 'confirmed' && step.kind !== 'already-confirmed') {
    ctx.availabilityCache.clear();
    await runProviderTasksNow(ctx, log);
  }
  return result;
}
