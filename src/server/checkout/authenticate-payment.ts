import { eq } from 'drizzle-orm';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { payment, therapist } from '../db/schema';
import { notFound } from '../http/problem';
import { DemoPaymentProvider } from '../payments/demo-provider';
import { inTransaction, lockBooking, type WarnLog } from '../booking/booking-db';
import { lockPayment, releaseBooking, setPayment } from '../booking/booking-transitions';
import { afterPayment, type PaymentAnswer, type PaymentStep } from './payment-steps';
import { settledStep, settlePayment } from './settle-payment';
import type { AuthenticationView } from '../../contract/payments';

// The demo provider's 3-D Secure step: the simulated bank page at /authorisation/confirm shows
// what is being paid and lets the customer approve or fail it. Only the booking's owner sees it.

export const MERCHANT_NAME = 'Glow at Home';

/**
 * The payment and its booking, both locked and read after the lock: a second answer from the
 * bank page sent at the same moment (a double click) waits here and then sees the first one's
 * result instead of a stale "requires action".
 */
async function ownDemoPayment(db: Db, paymentId: string, customerId: string) {
  const [row] = await db
    .select({ bookingId: payment.bookingId, provider: payment.provider })
    .from(payment)
    .where(eq(payment.id, paymentId));
  if (!row || row.provider !== 'demo') return null;
  const b = await lockBooking(db, row.bookingId);
  if (!b || b.customerId !== customerId) return null;
  const p = await lockPayment(db, paymentId);
  return p ? { p, b } : null;
}

export async function showAuthentication(
  ctx: AppContext,
  customer: CustomerProfile,
  paymentId: string,
): Promise<AuthenticationView> {
  return inTransaction(ctx.db, async (tx) => {
    const found = await ownDemoPayment(tx, paymentId, customer.id);
    if (!found) throw notFound('Payment not found.');
    const [t] = await tx
      .select({ name: therapist.name })
      .from(therapist)
      .where(eq(therapist.id, found.b.therapistId));
    return {
      paymentId: found.p.id,
      bookingId: found.b.id,
      amountPence: found.p.amountPence,
      currency: 'GBP',
      merchant: MERCHANT_NAME,
      therapistName: t?.name ?? '',
      cardBrand: found.p.cardBrand,
      cardLast4: found.p.cardLast4,
      status: found.p.status,
    };
  });
}

const demo = new DemoPaymentProvider();

export async function completeAuthentication(
  ctx: AppContext,
  customer: CustomerProfile,
  paymentId: string,
  outcome: 'approve' | 'fail',
  log: WarnLog,
): Promise<PaymentAnswer> {
  const step = await inTransaction(ctx.db, async (tx): Promise<PaymentStep> => {
    const now = ctx.now();
    const found = await ownDemoPayment(tx, paymentId, customer.id);
    if (!found) throw notFound('Payment not found.');
    const { p, b } = found;
    if (p.status !== 'requires_action') return settledStep(b, p);
    if (b.status !== 'requires_action' || !b.holdExpiresAt || b.holdExpiresAt <= now) {
      await setPayment(tx, p.id, { status: 'canceled', actionUrl: null }, now);
      await releaseBooking(tx, b, now, 'expired');
      return { kind: 'expired', bookingId: b.id };
    }
    const answer = demo.authenticate(p.providerPaymentId ?? '', outcome === 'approve');
    return settlePayment(
      ctx,
      tx,
      b,
      p,
      answer.kind === 'succeeded'
        ? { status: 'succeeded' }
        : {
            status: 'failed',
            reason: answer.kind === 'declined' ? answer.reason : 'processing_error',
          },
      now,
    );
  });
  return afterPayment(ctx, step, log);
}
