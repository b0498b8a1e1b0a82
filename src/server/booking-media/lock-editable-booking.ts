import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { conflict, notFound } from '../http/problem';

// Notes and photos are for an upcoming booking: held (the confirm step) or confirmed, until its
// start. Checked under the booking's row lock, so a cancel, a move or the start itself cannot
// slip between the check and the write.

const EDITABLE = new Set(['held', 'requires_action', 'confirmed']);

interface Row {
  customer_id: string;
  status: string;
  starts_at: Date | string;
  hold_expires_at: Date | string | null;
}

const NOT_UPCOMING: Record<string, string> = {
  cancelled: 'This booking was cancelled',
  expired: 'This booking did not go ahead',
  failed: 'This booking did not go ahead',
  completed: 'This appointment has taken place',
};

/** Locks the customer's own booking if notes and photos can still change; 404 or 409 if not. */
export async function lockEditableBooking(
  tx: Db,
  bookingId: string,
  customerId: string,
  now: Date,
): Promise<void> {
  const [row] = await queryRows<Row>(
    tx,
    sql`select customer_id, status, starts_at, hold_expires_at from booking
        where id = ${bookingId} for update`,
  );
  // Someone else's booking is indistinguishable from none, as on every booking route.
  if (!row || row.customer_id !== customerId) throw notFound('Booking not found.');
  if (!EDITABLE.has(row.status)) {
    const why = NOT_UPCOMING[row.status] ?? 'This booking is not upcoming';
    throw conflict(
      `${why}, so its notes and photos can no longer be changed.`,
      'booking_not_upcoming',
    );
  }
  if (new Date(row.starts_at).getTime() <= now.getTime()) {
    throw conflict(
      'Your appointment has started, so its notes and photos can no longer be changed.',
      'already_started',
    );
  }
  if (row.hold_expires_at && row.status === 'held' && new Date(row.hold_expires_at) <= now) {
    throw conflict(
      'The time held for this booking has run out: book it again to add notes.',
      'hold_lapsed',
    );
  }
}
