import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PHOTOS_MAX, type PhotoUploadAnswer } from '../../contract/booking-media';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { bookingPhoto } from '../db/schema-booking-media';
import { inTransaction } from '../db/transaction';
import type { WarnLog } from '../db/warn-log';
import { conflict } from '../http/problem';
import { loadBookingMedia, NO_MEDIA } from './load-booking-media';
import { lockEditableBooking } from './lock-editable-booking';
import { bookingPhotoKey } from './photo-keys';
import { processBookingPhoto } from './process-booking-photo';

type Ctx = Pick<AppContext, 'db' | 'now' | 'uploads'>;

const FULL = `A booking can have ${PHOTOS_MAX} photos at most: remove one to add another.`;

async function assertRoom(tx: Db, bookingId: string): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookingPhoto)
    .where(and(eq(bookingPhoto.bookingId, bookingId), isNull(bookingPhoto.deletedAt)));
  if ((row?.n ?? 0) >= PHOTOS_MAX) throw conflict(FULL, 'too_many_photos');
}

/**
 * POST /api/bookings/:id/photos. In an order that leaves no object without a row leading to it:
 * (1) the booking is checked before the upload is read, (2) the image is re-encoded, (3) its
 * row is written under the booking's lock (counted against the five), (4) the object is written,
 * (5) the row is marked stored, if it is still live. A crash after (3) leaves a row that the
 * expiry job clears an hour later, the object with it if it was written.
 */
export async function addBookingPhoto(
  ctx: Ctx,
  bookingId: string,
  customerId: string,
  /** Reads the upload: only once the booking is known to take it, so a refusal costs nothing. */
  readBytes: () => Promise<Buffer>,
  log: WarnLog,
): Promise<PhotoUploadAnswer> {
  await inTransaction(ctx.db, async (tx) => {
    await lockEditableBooking(tx, bookingId, customerId, ctx.now());
    await assertRoom(tx, bookingId);
  });
  const photo = await processBookingPhoto(await readBytes());
  const id = randomUUID();
  const storageKey = bookingPhotoKey(bookingId, id);
  await inTransaction(ctx.db, async (tx) => {
    await lockEditableBooking(tx, bookingId, customerId, ctx.now());
    await assertRoom(tx, bookingId);
    await tx.insert(bookingPhoto).values({
      id,
      bookingId,
      storageKey,
      contentType: photo.contentType,
      bytes: photo.bytes.length,
      width: photo.width,
      height: photo.height,
      createdAt: ctx.now(),
    });
  });
  const storage = ctx.uploads.storage;
  try {
    await storage.put(storageKey, photo.bytes);
  } catch (error) {
    await ctx.db
      .update(bookingPhoto)
      .set({ deletedAt: ctx.now() })
      .where(and(eq(bookingPhoto.id, id), isNull(bookingPhoto.deletedAt)));
    throw error;
  }
  const stored = await ctx.db
    .update(bookingPhoto)
    .set({ storedAt: ctx.now() })
    .where(and(eq(bookingPhoto.id, id), isNull(bookingPhoto.deletedAt)))
    .returning({ id: bookingPhoto.id });
  if (stored.length === 0) {
    // Erased (the account deleted) while it was being written: it must not outlive the row.
    await storage.delete(storageKey).catch((err: unknown) => {
      log.warn({ err, photoId: id }, 'erased photo not deleted; the expiry job retries');
    });
    throw conflict(
      'This booking changed while the photo was being saved; it was not kept.',
      'booking_changed',
    );
  }
  const media = (await loadBookingMedia(ctx.db, [bookingId])).get(bookingId) ?? NO_MEDIA;
  return { id, ...media };
}
