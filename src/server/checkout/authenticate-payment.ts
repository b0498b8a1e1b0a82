import { eq } from 'drizzle-orm';
import { firstNameOf, formatPence } from '../../domain/format';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { BookingRow } from '../booking/booking-db';
import { bookingPaymentAnswer, type PaymentAnswer } from '../booking/booking-payment-steps';
import { bookingPurchase, expireUnansweredAction } from '../booking/booking-purchase';
import type { Db } from '../db/client';
import { payment, therapist } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import type { GiftCardRow } from '../gift-cards/gift-card-db';
import { giftCardPaymentAnswer, giftCardPurchase } from '../gift-cards/gift-card-purchase';
import { notFound } from '../http/problem';
import { DemoPaymentProvider } from '../payments/demo-provider';
import { lockPayment, type PaymentRow } from '../payments/payment-rows';
import type { ProviderNews } from '../payments/provider-news';
import type { Purchase } from '../payments/purchase';
import { purchaseOfRow } from '../payments/purchase-ref';
import { afterSettled, settleNews } from '../payments/settle-purchase';
import { tipAnswer } from '../tips/give-tip';
import type { TipRow } from '../tips/tip-db';
import { tipPurchase } from '../tips/tip-purchase';
import type { AuthenticationView } from '../../contract/payments';

// The demo provider's 3-D Secure step: the simulated bank page at /authorisation/confirm shows
// what is being paid and lets the customer approve or fail it. Only the payer sees it: the
// booking's customer, or the gift card's buyer. Its answer is settled like any other news.

export const MERCHANT_NAME = 'Glow at Home';

type OwnPayment =
  | { kind: 'booking'; p: PaymentRow; row: BookingRow }
  | { kind: 'gift-card'; p: PaymentRow; row: GiftCardRow }
  | { kind: 'tip'; p: PaymentRow; row: TipRow };

/** The purchase and its payment, locked in that order, if the payer is this customer. */
async function lockOwn<Row extends { id: string }, Step extends { kind: string }, Input>(
  db: Db,
  purchase: Purchase<Row, Step, Input>,
  id: string,
  paymentId: string,
  customerId: string,
): Promise<{ row: Row; p: PaymentRow } | null> {
  const row = await purchase.lock(db, id);
  if (!row || purchase.payerOf(row) !== customerId) return null;
  const p = await lockPayment(db, paymentId);
  return p ? { row, p } : null;
}

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
      tipId: payment.tipId,
      provider: payment.provider,
    })
    .from(payment)
    .where(eq(payment.id, paymentId));
  if (!row || row.provider !== 'demo') return null;
  const ref = purchaseOfRow({ id: paymentId, ...row });
  if (!ref) return null;
  if (ref.kind === 'booking') {
    const found = await lockOwn(db, bookingPurchase, ref.id, paymentId, customerId);
    return found ? { kind: 'booking', ...found } : null;
  }
  if (ref.kind === 'tip') {
    const found = await lockOwn(db, tipPurchase, ref.id, paymentId, customerId);
    return found ? { kind: 'tip', ...found } : null;
  }
  const found = await lockOwn(db, giftCardPurchase, ref.id, paymentId, customerId);
  return found ? { kind: 'gift-card', ...found } : null;
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
        giftCardId: found.row.id,
        purpose: `${formatPence(found.row.amountPence)} gift card for ${found.row.recipientName ?? 'someone special'}`,
        therapistName: '',
      };
    const [t] = await tx
      .select({ name: therapist.name })
      .from(therapist)
      .where(eq(therapist.id, found.row.therapistId));
    if (found.kind === 'tip')
      return {
        ...common,
        bookingId: found.row.bookingId,
        giftCardId: null,
        purpose: `${formatPence(found.row.amountPence)} tip for ${firstNameOf(t?.name ?? 'your therapist')}`,
        therapistName: t?.name ?? '',
      };
    return {
      ...common,
      bookingId: found.row.id,
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

/** The bank page's answer, settled; one already answered (a double click, a reload) says what it ended in. */
function answerOfBank<Row extends { id: string }, Step extends { kind: string }, Input>(
  ctx: AppContext,
  tx: Db,
  purchase: Purchase<Row, Step, Input>,
  { row, p }: { row: Row; p: PaymentRow },
  outcome: 'approve' | 'fail',
  now: Date,
): Promise<Step> | Step {
  if (p.status !== 'requires_action') return purchase.settledStep(row, p);
  return settleNews(ctx, tx, purchase, row, p, demoNews(p, outcome), now);
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
      const step = await answerOfBank(ctx, tx, giftCardPurchase, found, outcome, now);
      return { kind: 'gift-card' as const, step };
    }
    if (found.kind === 'tip') {
      const step = await answerOfBank(ctx, tx, tipPurchase, found, outcome, now);
      return { kind: 'tip' as const, step };
    }
    const lapsed =
      found.p.status === 'requires_action'
        ? await expireUnansweredAction(tx, found.row, found.p, now)
        : null;
    const step = lapsed ?? (await answerOfBank(ctx, tx, bookingPurchase, found, outcome, now));
    return { kind: 'booking' as const, step };
  });
  if (settled.kind === 'booking') {
    await afterSettled(ctx, bookingPurchase, settled.step, log);
    return bookingPaymentAnswer(settled.step, log);
  }
  if (settled.kind === 'tip') {
    await afterSettled(ctx, tipPurchase, settled.step, log);
    const answer = await tipAnswer(ctx, settled.step);
    return answer.status === 'confirmed'
      ? { status: 'confirmed' }
      : {
          status: 'requires_action',
          actionUrl: answer.actionUrl,
          ...(answer.clientSecret ? { clientSecret: answer.clientSecret } : {}),
        };
  }
  await afterSettled(ctx, giftCardPurchase, settled.step, log);
  const answer = giftCardPaymentAnswer(settled.step);
  return answer.status === 'confirmed'
    ? { status: 'confirmed' }
    : {
        status: 'requires_action',
        actionUrl: answer.actionUrl,
        ...(answer.clientSecret ? { clientSecret: answer.clientSecret } : {}),
      };
}
