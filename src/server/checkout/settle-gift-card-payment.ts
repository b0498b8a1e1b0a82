import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { inTransaction, type WarnLog } from '../booking/booking-db';
import {
  lockPayment,
  saveCardOf,
  setPayment,
  type PaymentRow,
} from '../booking/booking-transitions';
import type { Db } from '../db/client';
import { payment } from '../db/schema';
import { lockGiftCard, type GiftCardRow } from '../gift-cards/gift-card-db';
import { issueGiftCard } from '../gift-cards/issue-gift-card';
import { HttpProblem } from '../http/problem';
import {
  DECLINE_MESSAGES,
  type DeclineReason,
  type RecoveredCharge,
} from '../payments/payment-provider';
import { enqueueProviderTask } from '../payments/provider-tasks';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { newsOf } from './payment-attempt';
import {
  WAITING,
  afterSuccess,
  cardChanges,
  recordSuccess,
  type ProviderNews,
} from './provider-news';
import type { GiftCardPaymentAnswer } from '../../contract/gift-cards';

// Step 3 of a gift card's payment (docs/architecture.md#payments), as settle-payment.ts is for
// a booking: applies what the provider says about an attempt under the order's lock, in one short
// transaction with no network call, by the same forward-only rules. There is no slot to lose, so
// an unpaid order can always be paid; money that arrives for an order that no longer needs it (a
// second attempt's, or an order cancelled with its buyer's account) is refunded in full.

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

/** Gives back money the order does not need; the platform took it all, so nothing to reverse. */
async function refundInFull(
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  g: GiftCardRow,
  p: PaymentRow,
  now: Date,
) {
  if (p.providerPaymentId && p.provider === ctx.payments.name && p.amountPence > p.refundedPence)
    await enqueueProviderTask(
      tx,
      p.provider,
      {
        kind: 'refund',
        bookingId: null,
        giftCardId: g.id,
        providerPaymentId: p.providerPaymentId,
        amountPence: p.amountPence - p.refundedPence,
        idempotencyKey: `payment-${p.id}-refund-unclaimed`,
        reverseTransfer: false,
      },
      now,
    );
  await setPayment(tx, p.id, { status: 'refunded', refundedPence: p.amountPence }, now);
}

async function settleSuccess(
  ctx: Pick<AppContext, 'config' | 'payments'>,
  tx: Db,
  g: GiftCardRow,
  p: PaymentRow,
  news: Extract<ProviderNews, { status: 'succeeded' }>,
  now: Date,
): Promise<GiftCardStep> {
  const paid = afterSuccess(p, news);
  if (g.status !== 'unpaid') {
    if (WAITING.has(p.status)) {
      // Another attempt has paid for this card, or the order was cancelled: not needed.
      await setPayment(
        tx,
        p.id,
        { providerPaymentId: paid.providerPaymentId, ...cardChanges(p, news.card) },
        now,
      );
      await refundInFull(ctx, tx, g, paid, now);
    }
    return settledGiftCardStep(g, paid);
  }
  await recordSuccess(tx, paid, now);
  // Refunded in full before its success reached us (a refund in Stripe's dashboard): no card.
  if (paid.status === 'refunded')
    return { kind: 'declined', giftCardId: g.id, reason: 'processing_error' };
  await saveCardOf(tx, g.buyerUserId, paid);
  await issueGiftCard(ctx, tx, g, now);
  return { kind: 'paid', giftCardId: g.id };
}

/** Applies news about an attempt; the caller holds the order's lock, then the payment's. */
export async function settleGiftCardPayment(
  ctx: Pick<AppContext, 'config' | 'payments'>,
  tx: Db,
  g: GiftCardRow,
  p: PaymentRow,
  news: ProviderNews,
  now: Date,
): Promise<GiftCardStep> {
  if (news.status === 'succeeded') return settleSuccess(ctx, tx, g, p, news, now);
  // A failure or a request for action after the payment settled changes nothing.
  if (!WAITING.has(p.status)) return settledGiftCardStep(g, p);

  if (news.status === 'requires_action') {
    if (g.status !== 'unpaid') {
      // Paid by another attempt, or cancelled, while this one waited: abandon it at the bank.
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
            bookingId: null,
            providerPaymentId: news.providerPaymentId,
            idempotencyKey: `payment-${p.id}-abandon`,
          },
          now,
        );
      return settledGiftCardStep(g, p);
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
    return {
      kind: 'requires_action',
      giftCardId: g.id,
      actionUrl: news.actionUrl,
      clientSecret: news.clientSecret,
    };
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
  // The order stays unpaid: the buyer may try another card.
  return g.status === 'unpaid'
    ? { kind: 'declined', giftCardId: g.id, reason }
    : settledGiftCardStep(g, p);
}

/** Step 3 of a gift card's payment: the provider's answer, unless someone settled it first. */
export async function settleGiftCardAttempt(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'payments'>,
  paymentId: string,
  outcome: RecoveredCharge,
): Promise<GiftCardStep> {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select({ giftCardId: payment.giftCardId })
      .from(payment)
      .where(eq(payment.id, paymentId));
    if (!row?.giftCardId) throw new Error(`payment ${paymentId} is not a gift card's`);
    const g = await lockGiftCard(tx, row.giftCardId);
    const p = await lockPayment(tx, paymentId);
    if (!g || !p) throw new Error(`payment ${paymentId} lost its gift card`);
    if (p.status !== 'pending') return settledGiftCardStep(g, p);
    return settleGiftCardPayment(ctx, tx, g, p, newsOf(p, outcome), ctx.now());
  });
}

export const orderCancelled = () =>
  new HttpProblem(409, 'This gift card order was cancelled. Please start a new one.', {
    extensions: { code: 'order_cancelled' },
  });

/**
 * Acts on a settled step after its transaction has committed: the card's emails are sent now,
 * refunds and abandonments it decided on are made, and a refusal is answered as a 402.
 */
export async function afterGiftCardPayment(
  ctx: AppContext,
  step: GiftCardStep,
  log: WarnLog,
): Promise<GiftCardPaymentAnswer> {
  if (step.kind === 'paid') ctx.mailer.wake();
  if (step.kind !== 'paid' && step.kind !== 'requires_action') await runProviderTasksNow(ctx, log);
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
        extensions: { code: step.reason },
      });
    case 'cancelled':
      throw orderCancelled();
  }
}
