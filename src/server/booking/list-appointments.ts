import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { booking } from '../db/schema';
import { loadBookingViews, type BookingView } from './booking-view';
import { rulesConfigOf } from '../availability/rules-config';

// The account's appointments page: bookings that happened or will happen (never abandoned holds
// or declined payments). Upcoming soonest first; past (and cancelled) most recent first.

const SHOWN = ['confirmed', 'completed'] as const;
const LIMIT = 200;

export async function listAppointments(
  ctx: AppContext,
  customerId: string,
): Promise<{ upcoming: BookingView[]; past: BookingView[] }> {
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(booking)
    .where(
      and(
        eq(booking.customerId, customerId),
        or(
          inArray(booking.status, [...SHOWN]),
          // Cancelled after it was confirmed (confirming sets the method). A hold let go unpaid is
          // 'expired' now, but before decision 0081 it was 'cancelled': those stay out too.
          and(eq(booking.status, 'cancelled'), isNotNull(booking.paymentMethod)),
        ),
      ),
    )
    .orderBy(desc(booking.startsAt))
    .limit(LIMIT);
  const views = await loadBookingViews(
    ctx.db,
    rows,
    now,
    ctx.config,
    rulesConfigOf(ctx.config).bufferMinutes,
  );
  const isUpcoming = (v: BookingView) =>
    v.status === 'confirmed' && Date.parse(v.startsAt) > now.getTime();
  return {
    upcoming: views.filter(isUpcoming).reverse(),
    past: views.filter((v) => !isUpcoming(v)),
  };
}
