import { and, eq, isNull } from 'drizzle-orm';
import type { BookingMedia } from '../../contract/booking-media';
import type { AppContext } from '../app-context';
import { booking } from '../db/schema';
import { bookingPhoto } from '../db/schema-booking-media';
import type { WarnLog } from '../db/warn-log';
import { notFound } from '../http/problem';
import { loadBookingMedia, NO_MEDIA } from './load-booking-media';

type Ctx = Pick<AppContext, 'db' | 'now' | 'uploads'>;

/** The customer's own booking, or a 404 (someone else's is indistinguishable from none). */
export async function assertOwnBooking(
  ctx: Pick<AppContext, 'db'>,
  bookingId: string,
  customerId: string,
): Promise<void> {
  const [row] = await ctx.db
    .select({ customerId: booking.customerId })
    .from(booking)
    .where(eq(booking.id, bookingId));
  if (!row || row.customerId !== customerId) throw notFound('Booking not found.');
}

/**
 * DELETE /api/bookings/:id/photos/:photoId. Allowed at any time, after the start too: taking
 * one's own photo back needs no reason. The row is marked first; the object and then the row go
 * after that has committed, and what fails then is done again by the expiry job.
 */
export async function removeBookingPhoto(
  ctx: Ctx,
  bookingId: string,
  customerId: string,
  photoId: string,
  log: WarnLog,
): Promise<BookingMedia> {
  await assertOwnBooking(ctx, bookingId, customerId);
  const [marked] = await ctx.db
    .update(bookingPhoto)
    .set({ deletedAt: ctx.now() })
    .where(
      and(
        eq(bookingPhoto.id, photoId),
        eq(bookingPhoto.bookingId, bookingId),
        isNull(bookingPhoto.deletedAt),
      ),
    )
    .returning({ storageKey: bookingPhoto.storageKey });
  if (!marked) throw notFound('Photo not found: it may have been removed already.');
  try {
    await ctx.uploads.storage.delete(marked.storageKey);
    await ctx.db.delete(bookingPhoto).where(eq(bookingPhoto.id, photoId));
  } catch (err) {
    log.warn({ err, photoId }, 'removed photo not deleted yet; the expiry job retries');
  }
  return (await loadBookingMedia(ctx.db, [bookingId])).get(bookingId) ?? NO_MEDIA;
}
