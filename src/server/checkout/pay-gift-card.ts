import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { inTransaction, type WarnLog } from '../booking/booking-db';
import type { Db } from '../db/client';
import { giftCard, payment } from '../db/schema';
import { latestGiftCardPayment } from '../gift-cards/gift-card-db';
import { lockGiftCardOrder, reviseGiftCardOrder } from '../gift-cards/place-gift-card-order';
import { notFound } from '../http/problem';
import {
  storableRequest,
  type ChargeOutcome,
  type ChargeRequest,
} from '../payments/payment-provider';
import { ensureProviderCustomer } from '../payments/provider-customer';
import {
  giftCardAttemptKey,
  nextAttemptNumber,
  paymentPending,
  purchaseQuery,
  waitForPaymentRow,
} from './payment-attempt';
import { sourceOf } from './payment-source';
import {
  afterGiftCardPayment,
  settleGiftCardAttempt,
  settledGiftCardStep,
  type GiftCardStep,
} from './settle-gift-card-payment';
import type { GiftCardPaymentAnswer, GiftCardPurchaseInput } from '../../contract/gift-cards';

// Buying a gift card is paying for an order, in the same three steps as paying for a booking
// (docs/architecture.md#payments): record the attempt under the order's lock and commit; call
// the provider with no transaction open; settle under the lock by compare-and-set. 3-D Secure, the
// reconciler, Stripe's webhooks and the return page settle a gift card's attempts the same way.

export const GIFT_CARD_STATEMENT = 'Glow at Home gift card';

type Begun =
  | { kind: 'step'; step: GiftCardStep }
  | { kind: 'in-flight'; paymentId: string }
  | { kind: 'attempt'; paymentId: string; request: ChargeRequest };

/** Step 1: under the order's lock, answer what it already is or record a new attempt. */
async function begin(
  ctx: AppContext,
  tx: Db,
  buyer: CustomerProfile,
  input: GiftCardPurchaseInput,
  providerCustomerId: string | null,
): Promise<Begun> {
  const now = ctx.now();
  const found = await lockGiftCardOrder(tx, buyer.id, input.orderId, input, now);
  if (!found) throw notFound('Gift card order not found.');
  const latest = await latestGiftCardPayment(tx, found.id);
  if (latest?.status === 'pending') return { kind: 'in-flight', paymentId: latest.id };
  // Paid or cancelled: say so. Waiting for the bank: send the buyer back to it.
  if (found.status !== 'unpaid') {
    if (!latest) throw new Error(`gift card ${found.id} is ${found.status} with no payment`);
    return { kind: 'step', step: settledGiftCardStep(found, latest) };
  }
  if (latest?.status === 'requires_action' && latest.actionUrl)
    return { kind: 'step', step: settledGiftCardStep(found, latest) };

  const order = await reviseGiftCardOrder(tx, found, input, now);
  const { source, saveCard, known } = await sourceOf(ctx, tx, buyer.id, input);
  const attempt = await nextAttemptNumber(tx, { kind: 'gift-card', id: order.id });
  const paymentId = randomUUID();
  const idempotencyKey = giftCardAttemptKey(order.id, attempt);
  const request: ChargeRequest = {
    bookingId: null,
    giftCardId: order.id,
    paymentId,
    amountPence: order.amountPence,
    idempotencyKey,
    description: GIFT_CARD_STATEMENT,
    source,
    saveCard,
    providerCustomerId,
    // The platform sells gift cards: no therapist's account and no fee to split off.
    destinationAccountId: null,
    applicationFeePence: 0,
    returnUrl: `${ctx.config.publicUrl}/authorisation/confirm?${purchaseQuery({ kind: 'gift-card', id: order.id })}`,
  };
  await tx.insert(payment).values({
    id: paymentId,
    giftCardId: order.id,
    provider: ctx.payments.name,
    method: input.method === 'saved-card' ? 'saved-card' : 'card',
    attempt,
    idempotencyKey,
    status: 'pending',
    amountPence: order.amountPence,
    saveCard,
    cardBrand: known.brand,
    cardLast4: known.last4,
    cardExpMonth: known.expMonth,
    cardExpYear: known.expYear,
    providerPaymentMethodId: known.paymentMethodId,
    providerRequest: storableRequest(request),
    checkAfter: new Date(now.getTime() + ctx.config.payments.reconcileAfterSeconds * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return { kind: 'attempt', paymentId, request };
}

/**
 * Creates the order on first sight (its id comes from the web app) and pays for it by card. A
 * repeat of the request finds the same order: it waits for an attempt in flight, answers a paid
 * order as paid, and after a decline makes a new attempt with what the request now says.
 */
export async function buyGiftCard(
  ctx: AppContext,
  buyer: CustomerProfile,
  input: GiftCardPurchaseInput,
  log: WarnLog,
): Promise<GiftCardPaymentAnswer> {
  const needsCustomer =
    ctx.payments.name === 'stripe' &&
    (input.method === 'saved-card' || (input.method === 'card' && input.saveCard));
  const providerCustomerId = needsCustomer
    ? await ensureProviderCustomer(ctx.db, ctx.payments, buyer.id)
    : null;
  const begun = await inTransaction(ctx.db, (tx) =>
    begin(ctx, tx, buyer, input, providerCustomerId),
  );
  let step: GiftCardStep;
  if (begun.kind === 'step') step = begun.step;
  else if (begun.kind === 'in-flight') {
    const p = await waitForPaymentRow(
      ctx,
      begun.paymentId,
      Math.min(20_000, ctx.config.payments.reconcileAfterSeconds * 1000),
    );
    const [order] = await ctx.db.select().from(giftCard).where(eq(giftCard.id, input.orderId));
    if (!order) throw notFound('Gift card order not found.');
    step = settledGiftCardStep(order, p);
  } else {
    let outcome: ChargeOutcome;
    try {
      outcome = await ctx.payments.charge(begun.request);
    } catch (error) {
      // We do not know whether money moved: the attempt stays pending for the reconciler.
      log.warn({ err: error, paymentId: begun.paymentId }, 'payment provider did not answer');
      throw paymentPending();
    }
    step = await settleGiftCardAttempt(ctx, begun.paymentId, outcome);
  }
  return afterGiftCardPayment(ctx, step, log);
}
