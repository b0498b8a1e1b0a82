import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { DECLINE_MESSAGES, type DeclineReason } from './payment-provider';
import { lockPayment, type PaymentRow } from './payment-rows';
import type { ProviderNews } from './provider-news';
import type { Purchase } from './purchase';
import { afterSettled, settleNews } from './settle-purchase';

// Where /authorisation/confirm lands after a provider's own 3-D Secure page (Stripe returns with
// ?booking=…&payment_intent=… or ?gift_card=…): asks the provider how the purchase's payment
// stands — outside any transaction — and applies it under the purchase's lock, so the payer sees
// the outcome without waiting for the webhook. Safe to call any number of times.

/** Payments still waiting for the payer, that the provider may have news of. */
const WAITING_FOR_PAYER = new Set(['requires_action', 'processing']);

/**
 * What the provider says now about a payment still waiting for the customer (3-D Secure), asked
 * outside any transaction; null when there is nothing to ask or it still waits. The demo network
 * answers at once, so its payments never wait here.
 */
export async function newsOfWaitingPayment(
  ctx: AppContext,
  p: PaymentRow | null,
): Promise<ProviderNews | null> {
  if (!p?.providerPaymentId || !WAITING_FOR_PAYER.has(p.status)) return null;
  if (p.provider !== ctx.payments.name || ctx.payments.name === 'demo') return null;
  const providerPaymentId = p.providerPaymentId;
  const state = await ctx.payments.retrieve(providerPaymentId);
  if (state.status === 'succeeded')
    return { status: 'succeeded', providerPaymentId, card: state.card };
  if (state.status === 'failed') return { status: 'failed', reason: state.reason };
  if (state.status === 'canceled') return { status: 'canceled' };
  return null;
}

/** Why a payment did not go through, in the customer's words; null unless it failed. */
export function declineDetail(p: PaymentRow | null): string | null {
  if (p?.status !== 'failed' && p?.status !== 'canceled') return null;
  return DECLINE_MESSAGES[(p.failureReason ?? 'card_declined') as DeclineReason] ?? null;
}

/** The purchase as it stood before and after re-checking, with its latest payment after. */
export interface Synced<Row> {
  before: Row;
  after: Row;
  latest: PaymentRow | null;
}

/** Re-checks the payer's purchase's latest payment with the provider and applies what it says. */
export async function syncPurchase<Row extends { id: string }, Step extends { kind: string }>(
  ctx: AppContext,
  purchase: Purchase<Row, Step, never>,
  payer: CustomerProfile,
  id: string,
  log: WarnLog,
): Promise<Synced<Row>> {
  const before = await purchase.find(ctx.db, id);
  if (!before || purchase.payerOf(before) !== payer.id) throw purchase.notFound();
  const p = await purchase.latestPayment(ctx.db, before.id);
  const news = await newsOfWaitingPayment(ctx, p);
  if (p && news) {
    const step = await inTransaction(ctx.db, async (tx) => {
      const row = await purchase.lock(tx, before.id);
      const fresh = await lockPayment(tx, p.id);
      if (!row || !fresh || !WAITING_FOR_PAYER.has(fresh.status)) return null;
      return settleNews(ctx, tx, purchase, row, fresh, news, ctx.now());
    });
    if (step) await afterSettled(ctx, purchase, step, log);
  }
  const after = (await purchase.find(ctx.db, before.id)) ?? before;
  return { before, after, latest: await purchase.latestPayment(ctx.db, before.id) };
}
