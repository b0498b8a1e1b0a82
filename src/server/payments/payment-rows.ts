import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { payment, savedCard } from '../db/schema';
import { enqueueProviderTask, type ProviderTask } from './provider-tasks';
import type { PurchaseRef } from './purchase-ref';

// The payment table: one row per attempt at paying for a purchase (docs/architecture.md#payments).
// A payment's row is locked after what it pays for (the booking's or the gift card's row), never
// before: booking/booking-db.ts and gift-cards/gift-card-db.ts give the locking rules.

export type PaymentRow = typeof payment.$inferSelect;

/** A booking's latest attempt, by when it was made. */
export async function latestPayment(tx: Db, bookingId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payment)
    .where(eq(payment.bookingId, bookingId))
    .orderBy(desc(payment.createdAt))
    .limit(1);
  return row ?? null;
}

/** A gift card order's latest attempt, by its number. */
export async function latestGiftCardPayment(
  tx: Db,
  giftCardId: string,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payment)
    .where(eq(payment.giftCardId, giftCardId))
    .orderBy(desc(payment.attempt))
    .limit(1);
  return row ?? null;
}

export async function nextAttemptNumber(tx: Db, purchase: PurchaseRef): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${payment.attempt}), 0)::int` })
    .from(payment)
    .where(
      purchase.kind === 'booking'
        ? eq(payment.bookingId, purchase.id)
        : purchase.kind === 'gift-card'
          ? eq(payment.giftCardId, purchase.id)
          : eq(payment.tipId, purchase.id),
    );
  return Number(row?.last ?? 0) + 1;
}

/** Locks a payment row (what it pays for first, by the locking rules) and reads it fresh. */
export async function lockPayment(tx: Db, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for('update');
  return row ?? null;
}

export async function setPayment(
  tx: Db,
  paymentId: string,
  changes: Partial<typeof payment.$inferInsert>,
  now: Date,
): Promise<void> {
  await tx
    .update(payment)
    .set({ ...changes, updatedAt: now })
    .where(eq(payment.id, paymentId));
}

/** The customer ticked "save this card": kept once the payment has succeeded, never twice. */
export async function saveCardOf(tx: Db, userId: string, p: PaymentRow): Promise<void> {
  if (!p.saveCard || !p.providerPaymentMethodId || !p.cardBrand || !p.cardLast4) return;
  if (p.cardExpMonth === null || p.cardExpYear === null) return;
  await tx
    .insert(savedCard)
    .values({
      userId,
      provider: p.provider,
      providerCardId: p.providerPaymentMethodId,
      brand: p.cardBrand,
      last4: p.cardLast4,
      expMonth: p.cardExpMonth,
      expYear: p.cardExpYear,
    })
    .onConflictDoNothing({
      target: [savedCard.userId, savedCard.provider, savedCard.providerCardId],
    });
}

/** Whom a refund is about, as its provider task records it. */
export type RefundOwner = Pick<
  Extract<ProviderTask, { kind: 'refund' }>,
  'bookingId' | 'giftCardId' | 'reverseTransfer'
>;

/**
 * Gives back all the money of a payment its purchase does not need (another attempt paid, or it
 * can no longer be had): the refund is queued for the provider, made after the commit, and the
 * payment is marked refunded.
 */
export async function refundUnclaimed(
  ctx: Pick<AppContext, 'payments'>,
  tx: Db,
  owner: RefundOwner,
  p: PaymentRow,
  now: Date,
): Promise<void> {
  if (p.providerPaymentId && p.provider === ctx.payments.name && p.amountPence > p.refundedPence)
    await enqueueProviderTask(
      tx,
      p.provider,
      {
        kind: 'refund',
        ...owner,
        providerPaymentId: p.providerPaymentId,
        amountPence: p.amountPence - p.refundedPence,
        idempotencyKey: `payment-${p.id}-refund-unclaimed`,
      },
      now,
    );
  await setPayment(tx, p.id, { status: 'refunded', refundedPence: p.amountPence }, now);
}
