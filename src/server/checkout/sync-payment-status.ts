import { eq } from 'drizzle-orm';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { booking } from '../db/schema';
import { notFound } from '../http/problem';
import { DECLINE_MESSAGES, type DeclineReason } from '../payments/payment-provider';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { inTransaction, lockBooking, type WarnLog } from '../booking/booking-db';
import { latestPayment, lockPayment, type PaymentRow } from '../booking/booking-transitions';
import { settlePayment, type ProviderNews } from './settle-payment';
import type { PaymentStatus } from '../../contract/booking';

// Where /authorisation/confirm lands after a provider's own 3-D Secure page (Stripe returns with
// ?booking=…&payment_intent=…): asks the provider how the payment stands — outside any
// transaction — and applies it under the booking's lock, so the customer sees the outcome without
// waiting for the webhook. Safe to call any number of times.

const WAITING = new Set(['requires_action', 'processing']);

/**
 * What the provider says now about a payment still waiting for the customer (3-D Secure), asked
 * outside any transaction; null when there is nothing to ask or it still waits. The demo network
 * answers at once, so its payments never wait here.
 */
export async function newsOfWaitingPayment(
  ctx: AppContext,
  p: PaymentRow | null,
): Promise<ProviderNews | null> {
  if (!p?.providerPaymentId || !WAITING.has(p.status)) return null;
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

export async function syncPaymentStatus(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  log: WarnLog,
): Promise<PaymentStatus> {
  const [b] = await ctx.db.select().from(booking).where(eq(booking.id, bookingId));
  if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
  const p = await latestPayment(ctx.db, b.id);
  const news = await newsOfWaitingPayment(ctx, p);
  if (p && news) {
    const step = await inTransaction(ctx.db, async (tx) => {
      const locked = await lockBooking(tx, b.id);
      const fresh = await lockPayment(tx, p.id);
      if (!locked || !fresh || !WAITING.has(fresh.status)) return null;
      return settlePayment(ctx, tx, locked, fresh, news, ctx.now());
    });
    if (step?.kind === 'confirmed') ctx.mailer.wake();
    if (step && step.kind !== 'confirmed' && step.kind !== 'already-confirmed') {
      ctx.availabilityCache.clear();
      await runProviderTasksNow(ctx, log);
    }
  }
  const [after] = await ctx.db.select().from(booking).where(eq(booking.id, b.id));
  const paid = await latestPayment(ctx.db, b.id);
  return {
    bookingId: b.id,
    status: after?.status ?? b.status,
    paymentStatus: paid?.status ?? null,
    detail: declineDetail(paid),
    actionUrl: paid?.status === 'requires_action' ? paid.actionUrl : null,
  };
}
