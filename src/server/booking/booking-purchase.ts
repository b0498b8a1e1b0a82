import { and, eq, sql } from 'drizzle-orm';
import { percentOf } from '../../domain/cancellation';
import { MINUTE_MS } from '../../domain/constants';
import { formatPence } from '../../domain/format';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { queryPrepared } from '../db/query-rows';
import { booking, businessPayment, payment, user } from '../db/schema';
import { tableRows } from '../db/table-rows';
import { HttpProblem, conflict, notFound } from '../http/problem';
import type { DeclineReason } from '../payments/payment-provider';
import type { CardPaymentInput } from '../payments/payment-source';
import {
  latestPayment,
  refundUnclaimed,
  saveCardOf,
  setPayment,
  type PaymentRow,
} from '../payments/payment-rows';
import { WAITING, recordSuccess, successChange } from '../payments/provider-news';
import type { Opened, Outcome, Purchase, Settlement } from '../payments/purchase';
import { attemptKey } from '../payments/purchase-ref';
import { referralDiscountIsFree } from '../referrals/settle-referral';
import { isPending, lockBooking, lockWallet, bookingRows, type BookingRow } from './booking-db';
import { holdExpired, type BookingStep } from './booking-payment-steps';
import { confirmBooking, moveBooking, releaseBooking } from './booking-transitions';
import { availableCredit } from '../wallet/available-credit';
import type { PaymentInput } from '../../contract/booking';

// A booking as a purchase (payments/purchase.ts): the payment pipeline records, charges and
// settles; this says what is the booking's own. Step 1: only the customer's held booking can be
// paid, before its hold runs out, with the credit it reserved still there; credit alone or an
// invoice pays it at once. Step 3: money for a booking still held confirms it — the slot is the
// customer's, the credit spent, the email queued — if card, credit and discount still make the
// price; money for a booking already paid or given up is refunded in full; a card refused (at once
// or at the bank's check) leaves the hold for another card, anything else releases the slot.

/**
 * Read from the database rather than the session, which an instance may have cached for a few
 * seconds (decision 0046): paying later by invoice is a decision about money.
 */
async function invoiceAllowed(tx: Db, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ arrangement: businessPayment.arrangement })
    .from(businessPayment)
    .innerJoin(user, eq(user.id, businessPayment.userId))
    .where(and(eq(businessPayment.userId, customerId), eq(user.accountType, 'business')));
  return row?.arrangement === 'invoice';
}

/** The booking's latest attempt, as much of it as deciding what to do needs. */
interface LatestAttempt {
  id: string;
  status: string;
  actionUrl: string | null;
}

interface PaymentContext {
  latest: LatestAttempt | null;
  nextAttempt: number;
  payee: { accountId: string | null; name: string } | null;
}

/**
 * What step 1 reads about a locked booking, in one statement: its latest attempt, the next
 * attempt's number and the therapist being paid. Read after lockBooking, never in the same
 * statement: a statement that waited for the lock still sees the payments as they were when it
 * began, and would miss the attempt a double click has just recorded.
 */
async function paymentContext(tx: Db, b: BookingRow): Promise<PaymentContext> {
  const [row] = await queryPrepared<{
    latest: LatestAttempt | null;
    last_attempt: number;
    account_id: string | null;
    name: string | null;
  }>(
    tx,
    'payment_context',
    sql`select
          (select json_build_object('id', p.id, 'status', p.status, 'actionUrl', p.action_url)
             from payment p where p.booking_id = ${b.id}
             order by p.created_at desc limit 1) as latest,
          (select coalesce(max(p.attempt), 0)::int from payment p
             where p.booking_id = ${b.id}) as last_attempt,
          t.payment_account_id as account_id, t.name
        from (select 1) one left join therapist t on t.id = ${b.therapistId}`,
  );
  return {
    latest: row?.latest ?? null,
    nextAttempt: Number(row?.last_attempt ?? 0) + 1,
    payee: row?.name ? { accountId: row.account_id, name: row.name } : null,
  };
}

/** Answers for a booking that is not simply held, or null when it can be paid now. */
function notPayable(
  b: BookingRow,
  latest: LatestAttempt | null,
): Opened<BookingRow, BookingStep> | null {
  switch (b.status) {
    case 'confirmed':
    case 'completed':
      return { kind: 'step', step: { kind: 'already-confirmed' } };
    case 'requires_action': {
      if (latest?.status === 'requires_action' && latest.actionUrl)
        return {
          kind: 'step',
          step: { kind: 'requires_action', actionUrl: latest.actionUrl, clientSecret: null },
        };
      throw conflict('This booking is waiting for your bank.', 'awaiting_bank');
    }
    case 'expired':
      throw holdExpired();
    case 'cancelled':
      throw conflict(
        'This booking was cancelled. Please choose a time again.',
        'booking_cancelled',
      );
    case 'failed':
      throw conflict(
        'The payment for this booking did not go through and the time was released. Please choose a time again.',
        'payment_failed',
      );
    case 'held':
      return null;
  }
}

/**
 * Takes the wallet lock and answers whether the credit this booking reserved is still there
 * (another booking or a wallet change cannot have used it, but check before money moves). A
 * booking that reserved neither credit nor a referral discount has nothing in the wallet to
 * check or spend, so it takes no lock (one round trip fewer per card payment).
 */
async function lockCreditFor(tx: Db, b: BookingRow, now: Date): Promise<boolean> {
  if (b.creditAppliedPence === 0 && b.referralDiscountPence === 0) return true;
  await lockWallet(tx, b.customerId);
  if (!(await referralDiscountIsFree(tx, b))) return false;
  if (b.creditAppliedPence === 0) return true;
  return (await availableCredit(tx, b.customerId, now, b.id)) >= b.creditAppliedPence;
}

/** Step 1: under the booking's lock, check it can be paid and say how, or settle it now. */
async function open(
  ctx: AppContext,
  tx: Db,
  customer: CustomerProfile,
  bookingId: string,
  input: PaymentInput,
  now: Date,
): Promise<Opened<BookingRow, BookingStep>> {
  const b = await lockBooking(tx, bookingId);
  if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
  const { latest, nextAttempt: attempt, payee } = await paymentContext(tx, b);
  if (latest?.status === 'pending') return { kind: 'in-flight', paymentId: latest.id, row: b };
  const answered = notPayable(b, latest);
  if (answered) return answered;
  if (!b.holdExpiresAt || b.holdExpiresAt.getTime() <= now.getTime()) {
    await releaseBooking(tx, b, now, 'expired');
    return { kind: 'step', step: { kind: 'expired', bookingId: b.id } };
  }
  if (!(await lockCreditFor(tx, b, now))) {
    await releaseBooking(tx, b, now, 'failed');
    return { kind: 'step', step: { kind: 'credit-changed', bookingId: b.id } };
  }

  if (input.method === 'credit' && b.amountDuePence > 0) {
    throw new HttpProblem(
      422,
      `Your credit does not cover this booking: ${formatPence(b.amountDuePence)} is left to pay. Please choose how to pay it.`,
      { code: 'credit_short' },
    );
  }
  if (b.amountDuePence === 0 || input.method === 'invoice') {
    const byInvoice = b.amountDuePence > 0;
    if (byInvoice && !(await invoiceAllowed(tx, customer.id)))
      throw new HttpProblem(
        422,
        'Paying by invoice is only for business accounts set up to pay by invoice. Please pay by card.',
        { code: 'invoice_not_allowed' },
      );
    const method = byInvoice ? 'invoice' : 'credit';
    await tx.insert(payment).values({
      bookingId: b.id,
      provider: byInvoice ? 'invoice' : 'wallet',
      attempt,
      idempotencyKey: attemptKey({ kind: 'booking', id: b.id }, attempt),
      amountPence: b.amountDuePence,
      createdAt: now,
      updatedAt: now,
      method,
      status: byInvoice ? 'invoiced' : 'succeeded',
    });
    await confirmBooking(ctx, tx, b, now, method);
    return { kind: 'step', step: { kind: 'confirmed', bookingId: b.id } };
  }
  // Credit alone pays only what it covers (refused above otherwise).
  if (input.method === 'credit') {
    throw new Error(`booking ${b.id}: ${input.method} cannot pay ${b.amountDuePence} pence`);
  }
  const card: CardPaymentInput = input;
  const holdExpiresAt = b.holdExpiresAt;
  return {
    kind: 'charge',
    row: b,
    attempt,
    card,
    terms: () => {
      if (ctx.payments.name === 'stripe' && !payee?.accountId)
        throw new HttpProblem(422, 'This therapist cannot take card payments right now.', {
          code: 'payee_not_connected',
        });
      return {
        amountPence: b.amountDuePence,
        description: `Booking with ${payee?.name ?? 'your therapist'}`,
        destinationAccountId: payee?.accountId ?? null,
        applicationFeePence: percentOf(b.amountDuePence, ctx.config.payments.platformFeePercent),
      };
    },
    recorded: async () => {
      // The slot stays ours while the provider answers and, should we crash, until the
      // reconciler has had its turn: a hold must not lapse under a payment whose outcome we do
      // not know yet.
      const { reconcileAfterSeconds, jobsIntervalSeconds } = ctx.config.payments;
      const protectedUntil = new Date(
        now.getTime() + (reconcileAfterSeconds + jobsIntervalSeconds) * 1000,
      );
      if (holdExpiresAt < protectedUntil)
        await tx.update(booking).set({ holdExpiresAt: protectedUntil }).where(eq(booking.id, b.id));
    },
  };
}

/** A payment's whole row as `p`, its columns named `p_…` beside the booking's (tableRows). */
const paymentRows = tableRows(payment, 'p', 'p_');

/**
 * Locks a booking and one of its payments in one statement, and reads both fresh: PostgreSQL
 * locks a joined row's tables in the order of the FROM list, so the booking row is locked before
 * the payment row, as the locking rules ask (booking-db.ts). Null when either is missing or the
 * payment is not this booking's (nothing is locked then).
 */
async function lockBookingAndPayment(
  tx: Db,
  bookingId: string,
  paymentId: string,
): Promise<{ row: BookingRow; p: PaymentRow } | null> {
  const [row] = await queryPrepared<Record<string, unknown>>(
    tx,
    'lock_booking_and_payment',
    sql`select ${bookingRows.columns}, ${paymentRows.columns}
        from booking b join payment p on p.booking_id = b.id
        where b.id = ${bookingId} and p.id = ${paymentId}
        for update`,
  );
  return row ? { row: bookingRows.read(row), p: paymentRows.read(row) } : null;
}

/**
 * Whether the attempt paid the booking's card share, and card, credit and discount make the price:
 * what the provider charged is the attempt's amount, fixed when it was sent.
 */
export function splitAddsUp(
  b: Pick<
    BookingRow,
    'totalPricePence' | 'amountDuePence' | 'creditAppliedPence' | 'referralDiscountPence'
  >,
  p: Pick<PaymentRow, 'amountPence'>,
): boolean {
  return (
    p.amountPence === b.amountDuePence &&
    p.amountPence + b.creditAppliedPence + b.referralDiscountPence === b.totalPricePence
  );
}

/** Gives back money that arrived for a booking that can no longer be had, or is paid already. */
async function refundInFull(
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  b: BookingRow,
  p: PaymentRow,
  now: Date,
) {
  await refundUnclaimed(ctx, tx, { bookingId: b.id }, p, now);
  await tx
    .update(booking)
    .set({
      refundedPence: sql`greatest(${booking.refundedPence}, ${p.amountPence})`,
      updatedAt: now,
    })
    .where(eq(booking.id, b.id));
}

/** What a payment that has already been settled means for whoever asks again. */
export function settledBookingStep(b: BookingRow, p: PaymentRow): BookingStep {
  if (b.status === 'confirmed' || b.status === 'completed') return { kind: 'already-confirmed' };
  if (p.status === 'requires_action' && p.actionUrl && isPending(b.status))
    return { kind: 'requires_action', actionUrl: p.actionUrl, clientSecret: null };
  if ((p.status === 'failed' || p.status === 'canceled') && p.failureReason)
    return {
      kind: 'declined',
      reason: p.failureReason as DeclineReason,
      bookingId: b.id,
      holdKept: b.status === 'held',
    };
  return { kind: 'expired', bookingId: b.id };
}

/** Money arrived: confirm the booking if it can still be had for it, else give the money back. */
async function settleSuccess(
  ctx: Pick<AppContext, 'config' | 'now' | 'payments'>,
  tx: Db,
  b: BookingRow,
  { p, paid, now }: Extract<Settlement, { kind: 'succeeded' }>,
): Promise<BookingStep> {
  if (b.status === 'confirmed' || b.status === 'completed') {
    if (WAITING.has(p.status)) {
      // Another attempt already paid for this booking: this money is not needed.
      await setPayment(tx, p.id, { providerPaymentId: paid.providerPaymentId }, now);
      await refundInFull(ctx, tx, b, paid, now);
    }
    return { kind: 'already-confirmed' };
  }
  if (!isPending(b.status)) {
    // The hold was released (ran out, cancelled) before the money arrived: nothing to sell.
    await recordSuccess(tx, paid, now);
    if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
    return { kind: 'expired', bookingId: b.id };
  }
  if (!splitAddsUp(b, p)) {
    // The card was charged for a split of the price this booking no longer has. Amounts are
    // frozen while an attempt is undecided (set-booking-credit.ts and a trigger), so this means
    // a path skipped both: keep nothing rather than confirm with the wrong money.
    await recordSuccess(tx, paid, now);
    if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
    await releaseBooking(tx, b, now, 'failed');
    return {
      kind: 'amount-changed',
      bookingId: b.id,
      chargedPence: p.amountPence,
      duePence: b.amountDuePence,
    };
  }
  if (!(await lockCreditFor(tx, b, now))) {
    await recordSuccess(tx, paid, now);
    if (paid.refundedPence < paid.amountPence) await refundInFull(ctx, tx, b, paid, now);
    await releaseBooking(tx, b, now, 'failed');
    return { kind: 'credit-changed', bookingId: b.id };
  }
  await saveCardOf(tx, b.customerId, paid);
  // The payment's success is written by the confirmation's own UPDATE (one statement for both
  // rows, whose locks this transaction holds): both commit, or neither.
  await confirmBooking(ctx, tx, b, now, p.method, successChange(paid, now));
  return { kind: 'confirmed', bookingId: b.id };
}

/** Step 3: what the provider's news means for the booking, under its lock. */
async function settle(
  ctx: Pick<AppContext, 'config' | 'now' | 'payments'>,
  tx: Db,
  b: BookingRow,
  settlement: Settlement,
): Promise<BookingStep> {
  switch (settlement.kind) {
    case 'succeeded':
      return settleSuccess(ctx, tx, b, settlement);
    case 'abandoned':
      return { kind: 'expired', bookingId: b.id };
    case 'requires_action': {
      const { news, now } = settlement;
      // The bank's page gets a full hold period of its own; abandoned, the sweep releases it.
      const until = new Date(
        Math.max(
          b.holdExpiresAt?.getTime() ?? 0,
          now.getTime() + ctx.config.holdMinutes * MINUTE_MS,
        ),
      );
      await moveBooking(tx, b.id, ['held', 'requires_action'], {
        status: 'requires_action',
        holdExpiresAt: until,
        updatedAt: now,
      });
      return {
        kind: 'requires_action',
        actionUrl: news.actionUrl,
        clientSecret: news.clientSecret,
      };
    }
    case 'declined': {
      const { news, reason, now } = settlement;
      // A refused card leaves nothing half done and no money moved: the held time stays the
      // customer's until the hold runs out, so they can try another card (docs/decisions/0041).
      // A failed check at the bank's own page (requires_action) is a refusal like any other and
      // keeps the hold the same way, with the expiry it has (docs/decisions/0081). An ended hold,
      // or a payment the customer walked away from (canceled), releases it.
      const holdKept =
        news.status === 'failed' &&
        isPending(b.status) &&
        b.holdExpiresAt !== null &&
        b.holdExpiresAt.getTime() > now.getTime();
      if (holdKept && b.status === 'requires_action') {
        // Back to waiting for a card: the page offers another one, as after a decline.
        await moveBooking(tx, b.id, ['requires_action'], { status: 'held', updatedAt: now });
      }
      if (isPending(b.status) && !holdKept) await releaseBooking(tx, b, now, 'failed');
      return { kind: 'declined', reason, bookingId: b.id, holdKept };
    }
  }
}

/**
 * The demo bank page answered after the booking stopped waiting for it (its hold ran out, or it is
 * no longer waiting for the bank): the payment is dropped and the slot released, whatever the
 * answer. Null while the booking still waits for the bank.
 */
export async function expireUnansweredAction(
  tx: Db,
  b: BookingRow,
  p: PaymentRow,
  now: Date,
): Promise<BookingStep | null> {
  if (b.status === 'requires_action' && b.holdExpiresAt && b.holdExpiresAt > now) return null;
  await setPayment(tx, p.id, { status: 'canceled', actionUrl: null }, now);
  await releaseBooking(tx, b, now, 'expired');
  return { kind: 'expired', bookingId: b.id };
}

function outcomeOf(step: BookingStep): Outcome {
  switch (step.kind) {
    case 'confirmed':
      return 'paid';
    case 'already-confirmed':
      return 'already-paid';
    case 'requires_action':
      return 'waiting';
    default:
      return 'refused';
  }
}

export const bookingPurchase: Purchase<BookingRow, BookingStep, PaymentInput> = {
  kind: 'booking',
  lock: lockBooking,
  lockWithPayment: lockBookingAndPayment,
  async find(db, id) {
    const [b] = await db.select().from(booking).where(eq(booking.id, id));
    return b ?? null;
  },
  payerOf: (b) => b.customerId,
  notFound: () => notFound('Booking not found.'),
  latestPayment,
  open,
  isOpen: (b) => isPending(b.status),
  settle,
  settledStep: settledBookingStep,
  async refundReported(tx, b, _p, refund, now) {
    await tx
      .update(booking)
      .set({ refundedPence: sql`${booking.refundedPence} + ${refund.deltaPence}`, updatedAt: now })
      .where(eq(booking.id, b.id));
  },
  outcomeOf,
  afterCommit(ctx, outcome) {
    // The confirmation email is in the outbox; a released slot is free for others to find.
    if (outcome === 'paid') ctx.mailer.wake();
    if (outcome === 'refused') ctx.availabilityCache.clear();
  },
};
