import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, type Bound } from '../db/query-rows';
import { booking, PENDING_BOOKING_STATUSES, walletEntry } from '../db/schema';

// What a customer may spend now, whatever they buy (a booking, a tip): the balance less the credit
// reserved by their bookings still waiting for payment. A hold reserves its creditAppliedPence
// until the booking is confirmed (then spent: booking/booking-wallet.ts) or let go. Callers hold
// the customer's wallet lock (wallet-lock.ts), so two purchases can never both count the same
// credit. Here, below every purchase, so none imports another's internals for it.

// In these words, not as parameters: the partial index of waiting holds (booking_pending_hold_idx)
// has this predicate, and a prepared statement's generic plan can use it only when the query states
// it literally. As parameters, PostgreSQL planned the hold's facts read afresh for every hold.
const isPending: SQL = sql`${booking.status} in (${sql.raw(
  PENDING_BOOKING_STATUSES.map((s) => `'${s}'`).join(', '),
)})`;

const reservedQuery = (tx: Db, userId: Bound<string>, now: Bound<Date>, exceptBookingId?: string) =>
  tx
    .select({ reserved: sql<string>`coalesce(sum(${booking.creditAppliedPence}), 0)` })
    .from(booking)
    .where(
      and(
        eq(booking.customerId, userId),
        isPending,
        gt(booking.holdExpiresAt, now),
        exceptBookingId ? ne(booking.id, exceptBookingId) : undefined,
      ),
    );

/** What a new purchase may use, as one SQL expression (availableCredit; the hold's single read). */
export function availableCreditQuery(
  tx: Db,
  userId: Bound<string>,
  now: Bound<Date>,
  exceptBookingId?: string,
): SQL {
  return sql`greatest(0, (select coalesce(sum(${walletEntry.amountPence}), 0) from ${walletEntry}
                          where ${walletEntry.userId} = ${userId})
                       - (${reservedQuery(tx, userId, now, exceptBookingId)}))`;
}

/**
 * What a new purchase may use: the balance less what waiting bookings have reserved (all but
 * `exceptBookingId`, the booking being paid). One statement (it runs in every hold and payment).
 */
export async function availableCredit(
  tx: Db,
  userId: string,
  now: Date,
  exceptBookingId?: string,
): Promise<number> {
  const [row] = await queryRows<{ available: string }>(
    tx,
    sql`select ${availableCreditQuery(tx, userId, now, exceptBookingId)} as available`,
  );
  return Number(row?.available ?? 0);
}
