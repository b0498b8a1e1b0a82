import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payment, tip } from '../db/schema';
import type { PaymentRow } from '../payments/payment-rows';

// The tip table. Locking rules, as for bookings and gift cards: the tip's row first, then its
// payment's; the customer's wallet lock after the tip's. Nothing locks a booking and then a tip.

export type TipRow = typeof tip.$inferSelect;

export async function lockTip(tx: Db, id: string): Promise<TipRow | null> {
  const [row] = await tx.select().from(tip).where(eq(tip.id, id)).for('update');
  return row ?? null;
}

export async function lockTipOfBooking(tx: Db, bookingId: string): Promise<TipRow | null> {
  const [row] = await tx.select().from(tip).where(eq(tip.bookingId, bookingId)).for('update');
  return row ?? null;
}

export async function findTip(db: Db, id: string): Promise<TipRow | null> {
  const [row] = await db.select().from(tip).where(eq(tip.id, id));
  return row ?? null;
}

/** A tip's latest attempt, by its number. */
export async function latestTipPayment(db: Db, tipId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payment)
    .where(eq(payment.tipId, tipId))
    .orderBy(desc(payment.attempt))
    .limit(1);
  return row ?? null;
}
