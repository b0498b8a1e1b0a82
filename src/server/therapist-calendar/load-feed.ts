import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { loadBookingRecords } from '../booking-records/load-booking-records';
import type { Db } from '../db/client';
import { booking } from '../db/schema';
import { therapistFeed } from './calendar-feed';

/**
 * The feed of one therapist at this moment: every confirmed booking of theirs that has not ended
 * (its travel time included), in order of start. Held, unpaid, cancelled and past bookings are
 * left out, so a calendar that fetches again drops what was cancelled or moved.
 */
export async function loadTherapistFeed(
  db: Db,
  therapist: { id: string; name: string },
  publicUrl: string,
  now: Date,
): Promise<string> {
  const rows = await db
    .select({ id: booking.id, rescheduleCount: booking.rescheduleCount })
    .from(booking)
    .where(
      and(
        eq(booking.therapistId, therapist.id),
        eq(booking.status, 'confirmed'),
        gt(sql`upper(${booking.during})`, now),
      ),
    )
    .orderBy(asc(booking.startsAt), asc(booking.id));
  const records = await loadBookingRecords(
    db,
    rows.map((r) => r.id),
  );
  const counts = new Map(rows.map((r) => [r.id, r.rescheduleCount]));
  return therapistFeed({
    therapistName: therapist.name,
    publicUrl,
    bookings: records.map((record) => ({ record, rescheduleCount: counts.get(record.id) ?? 0 })),
  });
}
