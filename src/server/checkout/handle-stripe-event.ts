import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../app-context';
import { inTransaction, lockBooking, type WarnLog } from '../booking/booking-db';
import { lockPayment, setPayment, type PaymentRow } from '../booking/booking-transitions';
import { lockGiftCard } from '../gift-cards/gift-card-db';
import { withdrawGiftCard } from '../gift-cards/withdraw-gift-card';
import { nextAttemptNumber, type Purchase } from './payment-attempt';
import type { PaymentStep } from './payment-steps';
import { SETTLED } from './provider-news';
import { settleGiftCardPayment, type GiftCardStep } from './settle-gift-card-payment';
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
async function attemptFor(
  tx: Db,
  purchase: Purchase,
  intent: Stripe.PaymentIntent,
  now: Date,
): Promise<PaymentRow | null> {
  const belongs = (p: Pick<PaymentRow, 'bookingId' | 'giftCardId'>) =>
    purchase.kind === 'booking' ? p.bookingId === purchase.id : p.giftCardId === purchase.id;
  const ours = intent.metadata?.paymentId;
  if (ours && UUID.test(ours)) {
    const found = await lockPayment(tx, ours);
    if (found && belongs(found)) return found;
  }
  const byIntent = await paymentFor(tx, intent.id);
  if (byIntent) return belongs(byIntent) ? lockPayment(tx, byIntent.id) : null;
  const attempt = await nextAttemptNumber(tx, purchase);
  const [row] = await tx
    .insert(payment)
    .values({
      ...(purchase.kind === 'booking' ? { bookingId: purchase.id } : { giftCardId: purchase.id }),
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

/**
 * A refund (ours echoed back, or one made in Stripe's dashboard): amounts only ever grow. A gift
 * card whose money has all gone back can no longer be redeemed.
 */
async function applyRefund(
  tx: Db,
  charge: Stripe.Charge,
  now: Date,
  log: WarnLog,
): Promise<boolean> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return false;
  const first = await paymentFor(tx, intentId);
  if (!first) return false;
  // What was paid for is locked first, as on every other path.
  if (first.bookingId) await lockBooking(tx, first.bookingId);
  const card = first.giftCardId ? await lockGiftCard(tx, first.giftCardId) : null;
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
  if (p.bookingId)
    await tx
      .update(booking)
      .set({ refundedPence: sql`${booking.refundedPence} + ${delta}`, updatedAt: now })
      .where(eq(booking.id, p.bookingId));
  const wholeCardBack = card && status === 'refunded' && SETTLED.has(p.status);
  if (wholeCardBack && !(await withdrawGiftCard(tx, card, now)))
    log.warn(
      { giftCardId: card.id, paymentId: p.id },
      'a redeemed gift card was refunded at Stripe: its credit stays in the wallet, needs a person',
    );
  return true;
}

const UUID = /^[0-9a-f-]{36}$/i;

/** What to do once the event's transaction has committed. */
type FollowUp = 'mail' | 'provider-calls' | null;

function followUpOf(step: PaymentStep): FollowUp {
  if (step.kind === 'confirmed') return 'mail';
  return step.kind === 'already-confirmed' ? null : 'provider-calls';
}

function followUpOfGiftCard(step: GiftCardStep): FollowUp {
  if (step.kind === 'paid') return 'mail';
  return step.kind === 'requires_action' ? null : 'provider-calls';
}

export async function handleStripeEvent(
  ctx: AppContext,
  event: Stripe.Event,
  log: WarnLog,
): Promise<EventResult> {
  const { result, followUp } = await inTransaction(ctx.db, async (tx) => {
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
    if (!recorded) return { result: 'duplicate' as const, followUp: null };
    const done = async (result: EventResult, followUp: FollowUp = null) => {
      await tx
        .update(paymentEvent)
        .set({ processedAt: now })
        .where(eq(paymentEvent.id, recorded.id));
      return { result, followUp };
    };

    if (event.type === 'charge.refunded') {
      const applied = await applyRefund(tx, event.data.object, now, log);
      return done(applied ? 'applied' : 'ignored');
    }
    const found = intentNews(event);
    if (!found) return done('ignored');
    const { intent, news } = found;
    // Lock what was paid for before reading its payment: if our own payment call is still
    // committing, this waits for it instead of missing the row.
    const metadata = intent.metadata ?? {};
    const known =
      metadata.bookingId || metadata.giftCardId ? null : await paymentFor(tx, intent.id);
    const bookingId = metadata.bookingId ?? known?.bookingId ?? null;
    const giftCardId = bookingId ? null : (metadata.giftCardId ?? known?.giftCardId ?? null);
    if (bookingId && UUID.test(bookingId)) {
      const b = await lockBooking(tx, bookingId);
      if (!b) return done('ignored');
      const p = await attemptFor(tx, { kind: 'booking', id: b.id }, intent, now);
      if (!p) return done('ignored');
      const step = await settlePayment(ctx, tx, b, p, news, now);
      return done('applied', followUpOf(step));
    }
    if (giftCardId && UUID.test(giftCardId)) {
      const g = await lockGiftCard(tx, giftCardId);
      if (!g) return done('ignored');
      const p = await attemptFor(tx, { kind: 'gift-card', id: g.id }, intent, now);
      if (!p) return done('ignored');
      const step = await settleGiftCardPayment(ctx, tx, g, p, news, now);
      return done('applied', followUpOfGiftCard(step));
    }
    return done('ignored');
  });
  if (followUp === 'mail') ctx.mailer.wake();
  if (followUp === 'provider-calls') {
    ctx.availabilityCache.clear();
    await runProviderTasksNow(ctx, log);
  }
  return result;
}
