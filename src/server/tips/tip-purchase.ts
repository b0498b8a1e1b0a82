import { eq } from 'drizzle-orm';
import { firstNameOf, formatPence } from '../../domain/format';
import { tipAmountProblem, tipSplit, tipWindowOpen } from '../../domain/tips';
import type { CustomerProfile } from '../../domain/types';
import type { AppContext } from '../app-context';
import { availableCredit } from '../wallet/available-credit';
import type { Db } from '../db/client';
import { payment, tip } from '../db/schema';
import { HttpProblem, badRequest, notFound } from '../http/problem';
import type { DeclineReason } from '../payments/payment-provider';
import {
  lockPayment,
  nextAttemptNumber,
  refundUnclaimed,
  saveCardOf,
  type PaymentRow,
} from '../payments/payment-rows';
import { SETTLED } from '../payments/provider-news';
import type { Opened, Purchase } from '../payments/purchase';
import {
  platformOutcomeOf,
  settlePlatformPurchase,
  type PlatformPurchaseRules,
} from '../payments/settle-platform-purchase';
import { attemptKey } from '../payments/purchase-ref';
import { lockWallet } from '../wallet/wallet-lock';
import { recordTipPaid, spendTipCredit } from './record-tip-paid';
import { findTipBooking, type TipBooking } from './tip-booking';
import { findTip, latestTipPayment, lockTip, lockTipOfBooking, type TipRow } from './tip-db';
import type { TipInput } from '../../contract/tips';

// A tip as a purchase (payments/purchase.ts, docs/decisions/0087): the payment pipeline records,
// charges and settles; this says what is the tip's own. Step 1: only the appointment's customer,
// only once it is completed and for 48 hours after its end, between £1 and its price; the tip's
// row is made on first sight (one per booking), so a second request finds the first one's attempt
// and waits for it. Credit pays all of it at once, or part with the card paying the rest. The card
// money is the platform's (no destination charge): the whole tip, card and credit, goes to the
// therapist as one transfer queued when it is paid. A refused card leaves the tip unpaid for
// another card; money that arrives for a tip already paid is refunded in full.

export type TipStep =
  | { kind: 'paid'; tipId: string }
  | { kind: 'already-paid'; tipId: string }
  | { kind: 'requires_action'; tipId: string; actionUrl: string; clientSecret: string | null }
  | { kind: 'declined'; tipId: string; reason: DeclineReason }
  | { kind: 'credit-changed'; tipId: string }
  | { kind: 'refunded'; tipId: string };

export const alreadyTipped = () =>
  new HttpProblem(409, "You've already tipped for this appointment. Thank you!", {
    code: 'already_tipped',
  });

export const tipNotOpen = (status: string) =>
  new HttpProblem(
    409,
    status === 'completed'
      ? 'Tips can be added for 48 hours after an appointment, and that time has passed.'
      : 'A tip can be added once the appointment has taken place.',
    { code: 'tip_not_open' },
  );

/** What an attempt already settled means for whoever asks again. */
export function settledTipStep(t: TipRow, p: PaymentRow): TipStep {
  const tipId = t.id;
  if (t.status === 'paid') return { kind: 'already-paid', tipId };
  if (t.status === 'refunded') return { kind: 'refunded', tipId };
  if (p.status === 'requires_action' && p.actionUrl)
    return { kind: 'requires_action', tipId, actionUrl: p.actionUrl, clientSecret: null };
  return {
    kind: 'declined',
    tipId,
    reason: (p.failureReason ?? 'processing_error') as DeclineReason,
  };
}

/** The tip's row, made on first sight and locked; null when another request made it meanwhile. */
async function createTip(
  tx: Db,
  b: TipBooking,
  amountPence: number,
  now: Date,
): Promise<TipRow | null> {
  const [made] = await tx
    .insert(tip)
    .values({
      bookingId: b.id,
      customerId: b.customerId,
      therapistId: b.therapistId,
      amountPence,
      creditAppliedPence: 0,
      amountDuePence: amountPence,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: tip.bookingId })
    .returning();
  return made ?? null;
}

/** Step 1: under the tip's lock, answer what it already is, pay it by credit, or charge it. */
async function open(
  ctx: AppContext,
  tx: Db,
  customer: CustomerProfile,
  bookingId: string,
  input: TipInput,
  now: Date,
): Promise<Opened<TipRow, TipStep>> {
  const b = await findTipBooking(tx, bookingId);
  if (!b || b.customerId !== customer.id) throw notFound('Booking not found.');
  let t = await lockTipOfBooking(tx, b.id);
  if (t) {
    const latest = await latestTipPayment(tx, t.id);
    if (latest?.status === 'pending') return { kind: 'in-flight', paymentId: latest.id, row: t };
    if (t.status !== 'unpaid') throw alreadyTipped();
    if (latest?.status === 'requires_action' && latest.actionUrl)
      return { kind: 'step', step: settledTipStep(t, latest) };
  }
  if (!tipWindowOpen({ status: b.status, endsAtMs: b.endsAt.getTime() }, now.getTime()))
    throw tipNotOpen(b.status);
  const problem = tipAmountProblem(input.amountPence, b.totalPricePence);
  if (problem) throw badRequest(problem, [{ field: 'body.amountPence', message: problem }]);
  if (!t) {
    t = await createTip(tx, b, input.amountPence, now);
    // Another request made it first: its row is committed now (the insert waited for it).
    if (!t) return open(ctx, tx, customer, bookingId, input, now);
  }

  const useCredit = input.method === 'credit' || input.useCredit;
  if (useCredit) await lockWallet(tx, customer.id);
  const available = useCredit ? await availableCredit(tx, customer.id, now) : 0;
  const split = tipSplit(input.amountPence, available, useCredit);
  if (input.method === 'credit' && split.amountDuePence > 0)
    throw new HttpProblem(
      422,
      `Your credit does not cover this tip: ${formatPence(split.amountDuePence)} is left to pay. Please choose how to pay it.`,
      { code: 'credit_short' },
    );
  const [revised] = await tx
    .update(tip)
    .set({ amountPence: input.amountPence, ...split, updatedAt: now })
    .where(eq(tip.id, t.id))
    .returning();
  if (!revised) throw new Error(`tip ${t.id} vanished under its lock`);
  const attempt = await nextAttemptNumber(tx, { kind: 'tip', id: revised.id });

  if (revised.amountDuePence === 0) {
    // Credit pays it all: checked under the wallet lock just now, so spending cannot fall short.
    await tx.insert(payment).values({
      tipId: revised.id,
      provider: 'wallet',
      attempt,
      idempotencyKey: attemptKey({ kind: 'tip', id: revised.id }, attempt),
      amountPence: 0,
      createdAt: now,
      updatedAt: now,
      method: 'credit',
      status: 'succeeded',
    });
    if (!(await spendTipCredit(tx, revised)))
      throw new Error(`tip ${revised.id}: the wallet no longer covers its credit`);
    await recordTipPaid(ctx, tx, revised, null, now);
    return { kind: 'step', step: { kind: 'paid', tipId: revised.id } };
  }
  if (input.method === 'credit') throw new Error(`tip ${revised.id}: credit cannot pay it all`);
  return {
    kind: 'charge',
    row: revised,
    attempt,
    card: input,
    terms: () => ({
      amountPence: revised.amountDuePence,
      description: `Tip for ${firstNameOf(b.therapistName)}`,
      // The platform takes the card money and passes the whole tip on as one transfer.
      destinationAccountId: null,
      applicationFeePence: 0,
    }),
  };
}

/** Gives back money the tip does not need; the platform took it all, so nothing to reverse. */
const refundInFull = (
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  t: TipRow,
  p: PaymentRow,
  now: Date,
) => refundUnclaimed(ctx, tx, { bookingId: t.bookingId, reverseTransfer: false }, p, now);

/** What paying means for a tip (payments/settle-platform-purchase.ts does the rest). */
const rules = (
  ctx: Pick<AppContext, 'config' | 'payments'>,
): PlatformPurchaseRules<TipRow, TipStep> => ({
  isUnpaid: (t) => t.status === 'unpaid',
  settledStep: settledTipStep,
  step: (t, step) => ({ ...step, tipId: t.id }),
  refundInFull: (tx, t, p, now) => refundInFull(ctx, tx, t, p, now),
  async onPaid(tx, t, p, paid, now) {
    // The card paid a split the tip no longer has, or the credit it counted on has gone: keep
    // nothing rather than pass on money we do not hold.
    if (p.amountPence !== t.amountDuePence || !(await spendTipCredit(tx, t))) {
      await refundInFull(ctx, tx, t, paid, now);
      return { kind: 'credit-changed', tipId: t.id };
    }
    await saveCardOf(tx, t.customerId, paid);
    await recordTipPaid(ctx, tx, t, paid, now);
    return { kind: 'paid', tipId: t.id };
  },
});

export const tipPurchase: Purchase<TipRow, TipStep, TipInput> = {
  kind: 'tip',
  lock: lockTip,
  async lockWithPayment(tx, id, paymentId) {
    const row = await lockTip(tx, id);
    const p = await lockPayment(tx, paymentId);
    return row && p && p.tipId === row.id ? { row, p } : null;
  },
  find: findTip,
  payerOf: (t) => t.customerId,
  notFound: () => notFound('Tip not found.'),
  latestPayment: latestTipPayment,
  open,
  isOpen: (t) => t.status === 'unpaid',
  settle: (ctx, tx, t, settlement) => settlePlatformPurchase(tx, t, settlement, rules(ctx)),
  settledStep: settledTipStep,
  async refundReported(tx, t, p, refund, now, log) {
    // All the money of a paid tip went back (Stripe's dashboard): the therapist's transfer was
    // already queued, so taking it back is a person's decision.
    if (refund.status !== 'refunded' || !SETTLED.has(p.status) || t.status !== 'paid') return;
    await tx.update(tip).set({ status: 'refunded', updatedAt: now }).where(eq(tip.id, t.id));
    log.warn(
      { tipId: t.id, paymentId: p.id },
      'a paid tip was refunded at the provider: its transfer to the therapist stands, needs a person',
    );
  },
  outcomeOf: platformOutcomeOf,
  afterCommit(ctx, outcome) {
    // The receipt is in the outbox; the transfer is the provider task worker's.
    if (outcome === 'paid') ctx.mailer.wake();
  },
};
