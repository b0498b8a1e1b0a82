import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { preparedStatement, queryPrepared } from '../db/query-rows';
import { tableRows } from '../db/table-rows';
import {
  booking,
  PENDING_BOOKING_STATUSES,
  type bookingItem,
  type BookingStatus,
} from '../db/schema';

// The locking rules every booking use case follows, so no two of them can deadlock:
//   1. the booking row (SELECT … FOR UPDATE) before anything else about that booking; every change
//      to a booking or its payment happens while holding it;
//   2. then the customer's wallet lock (an advisory lock), only when credit is read or moved.
// On PGlite there is one connection and transactions run one at a time, so these cost nothing
// there; on PostgreSQL they are what serialises double clicks, two tabs and two instances.

export type BookingRow = typeof booking.$inferSelect;

/** The booking's whole row as `b`, its columns named as they are (see tableRows). */
export const bookingRows = tableRows(booking, 'b');

export async function lockBooking(tx: Db, id: string): Promise<BookingRow | null> {
  const [row] = await queryPrepared<Record<string, unknown>>(
    tx,
    'lock_booking',
    sql`select ${bookingRows.columns} from booking b where b.id = ${id} for update`,
  );
  return row ? bookingRows.read(row) : null;
}

// The wallet lock lives with the wallet; booking use cases take it second, after the row.
export { lockWallet } from '../wallet/wallet-lock';

export const PENDING_STATUSES: readonly BookingStatus[] = PENDING_BOOKING_STATUSES;

export function isPending(status: string): boolean {
  return status === 'held' || status === 'requires_action';
}

/** One line of a booking as it is written: the treatment's price and duration when booked. */
export type BookingItemValues = Omit<typeof bookingItem.$inferInsert, 'bookingId'>;

/** What a hold writes of its booking: every column it sets, each one always given. */
const HELD_COLUMNS = [
  'customerId',
  'therapistId',
  'citySlug',
  'addressId',
  'addressSnapshot',
  'district',
  'startsAt',
  'during',
  'status',
  'totalPricePence',
  'totalDurationMinutes',
  'creditAppliedPence',
  'referralId',
  'referralDiscountPence',
  'amountDuePence',
  'holdExpiresAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof booking.$inferInsert)[];

type HeldColumn = (typeof HELD_COLUMNS)[number];
export type HeldBookingValues = Required<Pick<typeof booking.$inferInsert, HeldColumn>>;

// The booking's columns go through their own encoding (the range, the JSON, the instants).
const insertBookingStatement = preparedStatement(
  'insert_booking',
  [...HELD_COLUMNS, 'items'],
  (p, db) => {
    const { items, ...columns } = p;
    const insertBooking = db
      .insert(booking)
      .values(columns as PgInsertValue<typeof booking>)
      .onConflictDoNothing({ target: booking.reference })
      .returning({ id: booking.id });
    return sql`with new_booking as (${insertBooking.getSQL()}),
          new_items as (
            insert into booking_item
              (booking_id, position, treatment_id, name, price_pence, duration_minutes, is_add_on)
            select new_booking.id, item.position, item.treatment_id, item.name, item.price_pence,
                   item.duration_minutes, item.is_add_on
            from new_booking,
                 json_to_recordset(${items}::json) as item(
                   position int, treatment_id text, name text, price_pence int,
                   duration_minutes int, is_add_on boolean))
          select id from new_booking`;
  },
);

/**
 * Inserts a booking and its items in one statement (so it needs no transaction of its own, and
 * costs one round trip), with the reference the database makes (new_booking_reference()). 40
 * random bits rarely collide, but when they do the insert is simply made again with a new one
 * instead of failing the customer's hold; anything else (the overlap constraint) still throws.
 * Answers the new booking's id.
 */
export async function insertBookingWithItems(
  tx: Db,
  values: HeldBookingValues,
  items: readonly BookingItemValues[],
): Promise<string> {
  const bound = { ...values, items: JSON.stringify(items.map(itemJson)) };
  for (let attempt = 0; attempt < 5; attempt++) {
    // A reference already taken inserts no booking, and so no items either.
    const [row] = await insertBookingStatement.rows<{ id: string }>(tx, bound);
    if (row) return row.id;
  }
  throw new Error(
    'five booking references in a row were taken: is new_booking_reference() broken?',
  );
}

const itemJson = (i: BookingItemValues) => ({
  position: i.position,
  treatment_id: i.treatmentId,
  name: i.name,
  price_pence: i.pricePence,
  duration_minutes: i.durationMinutes,
  is_add_on: i.isAddOn,
});
