import { eq } from 'drizzle-orm';
import type { BookingMedia } from '../../contract/booking-media';
import type { Db } from '../db/client';
import { bookingAccessNote } from '../db/schema-booking-media';
import { inTransaction } from '../db/transaction';
import { loadBookingMedia, NO_MEDIA } from './load-booking-media';
import { lockEditableBooking } from './lock-editable-booking';

/**
 * PUT /api/bookings/:id/notes: the notes become exactly what was sent (trimmed); empty removes
 * them. Idempotent: the same notes twice leave the same row.
 */
export async function setAccessNotes(
  db: Db,
  bookingId: string,
  customerId: string,
  accessNotes: string,
  now: Date,
): Promise<BookingMedia> {
  await inTransaction(db, async (tx) => {
    await lockEditableBooking(tx, bookingId, customerId, now);
    if (accessNotes === '') {
      await tx.delete(bookingAccessNote).where(eq(bookingAccessNote.bookingId, bookingId));
      return;
    }
    await tx
      .insert(bookingAccessNote)
      .values({ bookingId, text: accessNotes, updatedAt: now })
      .onConflictDoUpdate({
        target: bookingAccessNote.bookingId,
        set: { text: accessNotes, updatedAt: now },
      });
  });
  return (await loadBookingMedia(db, [bookingId])).get(bookingId) ?? NO_MEDIA;
}
