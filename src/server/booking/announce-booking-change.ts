import { eq } from 'drizzle-orm';
import { reminderDueAt } from '../../domain/reminders';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { booking } from '../db/schema';
import { enqueueBookingEmail, type BookingEmailKind } from '../notifications/enqueue-booking-email';
import { announceToTherapist } from './announce-to-therapist';
import { enqueueWebhookEvents, WEBHOOK_EVENT_OF } from '../webhooks/enqueue-booking-webhook';
import { loadBookingRecords } from '../booking-records/load-booking-records';
import type { BookingRecord } from '../../contract/booking-records';
import { loadChangedBooking, type ChangedBooking } from './load-changed-booking';
import { rulesConfigOf } from '../availability/rules-config';

/**
 * Tells the customer about a change to their booking: reads the booking as it now stands, inside
 * the transaction that changed it, and hands it to notifications, which writes the email and the
 * pushes to their outboxes in that same transaction. Booking depends on notifications, never the
 * reverse.
 *
 * A confirm or a move also decides when the reminder is due (for the new time, replacing any
 * reminder owed for the old one); a cancellation owes none. The reminder job announces
 * 'reminder' itself once it has claimed the booking.
 */
export async function announceBookingChange(
  ctx: Pick<AppContext, 'config' | 'now'>,
  tx: Db,
  bookingId: string,
  kind: BookingEmailKind,
  /** The booking as the change's own statement read it back (confirmBooking), saving a read. */
  known?: ChangedBooking,
): Promise<void> {
  const now = ctx.now();
  const buffer = rulesConfigOf(ctx.config).bufferMinutes;
  const found = known ?? (await loadChangedBooking(tx, bookingId, now, ctx.config, buffer));
  if (!found) throw new Error(`booking ${bookingId} vanished inside its own transaction`);
  const { row, customer, view } = found;
  if (kind !== 'reminder') {
    const due =
      kind === 'cancelled' ? null : reminderDueAt(row.startsAt, now, ctx.config.reminderLeadHours);
    // A confirmation has already written it (confirmBooking); a move or cancellation may not have.
    if (due?.getTime() !== row.reminderDueAt?.getTime()) {
      await tx.update(booking).set({ reminderDueAt: due }).where(eq(booking.id, bookingId));
    }
  }
  // The email, and the pushes when the customer has a device, in one statement.
  await enqueueBookingEmail(
    ctx,
    tx,
    {
      kind,
      view,
      customer,
      rescheduleCount: row.rescheduleCount,
      cancelledByCompany: row.cancelledBy === 'company',
    },
    found.hasPushDevices ? { userId: row.customerId, now } : undefined,
  );
  if (kind === 'reminder') return;
  // The company's view of the booking, read at most once for the therapist and the webhooks.
  let records: Promise<BookingRecord[]> | null = null;
  const recordsOnce = () => (records ??= loadBookingRecords(tx, [bookingId]));
  await announceToTherapist(ctx, tx, row, found.therapistEmail, kind, recordsOnce);
  await enqueueWebhookEvents(ctx, tx, recordsOnce, WEBHOOK_EVENT_OF[kind]);
}
