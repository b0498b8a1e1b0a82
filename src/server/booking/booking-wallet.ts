import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows, type Bound } from '../db/query-rows';
import { booking, WALLET_KINDS, walletEntry } from '../db/schema';
import { appendWalletEntry, debitWallet, walletBalance } from '../wallet/wallet-ledger';
import { PENDING_STATUSES } from './booking-db';

// Credit is reserved when a slot is held (the booking's creditAppliedPence counts against the
// balance while it waits for payment) and spent — a negative ledger entry — only when the booking
// is confirmed. Callers hold the customer's wallet lock (lockWallet), so two bookings can never
// both count the same credit. See docs/decisions "credit application timing".

// Defined beside the table, whose CHECK constraint is built from the same list.
export { WALLET_KINDS, type WalletKind } from '../db/schema';

export { walletBalance };

// In these words, not as parameters: the partial index of waiting holds (booking_pending_hold_idx)
// has this predicate, and a prepared statement's generic plan can use it only when the query states
// it literally. As parameters, PostgreSQL planned the hold's facts read afresh for every hold.
const isPending: SQL = sql`${booking.status} in (${sql.raw(
  PENDING_STATUSES.map((s) => `'${s}'`).join(', '),
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

/** Credit promised to the customer's other bookings still waiting for payment (holds not run out). */
export async function reservedCredit(
  tx: Db,
  userId: string,
  now: Date,
  exceptBookingId?: string,
): Promise<number> {
  const [row] = await reservedQuery(tx, userId, now, exceptBookingId);
  return Number(row?.reserved ?? 0);
}

/** What a new booking may use, as one SQL expression (availableCredit; the hold's single read). */
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
 * What a new booking may use: the balance less what other waiting bookings have reserved. One
 * statement (it runs in every hold and payment).
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

/**
 * Writes the spending once, whoever confirms the booking and however often. The reservation was
 * checked under the wallet lock (lockCreditFor), so the balance covers it; if it ever did not,
 * the confirmation is rolled back rather than the wallet overdrawn.
 */
export async function spendCredit(
  tx: Db,
  b: { id: string; customerId: string; creditAppliedPence: number },
): Promise<void> {
  if (b.creditAppliedPence <= 0) return;
  const outcome = await debitWallet(tx, {
    userId: b.customerId,
    kind: WALLET_KINDS.spent,
    amountPence: -b.creditAppliedPence,
    description: 'Credit used for a booking',
    bookingId: b.id,
    idempotencyKey: `booking-${b.id}-credit-spent`,
  });
  if (outcome === 'insufficient') {
    throw new Error(`booking ${b.id}: the wallet no longer covers its reserved credit`);
  }
}

export async function returnCredit(
  tx: Db,
  b: { id: string; customerId: string },
  amountPence: number,
): Promise<void> {
  if (amountPence <= 0) return;
  await appendWalletEntry(tx, {
    userId: b.customerId,
    kind: WALLET_KINDS.returned,
    amountPence,
    description: 'Credit returned for a cancelled booking',
    bookingId: b.id,
    idempotencyKey: `booking-${b.id}-credit-returned`,
  });
}
