import { eq } from 'drizzle-orm';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { inTransaction, type WarnLog } from '../booking/booking-db';
import { lockPayment } from '../booking/booking-transitions';
import { giftCard } from '../db/schema';
import { latestGiftCardPayment, lockGiftCard } from '../gift-cards/gift-card-db';
import { notFound } from '../http/problem';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { settleGiftCardPayment } from './settle-gift-card-payment';
import { declineDetail, newsOfWaitingPayment } from './sync-payment-status';
import type { GiftCardPaymentStatus } from '../../contract/gift-cards';

// Where /authorisation/confirm?gift_card=… lands after a provider's own 3-D Secure page: asks the
// provider how the order's payment stands — outside any transaction — and applies it under the
// order's lock, so the buyer sees the outcome without waiting for the webhook. Safe to repeat.

const WAITING = new Set(['requires_action', 'processing']);

export async function syncGiftCardPayment(
  ctx: AppContext,
  buyer: CustomerProfile,
  giftCardId: string,
  log: WarnLog,
): Promise<GiftCardPaymentStatus> {
  const [order] = await ctx.db.select().from(giftCard).where(eq(giftCard.id, giftCardId));
  if (!order || order.buyerUserId !== buyer.id) throw notFound('Gift card order not found.');
  const p = await latestGiftCardPayment(ctx.db, order.id);
  const news = await newsOfWaitingPayment(ctx, p);
  if (p && news) {
    const step = await inTransaction(ctx.db, async (tx) => {
      const g = await lockGiftCard(tx, order.id);
      const fresh = await lockPayment(tx, p.id);
      if (!g || !fresh || !WAITING.has(fresh.status)) return null;
      return settleGiftCardPayment(ctx, tx, g, fresh, news, ctx.now());
    });
    if (step?.kind === 'paid') ctx.mailer.wake();
    if (step && step.kind !== 'paid' && step.kind !== 'requires_action')
      await runProviderTasksNow(ctx, log);
  }
  const [after] = await ctx.db.select().from(giftCard).where(eq(giftCard.id, order.id));
  const paid = await latestGiftCardPayment(ctx.db, order.id);
  const status = after?.status ?? order.status;
  return {
    giftCardId: order.id,
    status:
      status === 'unpaid' ? 'awaiting_payment' : status === 'cancelled' ? 'cancelled' : 'paid',
    paymentStatus: paid?.status ?? null,
    detail: status === 'unpaid' ? declineDetail(paid) : null,
    actionUrl: paid?.status === 'requires_action' ? paid.actionUrl : null,
  };
}
