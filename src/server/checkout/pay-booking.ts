import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { formatPence } from '../../domain/format';
import { percentOf } from '../../domain/cancellation';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { booking, businessPayment, payment, user } from '../db/schema';
import { preparedStatement, queryPrepared } from '../db/query-rows';
import { HttpProblem, conflict, notFound } from '../http/problem';
import {
  storableRequest,
  type ChargeOutcome,
  type ChargeRequest,
} from '../payments/payment-provider';
import { ensureProviderCustomer } from '../payments/provider-customer';
import { inTransaction, lockBooking, type BookingRow, type WarnLog } from '../booking/booking-db';
import { confirmBooking, lockCreditFor, releaseBooking } from '../booking/booking-transitions';
import {
  attemptKey,
  paymentPending,
  settleBookingAttempt,
  waitForSettlement,
} from './payment-attempt';
import { sourceOf } from './payment-source';
import { afterPayment, holdExpired, type PaymentStep } from './payment-steps';
import type { PaymentAnswer, PaymentInput } from '../../contract/booking';

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

type Begun =
  | { kind: 'step'; step: PaymentStep }
  | { kind: 'in-flight'; paymentId: string; booking: BookingRow }
  | { kind: 'attempt'; paymentId: string; request: ChargeRequest };

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

/** A card attempt as step 1 records it: every column it sets, each one always given. */
const CARD_ATTEMPT_COLUMNS = [
  'id',
  'bookingId',
  'provider',
  'attempt',
  'idempotencyKey',
  'amountPence',
  'createdAt',
  'updatedAt',
  'method',
  'status',
  'saveCard',
  'cardBrand',
  'cardLast4',
  'cardExpMonth',
  'cardExpYear',
  'providerPaymentMethodId',
  'providerRequest',
  'checkAfter',
] as const satisfies readonly (keyof typeof payment.$inferInsert)[];

type CardAttempt = Required<
  Pick<typeof payment.$inferInsert, (typeof CARD_ATTEMPT_COLUMNS)[number]>
>;

// Built once: the insert is in every card payment (docs/decisions/0063).
const insertCardAttempt = preparedStatement('insert_card_attempt', CARD_ATTEMPT_COLUMNS, (p, db) =>
  db
    .insert(payment)
    .values(p as PgInsertValue<typeof payment>)
    .getSQL(),
);

/** Answers for a booking that is not simply held, or null when it can be paid now. */
function notPayable(b: BookingRow, latest: LatestAttempt | null): Begun | null {
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
      throw conflict('This booking is waiting for your bank.');
    }
    case 'expired':
      throw holdExpired();
    case 'cancelled':
      throw conflict('This booking was cancelled. Please choose a time again.');
    case 'failed':
      throw conflict(
        'The payment for this booking did not go through and the time was released. Please choose a time again.',
      );
    case 'held':
      return null;
  }
}

/** Step 1: under the booking's lock, check it can be paid and record the attempt, or settle it. */
async function begin(
  ctx: AppContext,
  tx: Db,
  customer: CustomerProfile,
  bookingId: string,
  input: PaymentInput,
  providerCustomerId: string | null,
): Promise<Begun> {
  const now = ctx.now();
  const b = await lockBooking(tx, bookingId);
  if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
  const { latest, nextAttempt: attempt, payee } = await paymentContext(tx, b);
  if (latest?.status === 'pending') return { kind: 'in-flight', paymentId: latest.id, booking: b };
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

  const base = {
    bookingId: b.id,
    provider: ctx.payments.name,
    attempt,
    idempotencyKey: attemptKey(b.id, attempt),
    amountPence: b.amountDuePence,
    createdAt: now,
    updatedAt: now,
  };
  if (input.method === 'credit' && b.amountDuePence > 0) {
    throw new HttpProblem(
      422,
      `Your credit does not cover this booking: ${formatPence(b.amountDuePence)} is left to pay. Please choose how to pay it.`,
      { extensions: { code: 'credit_short' } },
    );
  }
  if (b.amountDuePence === 0 || input.method === 'invoice') {
    const byInvoice = b.amountDuePence > 0;
    if (byInvoice && !(await invoiceAllowed(tx, customer.id)))
      throw new HttpProblem(
        422,
        'Paying by invoice is only for business accounts set up to pay by invoice. Please pay by card.',
        { extensions: { code: 'invoice_not_allowed' } },
      );
    const method = byInvoice ? 'invoice' : 'credit';
    await tx.insert(payment).values({
      ...base,
      provider: byInvoice ? 'invoice' : 'wallet',
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

  const { source, saveCard, known } = await sourceOf(ctx, tx, customer.id, input);
  if (ctx.payments.name === 'stripe' && !payee?.accountId)
    throw new HttpProblem(422, 'This therapist cannot take card payments right now.', {
      extensions: { code: 'payee_not_connected' },
    });
  const paymentId = randomUUID();
  const request: ChargeRequest = {
    bookingId: b.id,
    paymentId,
    amountPence: b.amountDuePence,
    idempotencyKey: base.idempotencyKey,
    description: `Booking with ${payee?.name ?? 'your therapist'}`,
    source,
    saveCard,
    providerCustomerId,
    destinationAccountId: payee?.accountId ?? null,
    applicationFeePence: percentOf(b.amountDuePence, ctx.config.payments.platformFeePercent),
    returnUrl: `${ctx.config.publicUrl}/authorisation/confirm?booking=${b.id}`,
  };
  const { reconcileAfterSeconds, jobsIntervalSeconds } = ctx.config.payments;
  const cardAttempt: CardAttempt = {
    ...base,
    id: paymentId,
    method: input.method === 'saved-card' ? 'saved-card' : 'card',
    status: 'pending',
    saveCard,
    cardBrand: known.brand,
    cardLast4: known.last4,
    cardExpMonth: known.expMonth,
    cardExpYear: known.expYear,
    providerPaymentMethodId: known.paymentMethodId,
    providerRequest: storableRequest(request),
    checkAfter: new Date(now.getTime() + reconcileAfterSeconds * 1000),
  };
  await insertCardAttempt.rows(tx, cardAttempt);
  // The slot stays ours while the provider answers and, should we crash, until the reconciler
  // has had its turn: a hold must not lapse under a payment whose outcome we do not know yet.
  const protectedUntil = new Date(
    now.getTime() + (reconcileAfterSeconds + jobsIntervalSeconds) * 1000,
  );
  if (b.holdExpiresAt < protectedUntil)
    await tx.update(booking).set({ holdExpiresAt: protectedUntil }).where(eq(booking.id, b.id));
  return { kind: 'attempt', paymentId, request };
}

/**
 * Pays a held booking in three steps (docs/architecture.md#payments): the provider is called with
 * no transaction open and no lock held. A double click, a retry or a second tab finds the first
 * attempt pending and answers what it ends in; a crash mid-call is settled by the reconciler.
 */
export async function payBooking(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  input: PaymentInput,
  log: WarnLog,
): Promise<PaymentAnswer> {
  const needsCustomer =
    ctx.payments.name === 'stripe' &&
    (input.method === 'saved-card' || (input.method === 'card' && input.saveCard === true));
  const providerCustomerId = needsCustomer
    ? await ensureProviderCustomer(ctx.db, ctx.payments, customer.id)
    : null;
  const begun = await inTransaction(ctx.db, (tx) =>
    begin(ctx, tx, customer, bookingId, input, providerCustomerId),
  );
  let step: PaymentStep;
  if (begun.kind === 'step') step = begun.step;
  else if (begun.kind === 'in-flight')
    // No point waiting past the moment the reconciler would take the attempt over.
    step = await waitForSettlement(
      ctx,
      begun.paymentId,
      begun.booking,
      Math.min(20_000, ctx.config.payments.reconcileAfterSeconds * 1000),
    );
  else {
    let outcome: ChargeOutcome;
    try {
      outcome = await ctx.payments.charge(begun.request);
    } catch (error) {
      // We do not know whether money moved: the attempt stays pending for the reconciler.
      log.warn({ err: error, paymentId: begun.paymentId }, 'payment provider did not answer');
      throw paymentPending();
    }
    step = await settleBookingAttempt(ctx, begun.paymentId, outcome, bookingId);
  }
  return afterPayment(ctx, step, log);
}
