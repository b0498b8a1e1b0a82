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

/** SQLSTATE of a database error, wherever the driver or Drizzle wrapped it. */
export function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const EXCLUSION_VIOLATION = '23P01';
const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

/**
 * Runs `work` in a transaction. PostgreSQL may abort one of two transactions that wait on each
 * other; the aborted one changed nothing, so it is run again (a few times at most). Provider calls
 * inside carry idempotency keys, so repeating them is safe.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= 3 || state === null || !RETRYABLE.has(state)) throw error;
    }
  }
}

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
