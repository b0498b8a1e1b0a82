import { eq } from 'drizzle-orm';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { giftCard } from '../db/schema';
import { HttpProblem, notFound } from '../http/problem';
import { DECLINE_MESSAGES, type DeclineReason } from '../payments/payment-provider';
import {
  latestGiftCardPayment,
  lockPayment,
  nextAttemptNumber,
  refundUnclaimed,
  saveCardOf,
  type PaymentRow,
} from '../payments/payment-rows';
import { SETTLED } from '../payments/provider-news';
import type { Opened, Purchase } from '../payments/purchase';
import {
  platformOutcomeOf,
  settlePlatformPurchase,
  type PlatformPurchaseRules,
} from '../payments/settle-platform-purchase';
import { lockGiftCard, type GiftCardRow } from './gift-card-db';
import { issueGiftCard } from './issue-gift-card';
import { lockGiftCardOrder, reviseGiftCardOrder } from './place-gift-card-order';
import { withdrawGiftCard } from './withdraw-gift-card';
import type { GiftCardPaymentAnswer, GiftCardPurchaseInput } from '../../contract/gift-cards';

// A gift card order as a purchase (payments/purchase.ts), paid in the same three steps as a
// booking: the payment pipeline records, charges and settles; this says what is the order's own.
// The platform sells gift cards, so the whole amount is the platform's: no therapist's account and
// no fee to split off. There is no slot to lose, so an unpaid order can always be paid, with
// another card after a decline; money that arrives for an order that no longer needs it (a second
// attempt's, or an order cancelled with its buyer's account) is refunded in full.

export const GIFT_CARD_STATEMENT = 'Glow at Home gift card';

export type GiftCardStep =
  | { kind: 'paid'; giftCardId: string }
  | { kind: 'already-paid'; giftCardId: string }
  | { kind: 'requires_action'; giftCardId: string; actionUrl: string; clientSecret: string | null }
  | { kind: 'declined'; giftCardId: string; reason: DeclineReason }
  | { kind: 'cancelled'; giftCardId: string };

/** Statuses of a card whose order has been paid. */
const PAID = new Set(['active', 'redeemed', 'refunded']);

/** What an attempt that has already been settled means for whoever asks again. */
export function settledGiftCardStep(g: GiftCardRow, p: PaymentRow): GiftCardStep {
  const giftCardId = g.id;
  if (PAID.has(g.status)) return { kind: 'already-paid', giftCardId };
  if (g.status === 'cancelled') return { kind: 'cancelled', giftCardId };
  if (p.status === 'requires_action' && p.actionUrl)
    return { kind: 'requires_action', giftCardId, actionUrl: p.actionUrl, clientSecret: null };
  const reason = (p.failureReason ?? 'processing_error') as DeclineReason;
  return { kind: 'declined', giftCardId, reason };
}

/** Step 1: under the order's lock (made on first sight), answer what it already is or charge it. */
async function open(
  _ctx: AppContext,
  tx: Db,
  buyer: CustomerProfile,
  orderId: string,
  input: GiftCardPurchaseInput,
  now: Date,
): Promise<Opened<GiftCardRow, GiftCardStep>> {
  const found = await lockGiftCardOrder(tx, buyer.id, orderId, input, now);
  if (!found) throw notFound('Gift card order not found.');
  const latest = await latestGiftCardPayment(tx, found.id);
  if (latest?.status === 'pending') return { kind: 'in-flight', paymentId: latest.id, row: found };
  // Paid or cancelled: say so. Waiting for the bank: send the buyer back to it.
  if (found.status !== 'unpaid') {
    if (!latest) throw new Error(`gift card ${found.id} is ${found.status} with no payment`);
    return { kind: 'step', step: settledGiftCardStep(found, latest) };
  }
  if (latest?.status === 'requires_action' && latest.actionUrl)
    return { kind: 'step', step: settledGiftCardStep(found, latest) };

  const order = await reviseGiftCardOrder(tx, found, input, now);
  const attempt = await nextAttemptNumber(tx, { kind: 'gift-card', id: order.id });
  return {
    kind: 'charge',
    row: order,
    attempt,
    card: input,
    terms: () => ({
      amountPence: order.amountPence,
      description: GIFT_CARD_STATEMENT,
      destinationAccountId: null,
      applicationFeePence: 0,
    }),
  };
}

/** Gives back money the order does not need; the platform took it all, so nothing to reverse. */
const refundInFull = (
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  g: GiftCardRow,
  p: PaymentRow,
  now: Date,
) =>
  refundUnclaimed(ctx, tx, { bookingId: null, giftCardId: g.id, reverseTransfer: false }, p, now);

/** What paying means for an order (payments/settle-platform-purchase.ts does the rest). */
const rules = (
  ctx: Pick<AppContext, 'config' | 'payments'>,
): PlatformPurchaseRules<GiftCardRow, GiftCardStep> => ({
  isUnpaid: (g) => g.status === 'unpaid',
  settledStep: settledGiftCardStep,
  step: (g, step) => ({ ...step, giftCardId: g.id }),
  refundInFull: (tx, g, p, now) => refundInFull(ctx, tx, g, p, now),
  async onPaid(tx, g, _p, paid, now) {
    await saveCardOf(tx, g.buyerUserId, paid);
    await issueGiftCard(ctx, tx, g, now);
    return { kind: 'paid', giftCardId: g.id };
  },
});

export const giftCardPurchase: Purchase<GiftCardRow, GiftCardStep, GiftCardPurchaseInput> = {
  kind: 'gift-card',
  lock: lockGiftCard,
  async lockWithPayment(tx, id, paymentId) {
    const row = await lockGiftCard(tx, id);
    const p = await lockPayment(tx, paymentId);
    return row && p ? { row, p } : null;
  },
  async find(db, id) {
    const [order] = await db.select().from(giftCard).where(eq(giftCard.id, id));
    return order ?? null;
  },
  payerOf: (g) => g.buyerUserId,
  notFound: () => notFound('Gift card order not found.'),
  latestPayment: latestGiftCardPayment,
  open,
  isOpen: (g) => g.status === 'unpaid',
  settle: (ctx, tx, g, settlement) => settlePlatformPurchase(tx, g, settlement, rules(ctx)),
  settledStep: settledGiftCardStep,
  async refundReported(tx, g, p, refund, now, log) {
    // All the money of a paid card has gone back: nobody may redeem it now.
    const wholeCardBack = refund.status === 'refunded' && SETTLED.has(p.status);
    if (wholeCardBack && !(await withdrawGiftCard(tx, g, now)))
      log.warn(
        { giftCardId: g.id, paymentId: p.id },
        'a redeemed gift card was refunded at Stripe: its credit stays in the wallet, needs a person',
      );
  },
  outcomeOf: platformOutcomeOf,
  afterCommit(ctx, outcome) {
    // The card's emails (the recipient's, the buyer's receipt) are in the outbox.
    if (outcome === 'paid') ctx.mailer.wake();
  },
};

export const orderCancelled = () =>
  new HttpProblem(409, 'This gift card order was cancelled. Please start a new one.', {
    code: 'order_cancelled',
  });

/** The buyer's answer for a settled step, once its follow-ups are done; a refusal throws. */
export function giftCardPaymentAnswer(step: GiftCardStep): GiftCardPaymentAnswer {
  switch (step.kind) {
    case 'paid':
    case 'already-paid':
      return { status: 'confirmed', giftCardId: step.giftCardId };
    case 'requires_action':
      return {
        status: 'requires_action',
        giftCardId: step.giftCardId,
        actionUrl: step.actionUrl,
        ...(step.clientSecret ? { clientSecret: step.clientSecret } : {}),
      };
    case 'declined':
      throw new HttpProblem(402, DECLINE_MESSAGES[step.reason], {
        code: step.reason,
      });
    case 'cancelled':
      throw orderCancelled();
  }
}
