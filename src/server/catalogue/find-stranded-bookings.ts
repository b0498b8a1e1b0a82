import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StrandedBooking, StrandReason } from '../../contract/catalogue-therapist';
import { normaliseIntervals } from '../../domain/intervals';
import type { Interval } from '../../domain/types';
import type { Db } from '../db/client';
import {
  ACTIVE_BOOKING_STATUSES,
  availability,
  booking,
  bookingItem,
  therapist,
  therapistService,
} from '../db/schema';

// A change to a therapist never touches their bookings: a booking made is the customer's. But a
// change can leave one where the therapist, as now described, could not have taken it. Those are
// reported to whoever made the change, who knows whether the rota or the booking is wrong
// (docs/decisions/0092).

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The therapist's bookings still holding their time (held, awaiting the bank, confirmed) that have
 * not ended, and that their record as it now stands strands: outside their windows (the whole
 * booking with its buffer, as a slot must be), a treatment they no longer offer (add-ons come
 * with their parent), or the therapist inactive. Only bookings touching `range` when one is given.
 */
export async function findStrandedBookings(
  db: Db,
  therapistId: string,
  now: Date,
  range?: Interval,
): Promise<StrandedBooking[]> {
  const bookings = await db
    .select({
      id: booking.id,
      reference: booking.reference,
      status: booking.status,
      startsAt: booking.startsAt,
      during: booking.during,
    })
    .from(booking)
    .where(
      and(
        eq(booking.therapistId, therapistId),
        inArray(booking.status, [...ACTIVE_BOOKING_STATUSES]),
        sql`upper(${booking.during}) > ${now.toISOString()}::timestamptz`,
        range
          ? sql`upper(${booking.during}) > ${iso(range.start)}::timestamptz and lower(${booking.during}) < ${iso(range.end)}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(asc(booking.startsAt), asc(booking.reference));
  if (bookings.length === 0) return [];

  const spans = bookings.map((b) => ({
    start: b.during.start.getTime(),
    end: b.during.end.getTime(),
  }));
  const from = Math.min(...spans.map((s) => s.start));
  const to = Math.max(...spans.map((s) => s.end));
  const [row] = await db
    .select({ active: therapist.active })
    .from(therapist)
    .where(eq(therapist.id, therapistId));
  const windowRows = await db
    .select({ during: availability.during })
    .from(availability)
    .where(
      and(
        eq(availability.therapistId, therapistId),
        sql`upper(${availability.during}) > ${iso(from)}::timestamptz and lower(${availability.during}) < ${iso(to)}::timestamptz`,
      ),
    );
  const windows = normaliseIntervals(
    windowRows.map((w) => ({ start: w.during.start.getTime(), end: w.during.end.getTime() })),
  );
  const offered = new Set(
    (
      await db
        .select({ treatmentId: therapistService.treatmentId })
        .from(therapistService)
        .where(eq(therapistService.therapistId, therapistId))
    ).map((s) => s.treatmentId),
  );
  const items = await db
    .select({ bookingId: bookingItem.bookingId, treatmentId: bookingItem.treatmentId })
    .from(bookingItem)
    .where(
      and(
        inArray(
          bookingItem.bookingId,
          bookings.map((b) => b.id),
        ),
        eq(bookingItem.isAddOn, false),
      ),
    );

  const stranded: StrandedBooking[] = [];
  bookings.forEach((b, i) => {
    const span = spans[i] ?? { start: 0, end: 0 };
    const reasons: StrandReason[] = [];
    if (!windows.some((w) => w.start <= span.start && span.end <= w.end)) {
      reasons.push('outside_availability');
    }
    if (items.some((item) => item.bookingId === b.id && !offered.has(item.treatmentId))) {
      reasons.push('treatment_not_offered');
    }
    if (row?.active !== true) reasons.push('therapist_inactive');
    if (reasons.length > 0) {
      stranded.push({
        reference: b.reference,
        status: b.status,
        start: b.startsAt.toISOString(),
        end: b.during.end.toISOString(),
        reasons,
      });
    }
  });
  return stranded;
}
