import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { percentOf } from '../../domain/cancellation';
import { MINUTE_MS } from '../../domain/constants';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { booking, businessPayment, payment, savedCard, therapist } from '../db/schema';
import { HttpProblem, badRequest, conflict, notFound } from '../http/problem';
import { cardSource, type CardForm } from '../payments/card-input';
import { providerCustomerId } from '../payments/provider-customer';
import type { CardDetails, ChargeOutcome, PaymentSource } from '../payments/payment-provider';
import { inTransaction, lockBooking, type BookingRow, type WarnLog } from './booking-db';
import {
  confirmBooking,
  latestPayment,
  lockCreditFor,
  releaseBooking,
  saveCardOf,
} from './booking-transitions';
import { afterPayment, holdExpired, type PaymentStep } from './payment-steps';

export type PaymentInput =
  | { method: 'card'; card?: CardForm; paymentMethodId?: string; saveCard?: boolean }
  | { method: 'saved-card'; cardId: string }
  | { method: 'invoice' };

export type PayResult =
  { status: 'confirmed' } | { status: 'requires_action'; actionUrl: string; clientSecret?: string };

/**
 * Where the customer goes to authenticate: the provider's own page when it gives one, else our
 * /authorisation/confirm (the demo bank page for `payment=`, the re-check page for `payment_intent=`).
 */
function actionUrlOf(
  provider: string,
  bookingId: string,
  paymentId: string,
  outcome: Extract<ChargeOutcome, { kind: 'requires_action' }>,
): string {
  if (outcome.redirectUrl) return outcome.redirectUrl;
  return provider === 'demo'
    ? `/authorisation/confirm?booking=${bookingId}&payment=${paymentId}`
    : `/authorisation/confirm?booking=${bookingId}&payment_intent=${outcome.providerPaymentId}`;
}

const cardProblem = (field: string, message: string) =>
  new HttpProblem(422, message, { errors: [{ field, message }], extensions: { code: 'card' } });

async function invoiceAllowed(tx: Db, customer: CustomerProfile): Promise<boolean> {
  if (customer.accountType !== 'business') return false;
  const [row] = await tx
    .select({ arrangement: businessPayment.arrangement })
    .from(businessPayment)
    .where(eq(businessPayment.userId, customer.id));
  return row?.arrangement === 'invoice';
}

/** The card to charge, checked: a new card from the form or token, or one of the customer's own. */
async function sourceOf(
  ctx: AppContext,
  tx: Db,
  customerId: string,
  input: Exclude<PaymentInput, { method: 'invoice' }>,
): Promise<{ source: PaymentSource; saveCard: boolean; known: CardDetails | null }> {
  if (input.method === 'saved-card') {
    const [card] = await tx
      .select()
      .from(savedCard)
      .where(
        and(
          eq(savedCard.id, input.cardId),
          eq(savedCard.userId, customerId),
          eq(savedCard.provider, ctx.payments.name),
        ),
      );
    if (!card) throw cardProblem('body.cardId', 'Choose one of your saved cards.');
    return {
      source: { kind: 'saved', providerCardId: card.providerCardId },
      saveCard: false,
      known: {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        paymentMethodId: card.providerCardId,
      },
    };
  }
  const saveCard = input.saveCard ?? false;
  if (ctx.payments.newCardSource === 'payment-method') {
    if (!input.paymentMethodId)
      throw badRequest('Card details are collected by the payment form: send paymentMethodId.', [
        { field: 'body.paymentMethodId', message: 'is required with this payment provider' },
      ]);
    return {
      source: { kind: 'payment-method', paymentMethodId: input.paymentMethodId },
      saveCard,
      known: null,
    };
  }
  if (!input.card)
    throw badRequest('Enter your card details.', [
      { field: 'body.card', message: 'Enter your card details.' },
    ]);
  return { source: cardSource(input.card, ctx.now()), saveCard, known: null };
}

async function recordCharge(
  tx: Db,
  b: BookingRow,
  paymentId: string,
  method: string,
  provider: string,
  outcome: ChargeOutcome,
  saveCard: boolean,
  now: Date,
  holdMinutes: number,
): Promise<PaymentStep> {
  const status =
    outcome.kind === 'succeeded'
      ? 'succeeded'
      : outcome.kind === 'requires_action'
        ? 'requires_action'
        : 'failed';
  const actionUrl =
    outcome.kind === 'requires_action' ? actionUrlOf(provider, b.id, paymentId, outcome) : null;
  const [row] = await tx
    .insert(payment)
    .values({
      id: paymentId,
      bookingId: b.id,
      provider,
      method,
      providerPaymentId: outcome.providerPaymentId,
      providerPaymentMethodId: outcome.card.paymentMethodId,
      idempotencyKey: `booking-${b.id}-payment`,
      status,
      amountPence: b.amountDuePence,
      cardBrand: outcome.card.brand,
      cardLast4: outcome.card.last4,
      cardExpMonth: outcome.card.expMonth,
      cardExpYear: outcome.card.expYear,
      saveCard,
      actionUrl,
      failureReason: outcome.kind === 'declined' ? outcome.reason : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('payment insert returned no row');
  if (outcome.kind === 'succeeded') {
    await saveCardOf(tx, b.customerId, row);
    await confirmBooking(tx, b, now, method);
    return { kind: 'confirmed', bookingId: b.id };
  }
  if (outcome.kind === 'requires_action') {
    // The bank's page gets a full hold period of its own; abandoned, the sweep releases it.
    const until = new Date(
      Math.max(b.holdExpiresAt?.getTime() ?? 0, now.getTime() + holdMinutes * MINUTE_MS),
    );
    await tx
      .update(booking)
      .set({ status: 'requires_action', holdExpiresAt: until, updatedAt: now })
      .where(eq(booking.id, b.id));
    return {
      kind: 'requires_action',
      actionUrl: actionUrl ?? actionUrlOf(provider, b.id, paymentId, outcome),
      clientSecret: outcome.clientSecret,
    };
  }
  await releaseBooking(tx, b, now, 'failed');
  return { kind: 'declined', reason: outcome.reason, bookingId: b.id };
}

/**
 * Pays for a held booking. The booking row stays locked from the first check to the last write,
 * so a double click, a retry or a second tab waits and then sees the first payment's result; the
 * provider's idempotency key (one per booking) covers a crash between charging and committing.
 */
export async function payBooking(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  input: PaymentInput,
  log: WarnLog,
): Promise<PayResult> {
  const step = await inTransaction(ctx.db, async (tx): Promise<PaymentStep> => {
    const now = ctx.now();
    const b = await lockBooking(tx, bookingId);
    if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
    switch (b.status) {
      case 'confirmed':
      case 'completed':
        return { kind: 'already-confirmed' };
      case 'requires_action': {
        const pending = await latestPayment(tx, b.id);
        if (pending?.status === 'requires_action' && pending.actionUrl)
          return { kind: 'requires_action', actionUrl: pending.actionUrl, clientSecret: null };
        break;
      }
      case 'expired':
        throw holdExpired();
      case 'cancelled':
        throw conflict('This booking was cancelled. Please choose a time again.');
      case 'failed':
        throw conflict(
          'The payment for this booking did not go through and the time was released. Please choose a time again.',
        );
    }
    if (b.status !== 'held') throw conflict('This booking is waiting for your bank.');
    if (!b.holdExpiresAt || b.holdExpiresAt.getTime() <= now.getTime()) {
      await releaseBooking(tx, b, now, 'expired');
      return { kind: 'expired', bookingId: b.id };
    }
    if (!(await lockCreditFor(tx, b, now))) {
      await releaseBooking(tx, b, now, 'failed');
      return { kind: 'credit-changed', bookingId: b.id };
    }

    const base = {
      bookingId: b.id,
      provider: ctx.payments.name,
      idempotencyKey: `booking-${b.id}-payment`,
      amountPence: b.amountDuePence,
      createdAt: now,
      updatedAt: now,
    };
    if (b.amountDuePence === 0) {
      await tx
        .insert(payment)
        .values({ ...base, provider: 'wallet', method: 'credit', status: 'succeeded' });
      await confirmBooking(tx, b, now, 'credit');
      return { kind: 'confirmed', bookingId: b.id };
    }
    if (input.method === 'invoice') {
      if (!(await invoiceAllowed(tx, customer)))
        throw new HttpProblem(
          422,
          'Paying by invoice is only for business accounts set up to pay by invoice. Please pay by card.',
          { extensions: { code: 'invoice_not_allowed' } },
        );
      await tx
        .insert(payment)
        .values({ ...base, provider: 'invoice', method: 'invoice', status: 'invoiced' });
      await confirmBooking(tx, b, now, 'invoice');
      return { kind: 'confirmed', bookingId: b.id };
    }

    const { source, saveCard, known } = await sourceOf(ctx, tx, customer.id, input);
    const [payee] = await tx
      .select({ accountId: therapist.paymentAccountId, name: therapist.name })
      .from(therapist)
      .where(eq(therapist.id, b.therapistId));
    if (ctx.payments.name === 'stripe' && !payee?.accountId)
      throw new HttpProblem(422, 'This therapist cannot take card payments right now.', {
        extensions: { code: 'payee_not_connected' },
      });
    const needsCustomer = ctx.payments.name === 'stripe' && (saveCard || source.kind === 'saved');
    const paymentId = randomUUID();
    const outcome = await ctx.payments.charge({
      bookingId: b.id,
      paymentId,
      amountPence: b.amountDuePence,
      idempotencyKey: base.idempotencyKey,
      description: `Booking with ${payee?.name ?? 'your therapist'}`,
      source,
      saveCard,
      providerCustomerId: needsCustomer
        ? await providerCustomerId(tx, ctx.payments, customer.id)
        : null,
      destinationAccountId: payee?.accountId ?? null,
      applicationFeePence: percentOf(b.amountDuePence, ctx.config.payments.platformFeePercent),
      returnUrl: `${ctx.config.publicUrl}/authorisation/confirm?booking=${b.id}`,
    });
    const method = input.method === 'saved-card' ? 'saved-card' : 'card';
    const card = known
      ? {
          brand: outcome.card.brand ?? known.brand,
          last4: outcome.card.last4 ?? known.last4,
          expMonth: outcome.card.expMonth ?? known.expMonth,
          expYear: outcome.card.expYear ?? known.expYear,
          paymentMethodId: outcome.card.paymentMethodId ?? known.paymentMethodId,
        }
      : outcome.card;
    return recordCharge(
      tx,
      b,
      paymentId,
      method,
      ctx.payments.name,
      { ...outcome, card },
      saveCard,
      now,
      ctx.config.holdMinutes,
    );
  });
  return afterPayment(ctx, step, log);
}
