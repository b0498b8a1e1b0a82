import { and, asc, eq, sql } from 'drizzle-orm';
import { canReschedule } from '../../domain/cancellation';
import { MINUTE_MS } from '../../domain/constants';
import type { CustomerProfile } from '../../domain/types';
import { isTherapistVisible } from '../../domain/visibility';
import type { AppContext } from '../app-context';
import { booking, bookingItem } from '../db/schema';
import { HttpProblem, conflict, notFound } from '../http/problem';
import { announceBookingChange } from './announce-booking-change';
import { runProviderTasksNow } from '../payments/run-provider-tasks-now';
import { inTransactionUnderLock } from '../db/advisory-lock';
import { EXCLUSION_VIOLATION, sqlState } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { lockBooking, type BookingRow } from './booking-db';
import { expireHoldsInTheWay } from './expire-holds';
import { slotTaken } from './hold-booking';
import { rulesConfigOf } from '../availability/rules-config';
import { checkSlot, loadBookingTherapist } from '../availability/slot-check';
import type { AddressSnapshot } from '../../contract/booking';
import { confirmReachable, prepareTravelCheck, travelLockName } from './travel-check';

// Moving a confirmed appointment: same therapist, same treatments and price, at least
// rescheduleNoticeHours (24) before the original start, to a time the therapist offers and nobody
// holds. One UPDATE of the row, so the appointment is never in two places or in none; the
// exclusion constraint decides a race for the new time. See docs/decisions "reschedule rules".

const tooLate = (hours: number) =>
  new HttpProblem(
    422,
    `Appointments can be moved up to ${hours} hours before they start. This one is too close to move.`,
    { code: 'reschedule_too_late' },
  );

function checkMovable(b: BookingRow | null, customerId: string, ctx: AppContext, now: Date) {
  if (!b || b.customerId !== customerId) throw notFound('Booking not found.');
  if (b.status !== 'confirmed')
    throw conflict('Only a confirmed appointment can be moved.', 'booking_not_confirmed');
  const policy = ctx.config.cancellation;
  if (!canReschedule(policy, b.startsAt.getTime(), now.getTime()))
    throw tooLate(policy.rescheduleNoticeHours);
  return b;
}

/**
 * The time looked taken: by someone else (409), or by this very booking, moved there a moment ago
 * by an identical request (a double click), which is the answer that request got too.
 */
async function alreadyMovedThere(ctx: AppContext, bookingId: string, newStart: Date) {
  const [now] = await ctx.db.select().from(booking).where(eq(booking.id, bookingId));
  if (now?.status === 'confirmed' && now.startsAt.getTime() === newStart.getTime()) return now;
  throw slotTaken();
}

export async function rescheduleBooking(
  ctx: AppContext,
  customer: CustomerProfile,
  bookingId: string,
  newStart: Date,
  log: WarnLog,
): Promise<BookingRow> {
  const config = rulesConfigOf(ctx.config);
  const now = ctx.now();
  const [current] = await ctx.db.select().from(booking).where(eq(booking.id, bookingId));
  const b = checkMovable(current ?? null, customer.id, ctx, now);
  if (b.startsAt.getTime() === newStart.getTime()) return b;

  const items = await ctx.db
    .select({ treatmentId: bookingItem.treatmentId, isAddOn: bookingItem.isAddOn })
    .from(bookingItem)
    .where(eq(bookingItem.bookingId, b.id))
    .orderBy(asc(bookingItem.position));
  const therapist = await loadBookingTherapist(ctx.db, b.therapistId);
  const stillOffered =
    therapist &&
    isTherapistVisible(therapist, {
      city: b.citySlug,
      customer,
      baseTreatmentIds: items.filter((i) => !i.isAddOn).map((i) => i.treatmentId),
      now: now.getTime(),
      config,
    });
  const unavailable = (detail: string) =>
    new HttpProblem(422, detail, {
      errors: [{ field: 'body.startsAt', message: detail }],
      code: 'slot_not_offered',
    });
  if (!therapist || !stillOffered)
    throw unavailable('Your therapist is no longer taking these bookings, so it cannot be moved.');
  const slot = await checkSlot(ctx.db, {
    therapistId: b.therapistId,
    startsAt: newStart.getTime(),
    durationMinutes: b.totalDurationMinutes,
    now,
    config,
    ignoreInterval: { start: b.during.start.getTime(), end: b.during.end.getTime() },
  });
  if (slot === 'not-offered')
    throw unavailable(
      `${therapist.name} is not available at that time. Please choose one of the times shown.`,
    );
  if (slot === 'taken') return alreadyMovedThere(ctx, b.id, newStart);

  // The new time must be reachable from the therapist's appointments around it, like a hold's.
  const postcode = (b.addressSnapshot as AddressSnapshot | null)?.postcode;
  const travel =
    postcode === undefined
      ? null
      : await prepareTravelCheck(
          ctx,
          postcode,
          {
            therapist,
            startsAt: newStart.getTime(),
            durationMinutes: b.totalDurationMinutes,
            movingInterval: { start: b.during.start.getTime(), end: b.during.end.getTime() },
            config,
            now,
          },
          log,
          null,
        );

  const during = {
    start: newStart,
    end: new Date(newStart.getTime() + b.totalDurationMinutes * MINUTE_MS),
  };
  let outcome;
  try {
    outcome = await inTransactionUnderLock(ctx.db, travelLockName(b.therapistId), async (tx) => {
      if (travel) await confirmReachable(tx, travel);
      const locked = checkMovable(await lockBooking(tx, b.id), customer.id, ctx, now);
      // Read after the lock: an identical request that got here first has already moved it, and
      // a repeat must not move it again, count again or email again.
      if (locked.startsAt.getTime() === newStart.getTime()) return { row: locked, released: 0 };
      const released = await expireHoldsInTheWay(ctx, tx, now, {
        therapistId: locked.therapistId,
        during,
        customerId: customer.id,
      });
      const [row] = await tx
        .update(booking)
        .set({
          startsAt: newStart,
          during,
          rescheduleCount: sql`${booking.rescheduleCount} + 1`,
          updatedAt: now,
        })
        .where(
          and(
            eq(booking.id, locked.id),
            eq(booking.status, 'confirmed'),
            eq(booking.startsAt, locked.startsAt),
          ),
        )
        .returning();
      if (!row) throw new Error('booking moved under its own lock');
      await announceBookingChange(ctx, tx, row.id, 'rescheduled');
      return { row, released };
    });
  } catch (error) {
    if (sqlState(error) === EXCLUSION_VIOLATION) return alreadyMovedThere(ctx, b.id, newStart);
    throw error;
  }
  ctx.availabilityCache.clear();
  ctx.mailer.wake();
  if (outcome.released > 0) await runProviderTasksNow(ctx, log);
  return outcome.row;
}
