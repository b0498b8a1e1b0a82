import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { payment, paymentEvent } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import {
  lockPayment,
  nextAttemptNumber,
  setPayment,
  type PaymentRow,
} from '../payments/payment-rows';
import type { ProviderNews } from '../payments/provider-news';
import type { SomePurchase } from '../payments/purchase';
import {
  paidForColumns,
  paysFor,
  purchaseOf,
  purchaseOfMetadata,
  purchaseOfRow,
  type PurchaseRef,
} from '../payments/purchase-ref';
import { afterSettled, settleNews } from '../payments/settle-purchase';
import { purchases } from './purchases';
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
  purchase: PurchaseRef,
  intent: Stripe.PaymentIntent,
  now: Date,
): Promise<PaymentRow | null> {
  const belongs = (p: Pick<PaymentRow, 'bookingId' | 'giftCardId' | 'tipId'>) =>
    paysFor(p, purchase);
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
      ...paidForColumns(purchase),
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
 * A refund (ours echoed back, or one made in Stripe's dashboard): amounts only ever grow, and what
 * was paid for hears of it (a booking counts it; a gift card whose money has all gone back can no
 * longer be redeemed).
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
  const ref = purchaseOf(first);
  const purchase = purchases[ref.kind];
  const paidFor = await purchase.lock(tx, ref.id);
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
  if (paidFor)
    await purchase.refundReported(tx, paidFor, p, { status, deltaPence: delta }, now, log);
  return true;
}

const UUID = /^[0-9a-f-]{36}$/i;

/** A purchase's step that the event settled, for its follow-ups once the transaction commits. */
interface Settled {
  purchase: SomePurchase;
  step: { kind: string };
}

export async function handleStripeEvent(
  ctx: AppContext,
  event: Stripe.Event,
  log: WarnLog,
): Promise<EventResult> {
  const { result, settled } = await inTransaction(ctx.db, async (tx) => {
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
    if (!recorded) return { result: 'duplicate' as const, settled: null };
    const done = async (result: EventResult, settled: Settled | null = null) => {
      await tx
        .update(paymentEvent)
        .set({ processedAt: now })
        .where(eq(paymentEvent.id, recorded.id));
      return { result, settled };
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
    const named = purchaseOfMetadata(intent.metadata ?? {});
    const known = named ? null : await paymentFor(tx, intent.id);
    const ref: PurchaseRef | null = named ?? (known ? purchaseOfRow(known) : null);
    if (!ref || !UUID.test(ref.id)) return done('ignored');
    const purchase = purchases[ref.kind];
    const paidFor = await purchase.lock(tx, ref.id);
    if (!paidFor) return done('ignored');
    const p = await attemptFor(tx, ref, intent, now);
    if (!p) return done('ignored');
    const step = await settleNews(ctx, tx, purchase, paidFor, p, news, now);
    return done('applied', { purchase, step });
  });
  if (settled) await afterSettled(ctx, settled.purchase, settled.step, log);
  return result;
}
