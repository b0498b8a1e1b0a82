import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { booking, type BookingStatus } from '../db/schema';

// The locking rules every booking use case follows, so no two of them can deadlock:
//   1. the booking row (SELECT … FOR UPDATE) before anything else about that booking; every change
//      to a booking or its payment happens while holding it;
//   2. then the customer's wallet lock (an advisory lock), only when credit is read or moved.
// On PGlite there is one connection and transactions run one at a time, so these cost nothing
// there; on PostgreSQL they are what serialises double clicks, two tabs and two instances.

export type BookingRow = typeof booking.$inferSelect;

/** Where side effects after a commit (mail, provider clean-up) report trouble they survive. */
export interface WarnLog {
  warn(details: object, message: string): void;
}

// Generic to every transaction; kept importable from here for the booking use cases.
export { EXCLUSION_VIOLATION, inTransaction, sqlState } from '../db/transaction';

export async function lockBooking(tx: Db, id: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(booking).where(eq(booking.id, id)).for('update');
  return row ?? null;
}

// The wallet lock lives with the wallet; booking use cases take it second, after the row.
export { lockWallet } from '../wallet/wallet-lock';

export const PENDING_STATUSES: readonly BookingStatus[] = ['held', 'requires_action'];

export function isPending(status: string): boolean {
  return status === 'held' || status === 'requires_action';
}

/**
 * Inserts a booking with the reference the database makes (new_booking_reference()). 40 random
 * bits rarely collide, but when they do the insert is simply made again with a new one instead of
 * failing the customer's hold; anything else (the overlap constraint) still throws.
 */
export async function insertWithFreshReference(
  tx: Db,
  values: typeof booking.$inferInsert,
): Promise<BookingRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(booking)
      .values(values)
      .onConflictDoNothing({ target: booking.reference })
      .returning();
    if (row) return row;
  }
  throw new Error(
    'five booking references in a row were taken: is new_booking_reference() broken?',
  );
}
