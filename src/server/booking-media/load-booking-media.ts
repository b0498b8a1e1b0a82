import { and, asc, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { BookingMedia, SignedPhotoLink } from '../../contract/booking-media';
import type { Db } from '../db/client';
import { bookingAccessNote, bookingPhoto } from '../db/schema-booking-media';
import { customerPhotoUrl } from './photo-keys';
import { signedPhotoLink, type LinkOptions } from './photo-links';

// The notes and photos of some bookings, in two queries however many there are: for the
// customer's booking view (URLs read with their session) and for the therapist's views (signed
// links). A photo still being written (no storedAt) or on its way out (deletedAt) is not shown.

export const NO_MEDIA: BookingMedia = { accessNotes: null, photos: [] };

interface MediaRows {
  notes: Map<string, string>;
  photos: Map<string, string[]>;
}

async function loadRows(db: Db, bookingIds: readonly string[]): Promise<MediaRows> {
  if (bookingIds.length === 0) return { notes: new Map(), photos: new Map() };
  const ids = [...new Set(bookingIds)];
  const notes = await db
    .select({ bookingId: bookingAccessNote.bookingId, text: bookingAccessNote.text })
    .from(bookingAccessNote)
    .where(inArray(bookingAccessNote.bookingId, ids));
  const photos = await db
    .select({ id: bookingPhoto.id, bookingId: bookingPhoto.bookingId })
    .from(bookingPhoto)
    .where(
      and(
        inArray(bookingPhoto.bookingId, ids),
        isNull(bookingPhoto.deletedAt),
        isNotNull(bookingPhoto.storedAt),
      ),
    )
    .orderBy(asc(bookingPhoto.createdAt), asc(bookingPhoto.id));
  const byBooking = new Map<string, string[]>();
  for (const p of photos) byBooking.set(p.bookingId, [...(byBooking.get(p.bookingId) ?? []), p.id]);
  return { notes: new Map(notes.map((n) => [n.bookingId, n.text])), photos: byBooking };
}

/** For the customer's booking view. */
export async function loadBookingMedia(
  db: Db,
  bookingIds: readonly string[],
): Promise<Map<string, BookingMedia>> {
  const rows = await loadRows(db, bookingIds);
  return new Map(
    bookingIds.map((id) => [
      id,
      {
        accessNotes: rows.notes.get(id) ?? null,
        photos: (rows.photos.get(id) ?? []).map((photoId) => ({
          id: photoId,
          url: customerPhotoUrl(id, photoId),
        })),
      },
    ]),
  );
}

export interface TherapistMedia {
  accessNotes: string | null;
  photos: SignedPhotoLink[];
}

/** For the therapist: the notes, and each photo as a link signed to expire (photo-links.ts). */
export async function loadTherapistMedia(
  db: Db,
  bookingIds: readonly string[],
  links: LinkOptions,
): Promise<Map<string, TherapistMedia>> {
  const rows = await loadRows(db, bookingIds);
  return new Map(
    bookingIds.map((id) => [
      id,
      {
        accessNotes: rows.notes.get(id) ?? null,
        photos: (rows.photos.get(id) ?? []).map((photoId) => signedPhotoLink(photoId, links)),
      },
    ]),
  );
}
