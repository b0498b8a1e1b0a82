import { eq } from 'drizzle-orm';
import { formatPence } from '../../domain/format';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { payment, therapist } from '../db/schema';
import { lockGiftCard, type GiftCardRow } from '../gift-cards/gift-card-db';
import { notFound } from '../http/problem';
import { DemoPaymentProvider } from '../payments/demo-provider';
import { inTransaction, lockBooking, type BookingRow, type WarnLog } from '../booking/booking-db';
import {
  lockPayment,
  releaseBooking,
  setPayment,
  type PaymentRow,
} from '../booking/booking-transitions';
import { afterPayment, type PaymentAnswer, type PaymentStep } from './payment-steps';
import type { ProviderNews } from './provider-news';
import {
  afterGiftCardPayment,
  settleGiftCardPayment,
  settledGiftCardStep,
} from './settle-gift-card-payment';
import { settledStep, settlePayment } from './settle-payment';
import type { AuthenticationView } from '../../contract/payments';

// The demo provider's 3-D Secure step: the simulated bank page at /authorisation/confirm shows
// what is being paid and lets the customer approve or fail it. Only the payer sees it: the
// booking's customer, or the gift card's buyer.

export const MERCHANT_NAME = 'Glow at Home';

type OwnPayment =
  | { kind: 'booking'; p: PaymentRow; b: BookingRow }
  | { kind: 'gift-card'; p: PaymentRow; g: GiftCardRow };

/**
 * The payment and what it pays for, both locked and read after the lock: a second answer from
 * the bank page sent at the same moment (a double click) waits here and then sees the first one's
 * result instead of a stale "requires action".
 */
async function ownDemoPayment(
  db: Db,
  paymentId: string,
  customerId: string,
): Promise<OwnPayment | null> {
  const [row] = await db
    .select({
      bookingId: payment.bookingId,
      giftCardId: payment.giftCardId,
      provider: payment.provider,
    })
    .from(payment)
    .where(eq(payment.id, paymentId));
  if (!row || row.provider !== 'demo') return null;
  if (row.bookingId) {
    const b = await lockBooking(db, row.bookingId);
    if (!b || b.customerId !== customerId) return null;
    const p = await lockPayment(db, paymentId);
    return p ? { kind: 'booking', p, b } : null;
  }
  if (!row.giftCardId) return null;
  const g = await lockGiftCard(db, row.giftCardId);
  if (!g || g.buyerUserId !== customerId) return null;
  const p = await lockPayment(db, paymentId);
  return p ? { kind: 'gift-card', p, g } : null;
}

export async function showAuthentication(
  ctx: AppContext,
  customer: CustomerProfile,
  paymentId: string,
): Promise<AuthenticationView> {
  return inTransaction(ctx.db, async (tx) => {
    const found = await ownDemoPayment(tx, paymentId, customer.id);
    if (!found) throw notFound('Payment not found.');
    const { p } = found;
    const common = {
      paymentId: p.id,
      amountPence: p.amountPence,
      currency: 'GBP' as const,
      merchant: MERCHANT_NAME,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      status: p.status,
    };
    if (found.kind === 'gift-card')
      return {
        ...common,
        bookingId: null,
        giftCardId: found.g.id,
        purpose: `${formatPence(found.g.amountPence)} gift card for ${found.g.recipientName ?? 'someone special'}`,
        therapistName: '',
      };
    const [t] = await tx
      .select({ name: therapist.name })
      .from(therapist)
      .where(eq(therapist.id, found.b.therapistId));
    return {
      ...common,
      bookingId: found.b.id,
      giftCardId: null,
      purpose: t ? `Appointment with ${t.name}` : 'Your appointment',
      therapistName: t?.name ?? '',
    };
  });
}

const demo = new DemoPaymentProvider();

/** The demo bank's answer as the news every other settling path would bring. */
function demoNews(p: PaymentRow, outcome: 'approve' | 'fail'): ProviderNews {
  const answer = demo.authenticate(p.providerPaymentId ?? '', outcome === 'approve');
  return answer.kind === 'succeeded'
    ? { status: 'succeeded' }
    : { status: 'failed', reason: answer.kind === 'declined' ? answer.reason : 'processing_error' };
}

export async function completeAuthentication(
  ctx: AppContext,
  customer: CustomerProfile,
  paymentId: string,
  outcome: 'approve' | 'fail',
  log: WarnLog,
): Promise<PaymentAnswer> {
  const settled = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const found = await ownDemoPayment(tx, paymentId, customer.id);
    if (!found) throw notFound('Payment not found.');
    if (found.kind === 'gift-card') {
      const { p, g } = found;
      // Already answered (a double click, a reload): say what it ended in.
      const step =
        p.status === 'requires_action'
          ? await settleGiftCardPayment(ctx, tx, g, p, demoNews(p, outcome), now)
          : settledGiftCardStep(g, p);
      return { kind: 'gift-card' as const, step };
    }
    const { p, b } = found;
    const step = await (async (): Promise<PaymentStep> => {
      if (p.status !== 'requires_action') return settledStep(b, p);
      if (b.status !== 'requires_action' || !b.holdExpiresAt || b.holdExpiresAt <= now) {
        await setPayment(tx, p.id, { status: 'canceled', actionUrl: null }, now);
        await releaseBooking(tx, b, now, 'expired');
        return { kind: 'expired', bookingId: b.id };
      }
      return settlePayment(ctx, tx, b, p, demoNews(p, outcome), now);
    })();
    return { kind: 'booking' as const, step };
  });
  if (settled.kind === 'booking') return afterPayment(ctx, settled.step, log);
  const answer = await afterGiftCardPayment(ctx, settled.step, log);
  return answer.status === 'confirmed'
    ? { status: 'confirmed' }
    : {
        status: 'requires_action',
        actionUrl: answer.actionUrl,
        ...(answer.clientSecret ? { clientSecret: answer.clientSecret } : {}),
      };
}
