import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { withJourneys } from '../booking-records/journeys-before';
import { withTherapistMedia } from '../booking-media/with-therapist-media';
import { loadBookingRecords } from '../booking-records/load-booking-records';
import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { booking } from '../db/schema';
import { therapistFeed } from './calendar-feed';

/**
 * The feed of one therapist at this moment: every confirmed booking of theirs that has not ended
 * (its travel time included), in order of start. Held, unpaid, cancelled and past bookings are
 * left out, so a calendar that fetches again drops what was cancelled or moved.
 */
export async function loadTherapistFeed(
  ctx: AppContext,
  therapist: { id: string; name: string },
  log: WarnLog,
): Promise<string> {
  const { db } = ctx;
  const now = ctx.now();
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
  // With the journey to each, so the therapist's day is planned, not guessed.
  const records = await withTherapistMedia(
    ctx,
    await withJourneys(
      ctx,
      await loadBookingRecords(
        db,
        rows.map((r) => r.id),
      ),
      log,
    ),
    // The customer's notes and photos, the photos by links that outlast a calendar's refresh.
    'feed',
  );
  const counts = new Map(rows.map((r) => [r.id, r.rescheduleCount]));
  return therapistFeed({
    therapistName: therapist.name,
    publicUrl: ctx.config.publicUrl,
    bookings: records.map((record) => ({ record, rescheduleCount: counts.get(record.id) ?? 0 })),
  });
}
