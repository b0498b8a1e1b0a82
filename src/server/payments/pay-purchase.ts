import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/query-rows';
import { payment } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { HttpProblem } from '../http/problem';
import { storableRequest, type ChargeOutcome, type ChargeRequest } from './payment-provider';
import type { PaymentRow } from './payment-rows';
import { sourceOf } from './payment-source';
import { ensureProviderCustomer } from './provider-customer';
import type { Purchase } from './purchase';
import { attemptKey, chargedFor, purchaseQuery } from './purchase-ref';
import { afterSettled, settleAttempt } from './settle-purchase';

// A card payment for any purchase, in three steps (docs/architecture.md#payments): (1) under the
// purchase's lock, record the attempt, pending, with its own idempotency key, and commit; (2) call
// the provider outside any transaction; (3) settle it under the lock (settle-purchase.ts). A crash
// between (2) and (3) leaves a pending attempt that the reconciler settles by asking the provider;
// news from elsewhere (a webhook) settles it the same way, and whichever comes first wins because
// settling is a compare-and-set from "pending". A double click, a retry or a second tab finds the
// first attempt pending and answers what it ends in.

/** A card attempt as step 1 records it: every column it sets, each one always given. */
const CARD_ATTEMPT_COLUMNS = [
  'id',
  'bookingId',
  'giftCardId',
  'tipId',
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

type Begun<Row, Step> =
  | { kind: 'step'; step: Step }
  | { kind: 'in-flight'; paymentId: string; row: Row }
  | { kind: 'attempt'; paymentId: string; row: Row; request: ChargeRequest };

/** Step 1: under the purchase's lock, answer what it already is or record a new attempt. */
async function begin<Row extends { id: string }, Step extends { kind: string }, Input>(
  ctx: AppContext,
  tx: Db,
  purchase: Purchase<Row, Step, Input>,
  payer: CustomerProfile,
  id: string,
  input: Input,
  providerCustomerId: string | null,
): Promise<Begun<Row, Step>> {
  const now = ctx.now();
  const opened = await purchase.open(ctx, tx, payer, id, input, now);
  if (opened.kind !== 'charge') return opened;
  const { row, attempt, card } = opened;
  const { source, saveCard, known } = await sourceOf(ctx, tx, payer.id, card);
  const terms = opened.terms();
  const ref = { kind: purchase.kind, id: row.id };
  const paymentId = randomUUID();
  const idempotencyKey = attemptKey(ref, attempt);
  const request: ChargeRequest = {
    ...chargedFor(ref),
    paymentId,
    amountPence: terms.amountPence,
    idempotencyKey,
    description: terms.description,
    source,
    saveCard,
    providerCustomerId,
    destinationAccountId: terms.destinationAccountId,
    applicationFeePence: terms.applicationFeePence,
    returnUrl: `${ctx.config.publicUrl}/authorisation/confirm?${purchaseQuery(ref)}`,
  };
  const cardAttempt: CardAttempt = {
    id: paymentId,
    bookingId: ref.kind === 'booking' ? ref.id : null,
    giftCardId: ref.kind === 'gift-card' ? ref.id : null,
    tipId: ref.kind === 'tip' ? ref.id : null,
    provider: ctx.payments.name,
    attempt,
    idempotencyKey,
    amountPence: terms.amountPence,
    createdAt: now,
    updatedAt: now,
    method: card.method === 'saved-card' ? 'saved-card' : 'card',
    status: 'pending',
    saveCard,
    cardBrand: known.brand,
    cardLast4: known.last4,
    cardExpMonth: known.expMonth,
    cardExpYear: known.expYear,
    providerPaymentMethodId: known.paymentMethodId,
    providerRequest: storableRequest(request),
    checkAfter: new Date(now.getTime() + ctx.config.payments.reconcileAfterSeconds * 1000),
  };
  await insertCardAttempt.rows(tx, cardAttempt);
  await opened.recorded?.();
  return { kind: 'attempt', paymentId, row, request };
}

export const paymentPending = () =>
  new HttpProblem(
    503,
    'We are still confirming your payment with your bank. Please check your appointments in a minute before trying again: you will not be charged twice.',
    { title: 'Service Unavailable', code: 'payment_pending' },
  );

/**
 * The attempt once someone has settled it (our own call, a webhook, the reconciler), polling with
 * a growing pause; a 503 "still confirming" when that takes longer than `timeoutMs`.
 */
async function waitForPaymentRow(
  ctx: Pick<AppContext, 'db'>,
  paymentId: string,
  timeoutMs: number,
): Promise<PaymentRow> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
    const [p] = await ctx.db.select().from(payment).where(eq(payment.id, paymentId));
    if (p && p.status !== 'pending') return p;
    if (Date.now() >= deadline) throw paymentPending();
    await sleep(pause);
  }
}

/**
 * Pays for a purchase by card in three steps, the provider called with no transaction open and
 * no lock held, and makes the provider calls and follow-ups the outcome decided on once it is
 * committed. Answers the purchase's step, for the caller to answer the payer.
 */
export async function payPurchase<
  Row extends { id: string },
  Step extends { kind: string },
  Input extends { method: string; saveCard?: boolean },
>(
  ctx: AppContext,
  purchase: Purchase<Row, Step, Input>,
  payer: CustomerProfile,
  id: string,
  input: Input,
  log: WarnLog,
): Promise<Step> {
  const needsCustomer =
    ctx.payments.name === 'stripe' &&
    (input.method === 'saved-card' || (input.method === 'card' && input.saveCard === true));
  const providerCustomerId = needsCustomer
    ? await ensureProviderCustomer(ctx.db, ctx.payments, payer.id)
    : null;
  const begun = await inTransaction(ctx.db, (tx) =>
    begin(ctx, tx, purchase, payer, id, input, providerCustomerId),
  );
  let step: Step;
  if (begun.kind === 'step') step = begun.step;
  else if (begun.kind === 'in-flight') {
    // No point waiting past the moment the reconciler would take the attempt over.
    const p = await waitForPaymentRow(
      ctx,
      begun.paymentId,
      Math.min(20_000, ctx.config.payments.reconcileAfterSeconds * 1000),
    );
    const fresh = await purchase.find(ctx.db, begun.row.id);
    step = purchase.settledStep(fresh ?? begun.row, p);
  } else {
    let outcome: ChargeOutcome;
    try {
      outcome = await ctx.payments.charge(begun.request);
    } catch (error) {
      // We do not know whether money moved: the attempt stays pending for the reconciler.
      log.warn({ err: error, paymentId: begun.paymentId }, 'payment provider did not answer');
      throw paymentPending();
    }
    step = await settleAttempt(ctx, purchase, begun.row.id, begun.paymentId, outcome);
  }
  await afterSettled(ctx, purchase, step, log);
  return step;
}
