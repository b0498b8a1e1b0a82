import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { booking } from '../db/schema';
import { bookingPhoto } from '../db/schema-booking-media';
import { notFound } from '../http/problem';

const MISSING = 'Photo not found: it may have been removed.';

/**
 * A live, stored photo's bytes: for its booking's customer (owner given: someone else's photo
 * is indistinguishable from none), or for a signed link (already checked, no owner).
 */
export async function readBookingPhoto(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  photoId: string,
  owner: { bookingId: string; customerId: string } | null,
): Promise<{ bytes: Buffer; contentType: string }> {
  const [row] = await ctx.db
    .select({
      bookingId: bookingPhoto.bookingId,
      customerId: booking.customerId,
      storageKey: bookingPhoto.storageKey,
      contentType: bookingPhoto.contentType,
    })
    .from(bookingPhoto)
    .innerJoin(booking, eq(booking.id, bookingPhoto.bookingId))
    .where(
      and(
        eq(bookingPhoto.id, photoId),
        isNull(bookingPhoto.deletedAt),
        isNotNull(bookingPhoto.storedAt),
      ),
    );
  if (!row) throw notFound(MISSING);
  if (owner && (row.bookingId !== owner.bookingId || row.customerId !== owner.customerId))
    throw notFound(MISSING);
  const bytes = await ctx.uploads.storage.get(row.storageKey);
  if (!bytes) throw notFound(MISSING);
  return { bytes, contentType: row.contentType };
}
